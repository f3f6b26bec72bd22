import { fileURLToPath } from 'node:url';
import { admin, type ServerProcess, startServerProcess } from './server-process';

/** The server of the stream rounds, and what clears it before each sender's turn. */
export interface StreamServer extends ServerProcess {
  /** The reference server back to its seed, with no rate limit, and its garbage collected. */
  clear(): Promise<void>;
}

/**
 * A reference server process of the stream's own. The server keeps every identifier it counted
 * for its 24-hour window, so over a run its heap grows by hundreds of thousands of events and its
 * major collections land in whichever sender's round they happen to fall: rounds of the same
 * sender read from 0.6x to 1.8x of each other. Cleared before each turn, every sender meets the
 * same server. It collects on SIGUSR2 (the soak's preload): the signal goes after the reset has
 * dropped the identifiers, and one more request after it.
 */
export async function startStreamServer(): Promise<StreamServer> {
  const preload = fileURLToPath(new URL('../scripts/collect-on-signal.cjs', import.meta.url));
  const server = await startServerProcess([], ['--expose-gc', '--require', preload]);
  return {
    ...server,
    async clear() {
      await admin(server.url, '/reset', {});
      process.kill(server.pid, 'SIGUSR2');
      await fetch(`${server.url}/__admin/metering/rate-limit`, { method: 'DELETE' });
    },
  };
}
