import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspacePnpmVersion } from '../src/pnpm';
import { publishedPackages, workspaceRoot } from '../src/published-packages';
import { commandsOf, readReadme, shellBlocks } from '../src/readme';

// A reader with only Node (and npm) can run every command a README prints: pnpm goes through npx,
// at the workspace's version, never as a bare `pnpm` that such a machine does not have.
const npxPnpm = `npx --yes pnpm@${workspacePnpmVersion()}`;
const readmes = execFileSync('git', ['ls-files', '*README.md'], {
  cwd: workspaceRoot,
  encoding: 'utf8',
})
  .split('\n')
  .filter((path) => path !== '');
const packageReadmes = publishedPackages().map((pkg) =>
  relative(workspaceRoot, join(pkg.dir, 'README.md')),
);

/** The shell commands of a README that start with a bare `pnpm`, with their block's line. */
function barePnpmCommands(readme: string): string[] {
  return shellBlocks(readReadme(readme)).flatMap((block) =>
    block.code
      .split('\n')
      .flatMap(commandsOf)
      .filter((words) => words[0] === 'pnpm')
      .map((words) => `${readme}:${block.line}: ${words.join(' ')}`),
  );
}

describe('README commands run on a machine with only Node', () => {
  it('finds the README files, the package READMEs among them', () => {
    expect(readmes).toContain('README.md');
    for (const readme of packageReadmes) expect(readmes).toContain(readme);
  });

  it.each(readmes)('%s: no shell block runs a bare pnpm', (readme) => {
    expect(barePnpmCommands(readme)).toEqual([]);
  });

  it.each(packageReadmes)(
    `%s: no inline command starts with a bare pnpm either (${npxPnpm} instead)`,
    (readme) => {
      const spans = [...readReadme(readme).matchAll(/`(pnpm [^`]*)`/g)].map((m) => m[1]);
      expect(spans).toEqual([]);
    },
  );

  it('catches a bare pnpm after &&, behind variables and in a pipeline, not inside a word or a comment', () => {
    const starts = (line: string) => commandsOf(line).map((words) => words[0]);
    expect(starts("npx --yes pnpm@1 install && pnpm turbo run build --filter='./x/*'")).toEqual([
      'npx',
      'pnpm',
    ]);
    expect(starts('BENCH_QUICK=1 EMPTY= pnpm bench')).toEqual(['pnpm']);
    expect(starts('echo x | pnpm exec y; npm test # then pnpm test')).toEqual([
      'echo',
      'pnpm',
      'npm',
    ]);
  });
});
