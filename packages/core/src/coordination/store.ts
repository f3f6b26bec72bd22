/**
 * What a shared store must offer so that the processes of a fleet spend one budget: a store every
 * process reaches, such as Redis (`@clientkit/redis`). `coordinate(store)` from
 * `@clientkit/core/coordination` builds the fleet's protocols on it (one token exchange per token
 * lifetime, one metering session, the pause a 429 or 503 asks of every process, caps on requests
 * in flight and started per second); clients never call a store themselves.
 *
 * The rules an implementation keeps:
 * - Values are strings. Clientkit encrypts what is secret before it stores it, and its keys hold
 *   only digests (`{<sha-256>}:<purpose>`), so the store never sees a credential in plain text.
 * - Every method names one key. A key's `{...}` part is a Redis Cluster hash tag: keys of one
 *   credential share it, so they live in one slot.
 * - Time is given as durations, measured by the store's own clock, never as moments: hosts whose
 *   clocks disagree still agree on how long a pause or a lease lasts.
 * - Every method may reject (the store is down, slow or refuses). `coordinate` never lets that
 *   fail a call: it carries on with what one process knows, warns once, and comes back to the
 *   store when it answers again.
 */
export interface CoordinationStore {
  /** The value stored under `key`, or undefined when there is none or it has expired. */
  get(key: string): Promise<string | undefined>;
  /** Stores `value` under `key` for `ttlMs`, replacing any value. */
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /**
   * Stores `value` under `key` for `ttlMs` only when the key holds nothing, and says whether it
   * did: a lock with a lease, whose holder names itself in `value` and which frees itself after
   * `ttlMs` should its holder die.
   */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes `key` only when it still holds `expected` (compare and delete), and says whether it did. */
  deleteIf(key: string, expected: string): Promise<boolean>;
  /** Pauses `key` for `forMs` from now, unless it is already paused for longer: the later end wins. */
  pause(key: string, forMs: number): Promise<void>;
  /** How long `key` stays paused, in ms: 0 when it is not paused. */
  pausedFor(key: string): Promise<number>;
  /**
   * Takes one of `limit` slots under `key` for `holder`, and says whether it did. A slot is a
   * lease: it frees itself `leaseMs` after it was taken unless its holder takes it again, which
   * renews it (and always succeeds while the holder has it).
   */
  acquireSlot(key: string, holder: string, limit: number, leaseMs: number): Promise<boolean>;
  /** Gives back the slot `holder` has under `key`, if any. */
  releaseSlot(key: string, holder: string): Promise<void>;
  /**
   * Reserves the next start under `key` for a rate of `perSecond` starts a second, evenly spaced
   * (a generic cell rate algorithm with no burst), and answers how many ms to wait before starting.
   * The reservation counts at once: a caller that gives up still used its turn.
   */
  reserveStart(key: string, perSecond: number): Promise<number>;
  /** Ends the connection to the store, when the implementation has one. */
  close?(): Promise<void>;
}
