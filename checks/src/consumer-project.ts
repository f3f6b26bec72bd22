import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryFile } from './entry-file';
import { installedVersion } from './installed-package';
import { pnpmCommand } from './pnpm';
import { type PublishedPackage, publishedPackages, workspaceRoot } from './published-packages';
import { runOrThrow } from './run';
import { runsInBrowsers, tsconfigFileOf, tsconfigOf, typeSetups } from './type-setups';

/**
 * Makes `dir` (an empty folder outside the workspace, so that nothing resolves through the
 * workspace's node_modules) an application that installed every published package from its
 * tarball with npm, next to the application's own zod, @opentelemetry/api and Node types at the
 * versions the workspace builds with. Writes the entry files and one tsconfig per type setup.
 */
export function createConsumerProject(dir: string): void {
  const packages = publishedPackages();
  const tarballs = packAll(packages, join(dir, 'tarballs'));
  writeJson(join(dir, 'package.json'), manifestOf(tarballs));
  runOrThrow(
    'npm',
    ['install', '--prefix', dir, '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'],
    dir,
  );
  const specifiers = packages.flatMap((pkg) => pkg.specifiers);
  const source = entryFile(specifiers);
  writeFileSync(join(dir, 'consumer.ts'), source);
  writeFileSync(join(dir, 'consumer.cts'), source);
  writeFileSync(join(dir, 'browser.ts'), entryFile(specifiers.filter(runsInBrowsers)));
  for (const setup of typeSetups) writeJson(join(dir, tsconfigFileOf(setup)), tsconfigOf(setup));
}

/** Packs each package as `pnpm publish` would (workspace ranges become versions). */
function packAll(packages: PublishedPackage[], destination: string): Map<string, string> {
  mkdirSync(destination, { recursive: true });
  const [command, ...prefix] = pnpmCommand();
  const tarballs = new Map<string, string>();
  for (const pkg of packages) {
    const args = [...prefix, 'pack', '--pack-destination', destination, '--json'];
    const packed = JSON.parse(runOrThrow(command, args, pkg.dir)) as { filename: string };
    tarballs.set(pkg.name, packed.filename);
  }
  return tarballs;
}

function manifestOf(tarballs: Map<string, string>): object {
  const core = join(workspaceRoot, 'packages', 'core');
  const dependencies: Record<string, string> = {
    zod: installedVersion('zod', core),
    '@opentelemetry/api': installedVersion('@opentelemetry/api', core),
  };
  for (const [name, tarball] of tarballs) dependencies[name] = `file:${tarball}`;
  return {
    name: 'clientkit-consumer',
    private: true,
    type: 'module',
    dependencies,
    devDependencies: { '@types/node': installedVersion('@types/node', workspaceRoot) },
  };
}

function writeJson(path: string, value: object): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}
