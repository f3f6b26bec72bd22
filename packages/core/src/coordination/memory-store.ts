import type { CoordinationStore } from './store';

/** Options of `inMemoryStore`. */
export interface InMemoryStoreOptions {
  /** A monotonic clock in ms; tests pass their own. Default `performance.now()`. */
  now?: () => number;
}

/** Past this many keys, a write first drops the expired ones, so that memory stays bounded. */
const SWEEP_AT = 1024;

/**
 * A store kept in this process's memory: what `inProcessCoordination()` coordinates the clients
 * of one process over, and what a fleet falls back to while its shared store is unreachable. The
 * same rules as a shared store, within one process. It starts no timer: expired entries are
 * dropped when they are read, and swept when many have gathered.
 *
 * @example
 * const store = inMemoryStore();
 * await store.pause('{service}:pause', 2_000);
 * await store.pausedFor('{service}:pause'); // about 2000
 */
export function inMemoryStore(options: InMemoryStoreOptions = {}): CoordinationStore {
  const now = options.now ?? (() => performance.now());
  const values = new Map<string, { value: string; expiresAt: number }>();
  const slots = new Map<string, Map<string, number>>();

  const live = (key: string) => {
    const entry = values.get(key);
    if (entry === undefined || entry.expiresAt > now()) return entry;
    values.delete(key);
    return undefined;
  };
  const store = (key: string, value: string, ttlMs: number) => {
    if (values.size >= SWEEP_AT) sweep(values, slots, now());
    values.set(key, { value, expiresAt: now() + ttlMs });
  };
  const holdersOf = (key: string) => {
    const holders = slots.get(key) ?? new Map<string, number>();
    const at = now();
    for (const [holder, expiresAt] of holders) if (expiresAt <= at) holders.delete(holder);
    return holders;
  };

  return {
    async get(key) {
      return live(key)?.value;
    },
    async set(key, value, ttlMs) {
      store(key, value, ttlMs);
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key) !== undefined) return false;
      store(key, value, ttlMs);
      return true;
    },
    async deleteIf(key, expected) {
      if (live(key)?.value !== expected) return false;
      return values.delete(key);
    },
    async pause(key, forMs) {
      const until = now() + forMs;
      if ((live(key)?.expiresAt ?? 0) < until) store(key, 'paused', forMs);
    },
    async pausedFor(key) {
      const entry = live(key);
      return entry === undefined ? 0 : entry.expiresAt - now();
    },
    async acquireSlot(key, holder, limit, leaseMs) {
      const holders = holdersOf(key);
      if (!holders.has(holder) && holders.size >= limit) return false;
      if (slots.size >= SWEEP_AT) sweep(values, slots, now());
      holders.set(holder, now() + leaseMs);
      slots.set(key, holders);
      return true;
    },
    async releaseSlot(key, holder) {
      const holders = holdersOf(key);
      holders.delete(holder);
      if (holders.size === 0) slots.delete(key);
    },
    async reserveStart(key, perSecond) {
      const at = now();
      const start = Math.max(Number(live(key)?.value ?? at), at);
      const next = start + 1000 / perSecond;
      store(key, String(next), next - at);
      return Math.ceil(start - at);
    },
  };
}

function sweep(
  values: Map<string, { expiresAt: number }>,
  slots: Map<string, Map<string, number>>,
  at: number,
): void {
  for (const [key, entry] of values) if (entry.expiresAt <= at) values.delete(key);
  for (const [key, holders] of slots) {
    for (const [holder, expiresAt] of holders) if (expiresAt <= at) holders.delete(holder);
    if (holders.size === 0) slots.delete(key);
  }
}
