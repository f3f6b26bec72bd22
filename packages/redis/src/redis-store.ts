import type { CoordinationStore } from '@clientkit/core';
import type { Connection } from './connection';
import * as scripts from './scripts';

/**
 * A `CoordinationStore` on Redis 6.2 or newer, or Valkey: each operation one Lua script over one
 * key under `prefix`, on `connection` (which gives it up after its command timeout).
 */
export function redisStore(
  connection: Connection,
  prefix: string,
): CoordinationStore & { close(): Promise<void> } {
  const run = (script: scripts.Script, key: string, ...args: (string | number)[]) =>
    connection.run(script, prefix + key, args.map(String));

  return {
    async get(key) {
      const value = await run(scripts.GET, key);
      return typeof value === 'string' ? value : undefined;
    },
    async set(key, value, ttlMs) {
      await run(scripts.SET, key, value, wholeMs(ttlMs));
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await run(scripts.SET_IF_ABSENT, key, value, wholeMs(ttlMs))) === 1;
    },
    async deleteIf(key, expected) {
      return (await run(scripts.DELETE_IF, key, expected)) === 1;
    },
    async pause(key, forMs) {
      await run(scripts.PAUSE, key, wholeMs(forMs));
    },
    async pausedFor(key) {
      return Number(await run(scripts.PAUSED_FOR, key));
    },
    async acquireSlot(key, holder, limit, leaseMs) {
      return (await run(scripts.ACQUIRE_SLOT, key, holder, limit, wholeMs(leaseMs))) === 1;
    },
    async releaseSlot(key, holder) {
      await run(scripts.RELEASE_SLOT, key, holder);
    },
    async reserveStart(key, perSecond) {
      return Number(await run(scripts.RESERVE_START, key, perSecond));
    },
    close: connection.close,
  };
}

/** Redis takes whole, positive milliseconds. */
function wholeMs(ms: number): number {
  return Math.max(1, Math.ceil(ms));
}
