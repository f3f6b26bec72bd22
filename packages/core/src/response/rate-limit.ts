/**
 * The request budget a service reports on its answers, read in one place for `withResponse()`, the
 * pages of a listing and `RateLimitError`.
 */
import { requestedWaitMs, resetMomentMs } from './requested-wait';

/** What a service said of its request budget; each field is undefined when it did not say. */
export interface RateLimit {
  /** Requests allowed in the current window. */
  limit: number | undefined;
  /** Requests left in the current window. */
  remaining: number | undefined;
  /** When the window ends and the budget is whole again. */
  resetAt: Date | undefined;
}

/** The header families services use: the de facto `X-RateLimit-*` first, then the IETF draft's. */
const FAMILIES = ['x-ratelimit-', 'ratelimit-', 'x-rate-limit-'];

/** A count in a header: a whole number, nothing else. */
const COUNT = /^\d+$/;

/**
 * The budget an answer of `status` reports, or undefined when it reports none. A 429 without a
 * reset header still says when to come back, in `Retry-After`: that moment is its `resetAt`.
 */
export function rateLimitOf(
  status: number,
  headers: Headers,
  now: number = Date.now(),
): RateLimit | undefined {
  for (const family of FAMILIES) {
    const limit = countOf(headers.get(`${family}limit`));
    const remaining = countOf(headers.get(`${family}remaining`));
    const reset = headers.get(`${family}reset`);
    const resetAt = reset === null ? undefined : resetMomentMs(reset, now);
    if (limit !== undefined || remaining !== undefined || resetAt !== undefined) {
      return { limit, remaining, resetAt: dateOf(resetAt ?? comeBackAt(status, headers, now)) };
    }
  }
  const resetAt = comeBackAt(status, headers, now);
  if (resetAt === undefined) return undefined;
  return { limit: undefined, remaining: undefined, resetAt: dateOf(resetAt) };
}

/** The moment (epoch ms) a 429 asks the client to come back at, when it says. */
function comeBackAt(status: number, headers: Headers, now: number): number | undefined {
  if (status !== 429) return undefined;
  const wait = requestedWaitMs(status, headers, now);
  return wait === undefined ? undefined : now + wait;
}

function countOf(value: string | null): number | undefined {
  const text = value?.trim();
  return text !== undefined && COUNT.test(text) ? Number(text) : undefined;
}

function dateOf(ms: number | undefined): Date | undefined {
  return ms === undefined ? undefined : new Date(ms);
}
