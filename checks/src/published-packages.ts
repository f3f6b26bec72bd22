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
  bin?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export interface PublishedPackage {
  name: string;
  dir: string;
  /** The published packages it depends on. */
  dependsOn: string[];
  /** The commands it installs. */
  commands: string[];
  /** Peer dependencies an application installs only to use the entry point that needs one. */
  optionalPeers: string[];
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
    .map(({ dir, manifest }) => ({
      name: manifest.name,
      dir,
      dependsOn: Object.keys(manifest.dependencies ?? {}).filter((name) =>
        name.startsWith('@clientkit/'),
      ),
      commands: Object.keys(manifest.bin ?? {}),
      optionalPeers: Object.entries(manifest.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta.optional)
        .map(([name]) => name),
      specifiers: specifiersOf(manifest),
    }));
}

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

function specifiersOf(manifest: Manifest): string[] {
  return Object.keys(manifest.exports ?? { '.': true })
    .filter((subpath) => subpath !== './package.json')
    .map((subpath) => manifest.name + subpath.slice(1));
}
