import type { FleetLog } from '../options/coordination';
import { redactText, redactUrl } from '../redaction/redact';
import { inMemoryStore } from './memory-store';
import type { CoordinationStore } from './store';

/** Options of `resilientStore`. */
export interface ResilientStoreOptions {
  /**
   * How long an operation waits for the shared store before this process does without it, in ms
   * (default 1000). A backstop for stores with no time limit of their own: `@clientkit/redis`
   * rejects after its `commandTimeoutMs` first.
   */
  deadlineMs?: number;
  /**
   * During an outage, how long operations go straight to this process's own store before one of
   * them tries the shared store again, in ms (default 1000).
   */
  retryAfterMs?: number;
  /** Where operations go while the shared store fails (default: a new `inMemoryStore()`). */
  fallback?: CoordinationStore;
  /** A monotonic clock in ms; tests pass their own. Default `performance.now()`. */
  now?: () => number;
}

/** A store that never fails, seen through the log of the client that uses it. */
export interface ResilientStore {
  /** The store as one client uses it: an outage it meets first is reported through `log`. */
  via(log: Pick<FleetLog, 'warn' | 'info'>): CoordinationStore;
}

const DEFAULT_DEADLINE_MS = 1000;
const DEFAULT_RETRY_AFTER_MS = 1000;

/**
 * A store that never fails: each operation runs on the shared store, and when that rejects or
 * takes longer than `deadlineMs`, on this process's own store instead. The first failure of an
 * outage is reported once, through the `warn` of the log that operation came with; while the
 * outage lasts, operations skip the shared store, but one every `retryAfterMs` tries it, and when
 * it answers, coordination is shared again (and that operation's `info` says so). Releases
 * (`deleteIf`, `releaseSlot`) also reach the fallback, so that a lease taken there during an
 * outage does not outlive its holder's call.
 *
 * @example
 * const store = resilientStore(redisStore, {}).via({ warn: console.warn, info: console.info });
 */
export function resilientStore(
  shared: CoordinationStore,
  options: ResilientStoreOptions = {},
): ResilientStore {
  const now = options.now ?? (() => performance.now());
  const fallback = options.fallback ?? inMemoryStore();
  const deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const retryAfterMs = options.retryAfterMs ?? DEFAULT_RETRY_AFTER_MS;
  /** Set while the shared store is failing: when an operation may try it again. */
  let outage: { retryAt: number } | undefined;
  const views = new WeakMap<object, CoordinationStore>();

  async function run<T>(
    log: Pick<FleetLog, 'warn' | 'info'>,
    operation: (store: CoordinationStore) => Promise<T>,
  ): Promise<T> {
    if (outage !== undefined && now() < outage.retryAt) return operation(fallback);
    if (outage !== undefined) outage.retryAt = now() + retryAfterMs;
    try {
      const result = await withinDeadline(operation(shared), deadlineMs);
      if (outage !== undefined) {
        outage = undefined;
        log.info('clientkit: the shared coordination answers again; the fleet coordinates');
      }
      return result;
    } catch (error) {
      if (outage === undefined) {
        outage = { retryAt: now() + retryAfterMs };
        log.warn(
          `clientkit: the shared coordination failed (${reasonOf(error)}); this process goes on ` +
            'with its own limits, tokens and pauses until it answers again',
        );
      }
      return operation(fallback);
    }
  }

  function view(log: Pick<FleetLog, 'warn' | 'info'>): CoordinationStore {
    const on = <T>(operation: (store: CoordinationStore) => Promise<T>) => run(log, operation);
    const release = async <T>(operation: (store: CoordinationStore) => Promise<T>) => {
      await operation(fallback);
      return run(log, operation);
    };
    return {
      get: (key) => on((store) => store.get(key)),
      set: (key, value, ttlMs) => on((store) => store.set(key, value, ttlMs)),
      setIfAbsent: (key, value, ttlMs) => on((store) => store.setIfAbsent(key, value, ttlMs)),
      deleteIf: (key, expected) => release((store) => store.deleteIf(key, expected)),
      pause: (key, forMs) => on((store) => store.pause(key, forMs)),
      pausedFor: (key) => on((store) => store.pausedFor(key)),
      acquireSlot: (key, holder, limit, leaseMs) =>
        on((store) => store.acquireSlot(key, holder, limit, leaseMs)),
      releaseSlot: (key, holder) => release((store) => store.releaseSlot(key, holder)),
      reserveStart: (key, perSecond) => on((store) => store.reserveStart(key, perSecond)),
    };
  }

  return {
    via(log) {
      let found = views.get(log);
      if (found === undefined) {
        found = view(log);
        views.set(log, found);
      }
      return found;
    },
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
