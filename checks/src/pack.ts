import { mkdirSync } from 'node:fs';
import { pnpmCommand } from './pnpm';
import type { PublishedPackage } from './published-packages';
import { runOrThrow } from './run';

/**
 * Packs each package into `destination` as `pnpm publish` would (workspace ranges become
 * versions), returning each package's tarball by name.
 */
export function packAll(packages: PublishedPackage[], destination: string): Map<string, string> {
  mkdirSync(destination, { recursive: true });
  const [command, ...prefix] = pnpmCommand();
  const tarballs = new Map<string, string>();
  for (const pkg of packages) {
    const args = [...prefix, 'pack', '--pack-destination', destination, '--json'];
    const output = runOrThrow(command, args, pkg.dir);
    // The banner of the package's prepack script (the build check) comes before the JSON.
    const packed = JSON.parse(output.slice(output.search(/^\{/m))) as { filename: string };
    tarballs.set(pkg.name, packed.filename);
  }
  return tarballs;
}
