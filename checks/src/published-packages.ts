import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const workspaceRoot = resolve(import.meta.dirname, '../..');

interface Manifest {
  name: string;
  private?: boolean;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  packageManager?: string;
}

export interface PublishedPackage {
  name: string;
  dir: string;
  /** What an application writes in `import … from`, one per public entry point. */
  specifiers: string[];
}

/** Every package under packages/ that is published, with the entry points its `exports` offers. */
export function publishedPackages(): PublishedPackage[] {
  const packagesDir = join(workspaceRoot, 'packages');
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(packagesDir, entry.name))
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => ({ dir, manifest: readManifest(dir) }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ name: manifest.name, dir, specifiers: specifiersOf(manifest) }));
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

function specifiersOf(manifest: Manifest): string[] {
  return Object.keys(manifest.exports ?? { '.': true })
    .filter((subpath) => subpath !== './package.json')
    .map((subpath) => manifest.name + subpath.slice(1));
}
