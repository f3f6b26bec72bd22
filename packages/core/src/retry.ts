import { APIUserAbortError, retryAfterSeconds } from './errors';

/** Retries after the first attempt, unless the client or the request says otherwise. */
export const DEFAULT_MAX_RETRIES = 2;
/** The longest `Retry-After` the client will honour; longer values are cut to this. */
export const MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
const MAX_JITTER = 0.25;

const retryableStatuses = new Set([408, 409, 429, 500, 502, 503, 504]);
const idempotentMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** True when repeating the request cannot apply it twice: by its method, or because the caller says so. */
export function isIdempotent(method: string, markedIdempotent: boolean | undefined): boolean {
  return markedIdempotent ?? idempotentMethods.has(method.toUpperCase());
}

/** True for the statuses worth another attempt: timeouts, conflicts, rate limits and gateway failures. */
export function isRetryableStatus(status: number): boolean {
  return retryableStatuses.has(status);
}

/**
 * How long to wait before retry number `retry` (0 for the first retry): the server's `Retry-After`
 * when present (capped at 60 s), otherwise 0.5 s doubling up to 8 s, less up to 25 % jitter so that
 * many clients do not retry in step.
 */
export function retryDelayMs(
  retry: number,
  headers?: Headers,
  random: () => number = Math.random,
): number {
  const fromServer = retryAfterSeconds(headers?.get('retry-after') ?? null);
  if (fromServer !== undefined) return Math.min(fromServer * 1000, MAX_RETRY_AFTER_MS);
  const backoff = Math.min(INITIAL_BACKOFF_MS * 2 ** retry, MAX_BACKOFF_MS);
  return backoff * (1 - random() * MAX_JITTER);
}

/** Resolves after `ms`, or rejects with `APIUserAbortError` as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(new APIUserAbortError('Request aborted'));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new APIUserAbortError('Request aborted while waiting to retry'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
