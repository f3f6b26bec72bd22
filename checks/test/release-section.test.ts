import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspacePnpmVersion } from '../src/pnpm';
import { publishedPackages, readManifest, workspaceRoot } from '../src/published-packages';
import { commandsOf, readReadme, section, shellBlocks } from '../src/readme';

// The root README's "Making a release" is run by hand, rarely: these keep it in step with the
// configuration and the scripts it names.
const release = section(readReadme('README.md'), 'Working on clientkit')
  .split('\n### ')
  .find((part) => part.startsWith('Making a release'));
const commands = shellBlocks(release ?? '').flatMap((block) =>
  block.code.split('\n').flatMap(commandsOf),
);

describe('the root README\'s "Making a release"', () => {
  it('releases the fixed group of .changeset/config.json, which is every published package', () => {
    const config = JSON.parse(readFileSync(join(workspaceRoot, '.changeset/config.json'), 'utf8'));
    expect(config.fixed).toHaveLength(1);
    expect([...config.fixed[0]].sort()).toEqual(
      publishedPackages()
        .map((pkg) => pkg.name)
        .sort(),
    );
    expect(release).toContain('one `fixed` group');
  });

  it("runs each pnpm command as a root script or one of pnpm's own, through npx", () => {
    const scripts = Object.keys(readManifest(workspaceRoot).scripts ?? {});
    const pnpmOwn = ['install', '-r'];
    const viaPnpm = commands.filter((words) => words[0] === 'npx');
    expect(viaPnpm.length).toBeGreaterThan(0);
    for (const words of viaPnpm) {
      expect(words.slice(0, 3)).toEqual(['npx', '--yes', `pnpm@${workspacePnpmVersion()}`]);
      expect([...scripts, ...pnpmOwn]).toContain(words[3]);
    }
    const named = viaPnpm.map((words) => words.slice(3, 5).join(' '));
    expect(named).toEqual(
      expect.arrayContaining(['changeset version', 'test', 'release:check', '-r publish']),
    );
  });
});
