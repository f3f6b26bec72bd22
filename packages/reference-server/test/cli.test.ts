import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
let child: ChildProcess | undefined;

afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
});

/** Starts the built CLI and resolves with what it printed once it is listening. */
function start(args: string[]): Promise<string> {
  child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child!.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Admin routes')) resolve(output);
    });
    child!.stderr!.on('data', (chunk: Buffer) => reject(new Error(chunk.toString())));
    child!.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

describe('clientkit-reference-server CLI', () => {
  it('prints its URL, the base URL of each interface and the development credentials', async () => {
    const output = await start(['--port', '0', '--smtp-port', '0']);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(url).toBeDefined();
    expect(output).toContain(`docs      ${url}/v1`);
    expect(output).toContain('docs-dev-user-ada');
    expect(output).toContain('Admin routes are off');
    const res = await fetch(`${url}/v1/`, {
      headers: { authorization: 'Bearer docs-dev-user-ada' },
    });
    expect(await res.json()).toEqual({ version: '0.0.1-beta', build: '2026-11-01T00:00:00.000Z' });
  });

  it('turns the admin routes on with --admin', async () => {
    const output = await start(['--port', '0', '--smtp-port', '0', '--admin']);
    const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(output).toContain(`Admin routes: ${url}/__admin`);
    expect((await fetch(`${url}/__admin/clock`)).status).toBe(200);
  });

  it('refuses a port that is not a number, with usage', async () => {
    child = spawn(process.execPath, [cli, '--port', 'abc'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise((resolve) => child!.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain('--port must be 0 to 65535, not "abc"');
    expect(stderr).toContain('Usage: clientkit-reference-server');
  });
});
