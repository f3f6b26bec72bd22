import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pnpmCommand } from '../src/pnpm';
import { publishedPackages, readManifest, workspaceRoot } from '../src/published-packages';
import { run } from '../src/run';

// Each package is copied, as the repository lays it out, into a folder of its own outside the
// workspace: its package.json, README and LICENSE (and what else a test adds), beside a copy of
// the root package.json and scripts/check-build.mjs, which its prepack script runs.
const scratch = realpathSync(mkdtempSync(join(tmpdir(), 'clientkit-prepack-')));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function copyOf(dir: string, extra: string[] = []): string {
  const root = mkdtempSync(join(scratch, 'repo-'));
  const copy = join(root, 'packages', basename(dir));
  mkdirSync(copy, { recursive: true });
  mkdirSync(join(root, 'scripts'));
  cpSync(join(workspaceRoot, 'package.json'), join(root, 'package.json'));
  cpSync(
    join(workspaceRoot, 'scripts', 'check-build.mjs'),
    join(root, 'scripts', 'check-build.mjs'),
  );
  for (const file of ['package.json', 'README.md', 'LICENSE', ...extra]) {
    cpSync(join(dir, file), join(copy, file), { recursive: true });
  }
  return copy;
}

function pack(dir: string) {
  const [command, ...prefix] = pnpmCommand();
  return run(command, [...prefix, 'pack'], dir);
}

const packages = publishedPackages();

describe('packing a package checks that its build is there (prepack)', () => {
  it('every published package runs scripts/check-build.mjs before it is packed', () => {
    const scripts = packages.map((pkg) => [pkg.name, readManifest(pkg.dir).scripts?.prepack]);
    expect(scripts).toEqual(
      packages.map((pkg) => [pkg.name, 'node ../../scripts/check-build.mjs']),
    );
  });

  it.each(packages)(
    '$name without its build is refused, with what is missing and how to build it',
    (pkg) => {
      const copy = copyOf(
        pkg.dir,
        readdirSync(pkg.dir).filter((file) => file === 'bin'),
      );
      const { status, stderr } = run(process.execPath, ['../../scripts/check-build.mjs'], copy);
      expect(status).toBe(1);
      expect(stderr).toContain(`${pkg.name}: nothing packed: the build is missing ./dist/index.`);
      const pnpm = readManifest(workspaceRoot).packageManager;
      expect(stderr).toContain(`npx --yes ${pnpm} turbo run build --filter=${pkg.name}...`);
    },
  );

  it('pnpm pack of a package without its build fails and leaves no tarball', () => {
    const server = packages.find((pkg) => pkg.name === '@clientkit/reference-server')!;
    const copy = copyOf(server.dir, ['bin']);
    const { status, stdout, stderr } = pack(copy);
    expect(status).not.toBe(0);
    expect(stderr + stdout).toContain(`${server.name}: nothing packed: the build is missing`);
    expect(readdirSync(copy).filter((file) => file.endsWith('.tgz'))).toEqual([]);
  });

  it('names each file a partial build lacks, and packs once the build is whole', () => {
    const core = packages.find((pkg) => pkg.name === '@clientkit/core')!;
    const copy = copyOf(core.dir, ['dist']);
    rmSync(join(copy, 'dist', 'index.d.cts'));
    const partial = pack(copy);
    expect(partial.status).not.toBe(0);
    expect(partial.stderr + partial.stdout).toContain(
      'the build is missing ./dist/index.d.cts (1 of the files',
    );
    cpSync(join(core.dir, 'dist', 'index.d.cts'), join(copy, 'dist', 'index.d.cts'));
    const whole = pack(copy);
    expect(whole.status, whole.stderr).toBe(0);
    expect(readdirSync(copy).filter((file) => file.endsWith('.tgz'))).toHaveLength(1);
  });
});
