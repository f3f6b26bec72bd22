import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The command the package installs, which loads the built CLI. */
const bin = fileURLToPath(new URL('../../bin/clientkit-reference-server.js', import.meta.url));
const running = new Set<ChildProcess>();

/** Stops every CLI process a test started. */
export function stopCliProcesses(): void {
  for (const child of running) child.kill('SIGTERM');
  running.clear();
}

/** Starts the CLI and resolves with what it printed once its banner is complete. */
export function startCli(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Admin routes')) resolve(output);
    });
    child.stderr!.on('data', (chunk: Buffer) => reject(new Error(chunk.toString())));
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
}

/** Runs the CLI to its exit and resolves with its exit code and what it wrote to stderr. */
export function runCliToExit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

/** The origin the banner says the server listens on. */
export function listeningUrl(banner: string): string {
  const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1];
  if (!url) throw new Error(`no URL in the banner:\n${banner}`);
  return url;
}

/**
 * Holds a TCP port on 127.0.0.1 (0: a free one). Resolves with undefined when another process
 * already holds it, which leaves the port just as taken for the test.
 */
export function occupyPort(port: number): Promise<Server | undefined> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' ? resolve(undefined) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

export function release(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

/** The first line an SMTP listener on 127.0.0.1 sends. */
export function smtpGreeting(port: number): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('data', (chunk: Buffer) => {
      socket.end('QUIT\r\n');
      resolve(chunk.toString());
    });
  });
}
