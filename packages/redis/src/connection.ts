import { createClient } from '@redis/client';
import type { Script } from './scripts';

/** What clientkit needs of a node-redis client or cluster: its script commands. */
export interface RedisScriptClient {
  /** Runs a script the server has cached under its SHA-1 digest (`EVALSHA`). */
  evalSha(sha1: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  /** Runs a script from its source, caching it on the server (`EVAL`). */
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** Runs scripts on Redis, over a connection of its own or the application's. */
export interface Connection {
  /**
   * Runs a script, given up after the command timeout. The connection's first opening is waited
   * for apart (up to its connect timeout), so that a process that calls as it starts, as a
   * function does on a cold start, coordinates from its first call.
   */
  run(script: Script, key: string, args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/** The longest wait between two attempts to reconnect, so that a closed coordination lets go soon. */
const LONGEST_RECONNECT_DELAY_MS = 500;

/**
 * A connection of its own to `url`. Commands are refused while it is down rather than queued, so
 * that an outage costs a call nothing, with the connection's last error as the reason; it
 * reconnects by itself. Its `error` events are heard here, so that none crashes the process.
 * Each command is given up after `timeoutMs`; the first opening of the connection may take up to
 * its connect timeout (`timeoutMs`, and at least a second).
 */
export function ownConnection(url: string | undefined, timeoutMs: number): Connection {
  const client = createClient({
    ...(url === undefined ? {} : { url }),
    disableOfflineQueue: true,
    socket: {
      connectTimeout: Math.max(timeoutMs, 1_000),
      reconnectStrategy: (retries: number) =>
        Math.min(50 * 2 ** retries, LONGEST_RECONNECT_DELAY_MS),
    },
  });
  let lastError: Error | undefined;
  let waiting: Promise<void> | undefined;
  client.on('error', (error: Error) => {
    lastError = error;
  });
  client.on('ready', () => {
    lastError = undefined;
  });
  client.connect().catch(() => {});

  /** Resolves once connected; rejects at the first failure to connect, or at once after one. */
  const connected = (): Promise<void> => {
    if (client.isReady) return Promise.resolve();
    if (lastError !== undefined) return Promise.reject(notConnected(lastError));
    waiting ??= new Promise<void>((resolve, reject) => {
      const settle = () => {
        client.off('ready', ready);
        client.off('error', failed);
        waiting = undefined;
      };
      const ready = () => {
        settle();
        resolve();
      };
      const failed = (error: Error) => {
        settle();
        reject(notConnected(error));
      };
      client.on('ready', ready);
      client.on('error', failed);
    });
    return waiting;
  };

  let closed = false;
  return {
    async run(script, key, args) {
      if (closed) throw new Error('this Redis coordination is closed');
      await connected();
      return withinTimeout(runScript(client, script, key, args), timeoutMs);
    },
    async close() {
      if (closed) return;
      closed = true;
      // A graceful close waits for the replies of commands in flight: not for a stalled server.
      if (client.isReady) {
        await withinTimeout(client.close(), timeoutMs).catch(() => client.destroy());
      } else if (client.isOpen) {
        client.destroy();
      }
    },
  };
}

function notConnected(cause: Error): Error {
  return new Error(`not connected to Redis: ${cause.message}`, { cause });
}

/**
 * The application's own client, which it connected and will close itself; each command is given
 * up after `timeoutMs`.
 */
export function givenConnection(client: RedisScriptClient, timeoutMs: number): Connection {
  let closed = false;
  return {
    async run(script, key, args) {
      if (closed) throw new Error('this Redis coordination is closed');
      return withinTimeout(runScript(client, script, key, args), timeoutMs);
    },
    async close() {
      closed = true;
    },
  };
}

/** `EVALSHA`, or `EVAL` when the server has not cached the script (a restart flushes the cache). */
async function runScript(
  client: RedisScriptClient,
  script: Script,
  key: string,
  args: string[],
): Promise<unknown> {
  const options = { keys: [key], arguments: args };
  try {
    return await client.evalSha(script.sha, options);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
    return client.eval(script.source, options);
  }
}

/** `work`, or a rejection once `ms` have passed; the timer is cleared either way. */
export function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
