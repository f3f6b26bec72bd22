import type { RetryOptions } from 'ky';

/** Retries after the first attempt, unless the client or the request says otherwise. */
export const DEFAULT_MAX_RETRIES = 2;
/** The longest `Retry-After` the client waits for; a longer one fails at once with `RateLimitError`. */
export const MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
const MAX_JITTER = 0.25;

/** The statuses worth another attempt: timeouts, conflicts, rate limits and gateway failures. */
export const RETRYABLE_STATUSES: readonly number[] = [408, 409, 429, 500, 502, 503, 504];
const safeMethods = ['get', 'head', 'options', 'put', 'delete'];

/**
 * The project's retry policy in ky's terms: 2 retries; connection failures, per-attempt timeouts and
 * the statuses above; `Retry-After` honoured on each of them up to 60 s; otherwise 0.5 s doubling up to
 * 8 s, less up to 25 % jitter so that many clients do not retry in step. POST and PATCH join the
 * retried methods only where the interface honours `Idempotency-Key`.
 *
 * ky copies every key of the policy on every call, so what ky's own defaults already say is left
 * out: its limit is our 2, and its methods retry the same ones of those the clients send (GET,
 * HEAD, PUT, DELETE), so `methods` is given only to add POST and PATCH.
 */
export function retryDefaults(idempotencyKeys: boolean): RetryOptions {
  return {
    ...(idempotencyKeys ? { methods: [...safeMethods, 'post', 'patch'] } : {}),
    statusCodes: [...RETRYABLE_STATUSES],
    afterStatusCodes: [...RETRYABLE_STATUSES],
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    backoffLimit: MAX_BACKOFF_MS,
    delay: retryDelayMs,
    jitter: (delay) => delay * (1 - Math.random() * MAX_JITTER),
    retryOnTimeout: true,
  };
}

/** The wait before retry number `attempt` (1 for the first retry), before jitter: 0.5 s, 1 s, 2 s, ... */
export function retryDelayMs(attempt: number): number {
  return Math.min(INITIAL_BACKOFF_MS * 2 ** (attempt - 1), MAX_BACKOFF_MS);
}
