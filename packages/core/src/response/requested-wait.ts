/**
 * The wait a server asks for before a request is tried again, read the one way errors, retries and
 * logs all use: an answer says it in `Retry-After`, and a 429 also in one of the rate-limit reset
 * headers. Which statuses are waited for is the caller's choice (the retry policy's
 * `afterStatusCodes`, 429 and 503 by default).
 */

/** The reset headers read after `Retry-After` on a 429, in order (the ones ky reads). */
const RESET_HEADERS = [
  'ratelimit-reset',
  'x-ratelimit-retry-after',
  'x-ratelimit-reset',
  'x-rate-limit-reset',
];

/** A number of seconds at or beyond this is a moment (epoch seconds), not a delay: 2024-01-01. */
const EPOCH_THRESHOLD_SECONDS = 1_704_067_200;

/** A whole or decimal number of seconds. */
const SECONDS = /^\d+(\.\d+)?$/;

/** Milliseconds the server asked to wait, or undefined when it asked nothing readable. */
export function requestedWaitMs(
  status: number,
  headers: Headers,
  now: number = Date.now(),
): number | undefined {
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) return retryAfterMs(retryAfter, now);
  if (status !== 429) return undefined;
  for (const name of RESET_HEADERS) {
    const value = headers.get(name);
    if (value !== null) return resetMs(value, now);
  }
  return undefined;
}

/** `Retry-After`: whole seconds, or an HTTP date. */
function retryAfterMs(value: string, now: number): number | undefined {
  const text = value.trim();
  if (SECONDS.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A reset header: epoch seconds, or (for small numbers) seconds from now. */
function resetMs(value: string, now: number): number | undefined {
  const moment = resetMomentMs(value, now);
  return moment === undefined ? undefined : Math.max(0, moment - now);
}

/**
 * The moment (epoch ms) a reset header names: epoch seconds, or, below 2024-01-01 as epoch
 * seconds, seconds from `now`. Undefined when it is no number of seconds.
 */
export function resetMomentMs(value: string, now: number): number | undefined {
  const text = value.trim();
  if (!SECONDS.test(text)) return undefined;
  const seconds = Number(text);
  return seconds >= EPOCH_THRESHOLD_SECONDS ? seconds * 1000 : now + seconds * 1000;
}
