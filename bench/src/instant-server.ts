import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface InstantServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `scripts/instant-stream-server.mjs` in its own process on the node running the bench: a
 * stand-in for the metering stream's service that answers at once, for the senders' own ceiling.
 */
export async function startInstantServer(): Promise<InstantServer> {
  const script = fileURLToPath(new URL('../scripts/instant-stream-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`instant server exited with ${code}: ${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
