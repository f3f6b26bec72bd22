import type { ThrottleOptions } from '../options/coordination';
import { checkOptions, THROTTLE_OPTION_RULES } from '../options/rules';
import { identityTag, keyOf } from './keys';
import type { CoordinationStore } from './store';
import { delay, pollingDelayMs } from './wait';

/** Holds each request back until the caps allow it. */
export interface Throttle {
  /**
   * Waits for a slot (with `concurrency`) and then for the request's turn to start (with
   * `requestsPerSecond`); resolves with the function that gives the slot back, to call once the
   * request is over. Rejects with the signal's reason when `signal` aborts first.
   */
  acquire(signal?: AbortSignal): Promise<() => void>;
}

/** Checks a `throttle` option: known names, a whole concurrency, a positive rate. */
export function checkThrottleOptions(options: unknown): asserts options is ThrottleOptions {
  checkOptions(options, THROTTLE_OPTION_RULES, 'throttle', { prefix: 'throttle.' });
}

/** A slot frees itself this long after its holder stopped renewing it (a crashed process). */
const DEFAULT_SLOT_LEASE_MS = 10_000;

/**
 * The throttle of the requests of one service, as `identity` names it. A slot is a lease renewed
 * while its request runs, so the slot of a process that crashed frees itself after `slotLeaseMs`.
 * A slot given back in this process wakes the next of its waiters at once; a slot given back
 * elsewhere is found by asking the store again, a little less often each time.
 *
 * @example
 * const limits = throttle(coordination, ['docs', origin, tokenId], { concurrency: 4 });
 * const release = await limits.acquire(signal);
 * try { await send(); } finally { release(); }
 */
export function throttle(
  coordination: CoordinationStore,
  identity: readonly string[],
  options: ThrottleOptions,
  { slotLeaseMs = DEFAULT_SLOT_LEASE_MS }: { slotLeaseMs?: number } = {},
): Throttle {
  checkThrottleOptions(options);
  const { concurrency, requestsPerSecond } = options;
  const waiters = new Set<() => void>();
  let tag: Promise<string> | undefined;
  const tagOnce = () => {
    tag ??= identityTag(identity);
    return tag;
  };

  const takeSlot = async (key: string, holder: string, limit: number, signal?: AbortSignal) => {
    for (let round = 0; ; round += 1) {
      if (await coordination.acquireSlot(key, holder, limit, slotLeaseMs)) return;
      await delay(pollingDelayMs(round), signal, waiters);
    }
  };

  /** Takes a slot, renewed until the returned function gives it back. */
  const holdSlot = async (limit: number, signal?: AbortSignal): Promise<() => void> => {
    const key = keyOf(await tagOnce(), 'slots');
    const holder = crypto.randomUUID();
    await takeSlot(key, holder, limit, signal);
    const renewal = setInterval(() => {
      coordination.acquireSlot(key, holder, limit, slotLeaseMs).catch(() => {});
    }, slotLeaseMs / 3);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      clearInterval(renewal);
      coordination.releaseSlot(key, holder).then(wakeNext, wakeNext);
    };
  };

  const wakeNext = () => {
    const [next] = waiters;
    next?.();
  };

  return {
    async acquire(signal) {
      signal?.throwIfAborted();
      const release = concurrency === undefined ? () => {} : await holdSlot(concurrency, signal);
      try {
        signal?.throwIfAborted();
        if (requestsPerSecond === undefined) return release;
        const key = keyOf(await tagOnce(), 'rate');
        await delay(await coordination.reserveStart(key, requestsPerSecond), signal);
        return release;
      } catch (error) {
        release();
        throw error;
      }
    },
  };
}
