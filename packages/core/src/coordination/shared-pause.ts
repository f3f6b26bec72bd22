import { rateLimitOf } from '../response/rate-limit';
import { requestedWaitMs } from '../response/requested-wait';
import { MAX_RETRY_AFTER_MS } from '../retry/policy';
import { identityTag, keyOf } from './keys';
import type { CoordinationStore } from './store';
import { delay } from './wait';

/** A pause that one process learns of and every process of the fleet keeps. */
export interface SharedPause {
  /**
   * Records the pause an answer asks of every process, if it asks one (see `pauseRequestedBy`),
   * and answers its length in ms.
   */
  record(status: number, headers: Headers): Promise<number | undefined>;
  /**
   * Waits until no pause is in force, telling `onWait` the length of each wait first; answers the
   * ms waited in all. A pause that grows while it is waited is waited to its new end.
   */
  wait(options?: { signal?: AbortSignal; onWait?: (ms: number) => void }): Promise<number>;
}

/** The statuses whose `Retry-After` pauses a service: a rate limit, and a service unavailable. */
const PAUSING_STATUSES = [429, 503];

/**
 * How long an answer asks every caller of the service to hold back, in ms, or undefined when it
 * asks nothing: a 429 or 503 with `Retry-After` (a 429 also with a reset header), or any answer
 * that reports a request budget with nothing remaining and a reset to come.
 */
export function pauseRequestedBy(
  status: number,
  headers: Headers,
  now: number = Date.now(),
): number | undefined {
  if (PAUSING_STATUSES.includes(status)) {
    const wait = requestedWaitMs(status, headers, now);
    if (wait !== undefined && wait > 0) return wait;
  }
  const budget = rateLimitOf(status, headers, now);
  if (budget?.remaining !== 0 || budget.resetAt === undefined) return undefined;
  const untilReset = budget.resetAt.getTime() - now;
  return untilReset > 0 ? untilReset : undefined;
}

/**
 * The shared pause of one service, as `identity` names it (its origin and the credential's
 * identity). A pause is recorded for `maxPauseMs` at most (default `MAX_RETRY_AFTER_MS`, the
 * longest wait a client makes), so that a mistaken header cannot hold a fleet back for long.
 */
export function sharedPause(
  coordination: CoordinationStore,
  identity: readonly string[],
  { maxPauseMs = MAX_RETRY_AFTER_MS }: { maxPauseMs?: number } = {},
): SharedPause {
  let key: Promise<string> | undefined;
  const keyOnce = () => {
    key ??= identityTag(identity).then((tag) => keyOf(tag, 'pause'));
    return key;
  };
  return {
    async record(status, headers) {
      const requested = pauseRequestedBy(status, headers);
      if (requested === undefined) return undefined;
      const pauseMs = Math.ceil(Math.min(requested, maxPauseMs));
      await coordination.pause(await keyOnce(), pauseMs);
      return pauseMs;
    },
    async wait({ signal, onWait } = {}) {
      let waited = 0;
      for (;;) {
        const left = await coordination.pausedFor(await keyOnce());
        if (left <= 0) return waited;
        onWait?.(left);
        await delay(left, signal);
        waited += left;
      }
    },
  };
}
