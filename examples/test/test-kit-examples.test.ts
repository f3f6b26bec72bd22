import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The test kit's README examples are files under examples/test-kit, one folder per test runner. Each
// runs here under its own runner, as a reader would run it, from the built packages; the README
// shows each file whole, fenced with its path under examples/ (readme-examples.test.ts checks the
// copy is word for word).

const examplesDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(examplesDir, '..');
const kitDir = join(examplesDir, 'test-kit');
const require = createRequire(import.meta.url);

function binOf(pkg: string): string {
  const manifestPath = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin: string | Record<string, string>;
  };
  return join(dirname(manifestPath), typeof bin === 'string' ? bin : (bin[pkg] ?? ''));
}

interface Runner {
  name: string;
  folder: string;
  file: string;
  args: () => string[];
  env?: Record<string, string>;
  /** The number of passed and of failed tests, read from the runner's summary. */
  counts: (output: string) => { passed: number; failed: number } | undefined;
}

/** Passed and failed counts of a summary line such as `Tests:  1 failed, 2 passed, 3 total`. */
function countsOn(line: string | undefined): { passed: number; failed: number } | undefined {
  if (line === undefined) return undefined;
  const number = (word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(line)?.[1] ?? 0);
  return { passed: number('passed'), failed: number('failed') };
}

const runners: Runner[] = [
  {
    name: 'vitest',
    folder: 'vitest',
    file: 'docs.test.ts',
    args: () => [binOf('vitest'), 'run'],
    counts: (output) => countsOn(/^\s*Tests\s.*$/m.exec(output)?.[0]),
  },
  {
    name: 'Jest',
    folder: 'jest',
    file: 'calendar.test.mjs',
    // Jest runs ES modules under this Node flag; its CommonJS mode cannot load the clients on Node 20.
    env: { NODE_OPTIONS: '--experimental-vm-modules' },
    args: () => [binOf('jest'), '--rootDir', '.'],
    counts: (output) => countsOn(/^Tests:.*$/m.exec(output)?.[0]),
  },
  {
    name: 'node:test',
    folder: 'node-test',
    file: 'idm.test.mjs',
    args: () => ['--test', 'idm.test.mjs'],
    counts: (output) => {
      const passed = /^# pass (\d+)$/m.exec(output)?.[1];
      const failed = /^# fail (\d+)$/m.exec(output)?.[1];
      return passed === undefined
        ? undefined
        : { passed: Number(passed), failed: Number(failed ?? 0) };
    },
  },
];

/** The environment of a runner: the parent's without vitest's own variables, and no colours. */
function envFor(runner: Runner): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('VITEST') && name !== 'NODE_OPTIONS',
  );
  return { ...Object.fromEntries(inherited), NO_COLOR: '1', FORCE_COLOR: '0', ...runner.env };
}

function run(runner: Runner): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      runner.args(),
      { cwd: join(kitDir, runner.folder), env: envFor(runner), timeout: 240_000 },
      (error, stdout, stderr) =>
        done({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          output: `${stdout}${stderr}`,
        }),
    );
  });
}

/** How many tests the example file declares: its top-level `test(` calls. */
function testsIn(runner: Runner): number {
  const source = readFileSync(join(kitDir, runner.folder, runner.file), 'utf8');
  return source.match(/^test\(/gm)?.length ?? 0;
}

describe('the test kit examples', () => {
  it.each(runners.map((runner) => [runner.name, runner] as const))(
    'the %s example passes every test it declares under its runner',
    async (_name, runner) => {
      const { code, output } = await run(runner);
      expect(runner.counts(output), output).toEqual({ passed: testsIn(runner), failed: 0 });
      expect(testsIn(runner)).toBeGreaterThan(0);
      expect(code, output).toBe(0);
    },
    300_000,
  );

  it('the reference server README shows each example whole, fenced with its path', () => {
    const readme = readFileSync(join(root, 'packages/reference-server/README.md'), 'utf8');
    const missing = runners
      .map((runner) => relative(examplesDir, join(kitDir, runner.folder, runner.file)))
      .filter((path) => !new RegExp(`^\`\`\`(ts|js) example=${path}$`, 'm').test(readme));
    expect(missing).toEqual([]);
  });
});
