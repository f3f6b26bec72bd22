import { redactText, redactUrl } from '../redaction/redact';
import type { Coordination } from './coordination';
import { inProcessCoordination } from './in-process';

/** Options of `resilientCoordination`. */
export interface ResilientCoordinationOptions {
  /** Told once per outage that the shared store failed and this process goes on alone. */
  warn: (message: string) => void;
  /** Told when the shared store answers again after an outage. */
  info?: (message: string) => void;
  /**
   * How long an operation waits for the shared store before this process does without it, in ms
   * (default 1000). A backstop for stores with no time limit of their own: `@clientkit/redis`
   * rejects after its `commandTimeoutMs` first.
   */
  deadlineMs?: number;
  /**
   * During an outage, how long operations go straight to this process's own coordination before
   * one of them tries the shared store again, in ms (default 1000).
   */
  retryAfterMs?: number;
  /** Where operations go while the shared store fails (default: a new `inProcessCoordination()`). */
  fallback?: Coordination;
  /** A monotonic clock in ms; tests pass their own. Default `performance.now()`. */
  now?: () => number;
}

const DEFAULT_DEADLINE_MS = 1000;
const DEFAULT_RETRY_AFTER_MS = 1000;

/**
 * A coordination that never fails: each operation runs on the shared store, and when that rejects
 * or takes longer than `deadlineMs`, on this process's own coordination instead. The first failure
 * of an outage is reported through `warn`, once; while the outage lasts, operations skip the
 * shared store, but one every `retryAfterMs` tries it, and when it answers, coordination is shared
 * again (and `info` says so). Releases (`deleteIf`, `releaseSlot`) also reach the fallback, so
 * that a lease taken there during an outage does not outlive its holder's call.
 *
 * @example
 * const coordination = resilientCoordination(redisCoordination({ url }), {
 *   warn: (message) => logger.warn(message),
 * });
 */
export function resilientCoordination(
  shared: Coordination,
  options: ResilientCoordinationOptions,
): Coordination {
  const now = options.now ?? (() => performance.now());
  const fallback = options.fallback ?? inProcessCoordination();
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const retryAfterMs = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  /** Set while the shared store is failing: when an operation may try it again. */
  let outage: { retryAt: number } | undefined;

  async function run<T>(operation: (store: Coordination) => Promise<T>): Promise<T> {
    if (outage !== undefined && now() < outage.retryAt) return operation(fallback);
    if (outage !== undefined) outage.retryAt = now() + retryAfterMs;
    try {
      const result = await withinDeadline(operation(shared), deadlineMs);
      if (outage !== undefined) {
        outage = undefined;
        options.info?.('clientkit: the shared coordination answers again; the fleet coordinates');
      }
      return result;
    } catch (error) {
      if (outage === undefined) {
        outage = { retryAt: now() + retryAfterMs };
        options.warn(
          `clientkit: the shared coordination failed (${reasonOf(error)}); this process goes on ` +
            'with its own limits, tokens and pauses until it answers again',
        );
      }
      return operation(fallback);
    }
  }

  async function release<T>(operation: (store: Coordination) => Promise<T>): Promise<T> {
    await operation(fallback);
    return run(operation);
  }

  return {
    get: (key) => run((store) => store.get(key)),
    set: (key, value, ttlMs) => run((store) => store.set(key, value, ttlMs)),
    setIfAbsent: (key, value, ttlMs) => run((store) => store.setIfAbsent(key, value, ttlMs)),
    deleteIf: (key, expected) => release((store) => store.deleteIf(key, expected)),
    pause: (key, forMs) => run((store) => store.pause(key, forMs)),
    pausedFor: (key) => run((store) => store.pausedFor(key)),
    acquireSlot: (key, holder, limit, leaseMs) =>
      run((store) => store.acquireSlot(key, holder, limit, leaseMs)),
    releaseSlot: (key, holder) => release((store) => store.releaseSlot(key, holder)),
    reserveStart: (key, perSecond) => run((store) => store.reserveStart(key, perSecond)),
    close: async () => shared.close?.(),
  };
}

/** `work`, or a rejection once `ms` have passed; the timer is cleared either way. */
function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** The failure in a few words, with anything that looks like a credential removed. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return redactUrl(redactText(message)).slice(0, 200) || 'no reason given';
}
