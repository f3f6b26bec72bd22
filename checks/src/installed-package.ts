import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The folder of `name` as Node finds it from `fromDir`: the nearest node_modules up the tree. */
export function installedPackageDir(name: string, fromDir: string): string {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`${name} is not installed for ${fromDir}`);
  }
}

export function installedVersion(name: string, fromDir: string): string {
  const manifest = join(installedPackageDir(name, fromDir), 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}
