import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `node scripts/from-source.mjs <args>` (what `pnpm demo` and `pnpm serve` run) from the repository root. */
function fromSource(...args: string[]) {
  const child = spawn(process.execPath, ['scripts/from-source.mjs', ...args], { cwd: root });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

// Neither script builds a package first: both run straight from src/, so that a fresh clone shows
// the demo and the server within seconds. The limits are five times what a busy machine takes.
describe('pnpm demo and pnpm serve, from the sources', () => {
  it('pnpm demo runs every section and finishes', async () => {
    const run = fromSource('examples/src/demo.ts');
    const [code] = await once(run.child, 'exit');
    expect(run.output()).toContain('Reference server listening on');
    expect(run.output()).toContain('Demo finished.');
    expect(code).toBe(0);
  }, 150_000);

  it('pnpm serve prints its banner, and --port given after the script picks the port', async () => {
    const run = fromSource(
      'packages/reference-server/src/cli.ts',
      '--admin',
      '--port',
      '0',
      '--smtp-port',
      '0',
    );
    try {
      while (!run.output().includes('Admin routes: http://127.0.0.1:')) {
        await Promise.race([once(run.child.stdout, 'data'), once(run.child, 'exit')]);
        if (run.child.exitCode !== null) break;
      }
      expect(run.output()).toMatch(/listening on http:\/\/127\.0\.0\.1:(?!4010)\d+/);
      expect(run.output()).toContain('Development credentials:');
    } finally {
      run.child.kill('SIGTERM');
    }
  }, 150_000);
});
