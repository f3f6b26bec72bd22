import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';

export interface ServerProcess {
  url: string;
  /** The process id of the server, to read its memory from /proc. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the reference server CLI in its own process, so that its CPU time does not count against
 * the client being measured, and resolves once it prints its URL.
 */
export async function startServerProcess(
  args: string[] = [],
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve('@clientkit/reference-server/package.json');
  const cli = packageJson.replace(/package\.json$/, 'dist/cli.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, cli, '--port', '0', '--smtp-port', '0', '--admin', ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match && output.includes('Admin routes')) resolve(match[1]!);
    });
    child.on('exit', (code) =>
      reject(new Error(`reference server exited with ${code}: ${output}`)),
    );
  });
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * POSTs to an admin route of the benchmark's server (GETs without a body). Sent again, up to twice,
 * when fetch took a pooled connection the server had closed while the bench was busy elsewhere
 * (the per-call section keeps it idle for half a minute): without that, the first sender of the
 * stream section was marked unavailable for the bench's own request. The admin routes the bench
 * uses read state or advance the clock by nothing, so a repeat changes nothing.
 */
export async function admin(url: string, path: string, body?: unknown): Promise<unknown> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(`${url}/__admin${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return await response.json();
    } catch (error) {
      if (attempt >= 2 || !closedWhileIdle(error)) throw error;
    }
  }
}

/** undici's failure of a request whose pooled connection the other side had closed. */
function closedWhileIdle(error: unknown): boolean {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return error instanceof TypeError && cause?.code === 'UND_ERR_SOCKET';
}
