/**
 * A real `redis-server` for one test file: no persistence, on 127.0.0.1, on a free port, stopped
 * at the end. Tests can kill it, restart it on the same port, or stall it (SIGSTOP) to play an
 * outage.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';

export interface RedisServer {
  readonly url: string;
  /** Kills the server at once (SIGKILL), as a crash would. */
  kill(): Promise<void>;
  /** Starts the server again, on the same port, empty. */
  restart(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers. */
  stall(): void;
  /** Lets a stalled server go on (SIGCONT). */
  resume(): void;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** A port nothing listens on (until something else takes it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      tmpdir(),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const read = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', read);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', () => {
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
  // Its later log lines are read and dropped, so that its pipe never fills.
  child.stdout?.off('data', read);
  return child;
}

async function end(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGCONT');
  child.kill(signal);
  await exited;
}

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () => end(child, 'SIGKILL'),
    async restart() {
      await end(child, 'SIGKILL');
      child = await launch(port);
    },
    stall: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    stop: () => end(child, 'SIGTERM'),
  };
}
