import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { entryFile } from './entry-file';
import { installedVersion } from './installed-package';
import { publishedPackages, workspaceRoot } from './published-packages';
import { runOrThrow } from './run';
import {
  runsInBrowsers,
  setupWithoutTarget,
  tsconfigFileOf,
  tsconfigOf,
  typeSetups,
} from './type-setups';

/**
 * Makes `dir` (a folder outside the workspace, so that nothing resolves through the workspace's
 * node_modules) an application that installed every published package from its tarball
 * (`tarballs`, by package name) with npm, next to the application's own zod, @opentelemetry/api
 * and Node types at the versions the workspace builds with. Writes the entry files and one
 * tsconfig per type setup.
 */
export function createConsumerProject(dir: string, tarballs: Map<string, string>): void {
  const packages = publishedPackages();
  mkdirSync(dir, { recursive: true });
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
  for (const setup of [...typeSetups, setupWithoutTarget]) {
    writeJson(join(dir, tsconfigFileOf(setup)), tsconfigOf(setup));
  }
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
