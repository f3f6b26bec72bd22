import { readdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { pnpmCommand, workspacePnpmVersion } from './pnpm';
import type { PublishedPackage } from './published-packages';
import { workspaceRoot } from './published-packages';
import { commandsOf, readReadme, shellBlocks } from './readme';
import { runOrThrow } from './run';

/**
 * A README's way to install packages before they are on the registry, as one shell block prints
 * it: a pnpm command that packs tarballs into the clone's `./packs`, then an npm command that
 * installs them into an application beside the clone (`../clientkit/packs/<tarball>`).
 */
export interface InstallRecipe {
  readme: string;
  /** The line of the block's opening fence. */
  line: number;
  /** The words of the pnpm command that packs. */
  pack: string[];
  /** The npm command, as printed. */
  install: string;
}

/** Where the recipes expect the clone, seen from the application's folder. */
export const CLONE_PACKS = '../clientkit/packs/';

/** Every install recipe of the README at `readme` (a path from the workspace root), in order. */
export function installRecipesIn(readme: string): InstallRecipe[] {
  return shellBlocks(readReadme(readme)).flatMap((block) => {
    const lines = block.code.split('\n');
    const pack = lines.flatMap(commandsOf).find((words) => words.includes('pack'));
    const install = lines.find(
      (text) => text.startsWith('npm install ') && text.includes('packs/'),
    );
    return pack && install ? [{ readme, line: block.line, pack, install }] : [];
  });
}

/**
 * The packages a recipe's pack command packs, as pnpm selects them: its `--filter`s, given to
 * `pnpm ls` in the workspace. The command must be the workspace's pnpm through npx, filters, then
 * `pack --pack-destination ./packs`.
 */
export function packagesPackedBy(pack: string[]): string[] {
  const [npx, yes, pnpm, ...rest] = pack;
  const expected = workspacePnpmVersion();
  if (`${npx} ${yes} ${pnpm}` !== `npx --yes pnpm@${expected}`) {
    throw new Error(`packs with "${pack.join(' ')}", not with npx --yes pnpm@${expected}`);
  }
  const at = rest.indexOf('pack');
  if (rest.slice(at).join(' ') !== 'pack --pack-destination ./packs') {
    throw new Error(`"${pack.join(' ')}" does not end with pack --pack-destination ./packs`);
  }
  const filters = rest.slice(0, at);
  if (filters.length === 0 || filters.some((word, i) => (i % 2 === 0) !== (word === '--filter'))) {
    throw new Error(`"${pack.join(' ')}" selects packages other than by --filter <selector>`);
  }
  const key = filters.join(' ');
  const known = selections.get(key);
  if (known) return known;
  const [command, ...prefix] = pnpmCommand();
  const args = [...prefix, ...filters, 'ls', '--depth', '-1', '--json'];
  const selected = JSON.parse(runOrThrow(command, args, workspaceRoot)) as { name: string }[];
  const names = selected.map((project) => project.name).sort();
  selections.set(key, names);
  return names;
}

/** pnpm's selection for each set of filters asked about: five READMEs share one. */
const selections = new Map<string, string[]>();

/**
 * The packages whose tarballs a recipe's npm command names, its paths and globs matched as the
 * shell matches them against the packed tarballs (`tarballs`: each package's tarball path).
 */
export function packagesInstalledBy(install: string, tarballs: Record<string, string>): string[] {
  const paths = install
    .split(/\s+/)
    .slice(2)
    .filter((word) => !word.startsWith('-'));
  const stray = paths.filter((path) => !path.startsWith(CLONE_PACKS));
  if (stray.length > 0) throw new Error(`installs ${stray.join(' ')}, outside ${CLONE_PACKS}`);
  const packsDir = dirname(Object.values(tarballs)[0]!);
  const files = readdirSync(packsDir);
  const matched = paths.flatMap((path) =>
    files.filter((file) => globMatches(basename(path), file)),
  );
  return Object.entries(tarballs)
    .filter(([, tarball]) => matched.includes(basename(tarball)))
    .map(([name]) => name)
    .sort();
}

function globMatches(glob: string, file: string): boolean {
  const pattern = glob.split('*').map(escapeRegExp).join('[^/]*');
  return new RegExp(`^${pattern}$`).test(file);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What a set of packages is the installation of: the ones no other in the set depends on. An
 * exact recipe has one, and the set is that package with everything it depends on.
 */
export function rootsOf(names: string[], packages: PublishedPackage[]): string[] {
  const inSet = packages.filter((pkg) => names.includes(pkg.name));
  return names.filter((name) => !inSet.some((pkg) => pkg.dependsOn.includes(name)));
}

/** The package and every published package it depends on, directly or not, sorted. */
export function withDependencies(name: string, packages: PublishedPackage[]): string[] {
  const found = new Set<string>();
  const visit = (current: string) => {
    if (found.has(current)) return;
    found.add(current);
    for (const dependency of packages.find((pkg) => pkg.name === current)?.dependsOn ?? []) {
      visit(dependency);
    }
  };
  visit(name);
  return [...found].sort();
}
