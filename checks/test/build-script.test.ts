import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workspaceRoot } from '../src/published-packages';

// `pnpm build` (scripts/build.mjs) run by the workspace's own turbo on a fixture workspace of three
// packages whose builds take a moment each: base, and left and right, which depend on it. The
// fixture is copied to a temporary folder for every test, so that turbo sees it as a repository of
// its own and starts with an empty cache.

const script = join(workspaceRoot, 'scripts', 'build.mjs');
const fixture = join(import.meta.dirname, 'fixtures', 'build-workspace');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The lines of stdout. */
  lines: string[];
}

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'clientkit-build-script-'));
  cpSync(fixture, folder, { recursive: true });
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/**
 * The environment of the outer run without turbo's own variables: a run under `TURBO_FORCE=true`
 * (or inside a turbo task) must not change how the fixture's turbo uses its cache.
 */
const outerEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('TURBO_')),
);

function build(args: string[] = [], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: folder,
      env: { ...outerEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) =>
      resolve({ code, stdout, stderr, lines: stdout.trimEnd().split('\n') }),
    );
  });
}

/** The report line of one package: its name, the seconds its build took, and the outcome. */
const packageLine = (name: string, outcome: string) =>
  new RegExp(`^${name} +\\d+\\.\\d s  ${outcome.replace(/[()]/g, '\\$&')}$`);

describe('scripts/build.mjs (pnpm build)', () => {
  it('prints one line per package (name, time, ok) and a total, and no build log, when every build passes', async () => {
    const run = await build();
    expect(run.code).toBe(0);
    expect(run.lines).toHaveLength(4);
    // base is built first: the others depend on it.
    expect(run.lines[0]).toMatch(packageLine('base', 'ok'));
    expect(run.lines.slice(1, 3).sort()).toEqual([
      expect.stringMatching(packageLine('left', 'ok')),
      expect.stringMatching(packageLine('right', 'ok')),
    ]);
    expect(run.lines[3]).toMatch(/^3 packages built in \d+\.\d s \(0 from the cache\)$/);
    expect(run.stdout + run.stderr).not.toContain('building');
  });

  it('marks the packages turbo takes from its cache "ok (cached)"', async () => {
    expect((await build()).code).toBe(0);
    const again = await build();
    expect(again.code).toBe(0);
    expect(again.lines.slice(0, 3).sort()).toEqual([
      expect.stringMatching(packageLine('base', 'ok (cached)')),
      expect.stringMatching(packageLine('left', 'ok (cached)')),
      expect.stringMatching(packageLine('right', 'ok (cached)')),
    ]);
    expect(again.lines[3]).toMatch(/\(3 from the cache\)$/);
  });

  it('prints the full log of a package whose build fails, under its FAILED line, and exits 1', async () => {
    const run = await build([], { BREAK_BUILD_OF: 'left' });
    expect(run.code).toBe(1);
    const failed = run.lines.findIndex((line) => packageLine('left', 'FAILED').test(line));
    expect(failed).toBeGreaterThan(0);
    // The whole log: stdout and stderr of the build, in order.
    const log = run.lines.slice(failed + 1).join('\n');
    expect(log).toMatch(
      /building left: step 1\nbuilding left: a warning on stderr\nbuilding left: broken on purpose/,
    );
    expect(run.lines.at(-1)).toMatch(/^build failed after \d+\.\d s: left \(log above\)$/);
    // The logs of the builds that passed stay out.
    expect(run.stdout).not.toContain('building base');
    expect(run.lines[0]).toMatch(packageLine('base', 'ok'));
  });

  it('passes its arguments on to turbo: --filter=left builds left and what it depends on, only', async () => {
    const run = await build(['--filter=left']);
    expect(run.code).toBe(0);
    expect(run.lines).toEqual([
      expect.stringMatching(packageLine('base', 'ok')),
      expect.stringMatching(packageLine('left', 'ok')),
      expect.stringMatching(/^2 packages built in /),
    ]);
  });

  it("shows turbo's own complaint and exits with its status when turbo cannot run (an unknown flag)", async () => {
    const run = await build(['--no-such-flag']);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('--no-such-flag');
    expect(run.stdout).toBe('');
  });
});
