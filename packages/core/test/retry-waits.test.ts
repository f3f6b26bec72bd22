/**
 * How long the client waits before a retry: the wait the server asked for (a 429's `Retry-After` or
 * reset headers, a 503's `Retry-After`) up to `maxRetryAfter`, otherwise the backoff. Every wait is
 * read off a fake clock; with `Math.random` at 1 the first backoff is 500 ms less 25 %: 375 ms.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type HttpMethod,
  InternalServerError,
  MAX_RETRY_AFTER_MS,
  RateLimitError,
  type RetrySetting,
} from './core';
import { testClient } from './helpers';
import { answer, onFakeClock, scriptedFetch } from './scripted';

afterEach(() => vi.restoreAllMocks());

const ok = answer(200, {}, { ok: true });
const FIRST_BACKOFF = 375;

/** The client's epoch seconds `seconds` from the fake clock's now, as a reset header gives them. */
const epochIn = (seconds: number) => String(Math.floor(Date.now() / 1000) + seconds);

async function run(
  script: Parameters<typeof scriptedFetch>[0] | (() => Parameters<typeof scriptedFetch>[0]),
  retry?: RetrySetting,
  method: HttpMethod = 'GET',
) {
  let scripted: ReturnType<typeof scriptedFetch> | undefined;
  const outcome = await onFakeClock(() => {
    // Built on the fake clock, so that epoch seconds in the script are the clock's.
    scripted = scriptedFetch(typeof script === 'function' ? script() : script);
    const client = testClient({ fetch: scripted.fetch, ...(retry === undefined ? {} : { retry }) });
    return client.request({ method, path: 'w', operation: 't' }).then(
      (data) => ({ data, error: undefined }),
      (error: unknown) => ({ data: undefined, error }),
    );
  });
  return { ...outcome, attempts: scripted!.attempts.length, waits: scripted!.waits() };
}

describe('the wait the server asked for', () => {
  it('waits the seconds of a 429 Retry-After', async () => {
    expect((await run([answer(429, { 'retry-after': '30' }), ok])).waits).toEqual([30_000]);
  });

  it('waits until the HTTP date of a 503 Retry-After', async () => {
    const result = await run(() => [
      answer(503, { 'retry-after': new Date(Date.now() + 20_000).toUTCString() }),
      ok,
    ]);
    expect(result.waits[0]).toBeGreaterThan(19_000);
    expect(result.waits[0]).toBeLessThanOrEqual(20_000);
  });

  it('waits until the X-RateLimit-Reset epoch seconds of a 429 without Retry-After', async () => {
    const result = await run(() => [answer(429, { 'x-ratelimit-reset': epochIn(42) }), ok]);
    expect(result.waits[0]).toBeGreaterThan(41_000);
    expect(result.waits[0]).toBeLessThanOrEqual(42_000);
  });

  for (const header of ['ratelimit-reset', 'x-ratelimit-retry-after', 'x-rate-limit-reset']) {
    it(`reads ${header} on a 429, in seconds from now when small`, async () => {
      expect((await run([answer(429, { [header]: '12' }), ok])).waits).toEqual([12_000]);
    });
  }

  it('prefers Retry-After to the reset headers on a 429', async () => {
    const result = await run(() => [
      answer(429, { 'retry-after': '3', 'x-ratelimit-reset': epochIn(50) }),
      ok,
    ]);
    expect(result.waits).toEqual([3_000]);
  });
});

describe('the backoff, where the server asked for nothing readable', () => {
  it('backs off on a 503 with an unreadable Retry-After, never waiting the 60 s cap', async () => {
    for (const value of ['garbage', '-5', '', '1e3', 'soon']) {
      const result = await run([answer(503, { 'retry-after': value }), ok]);
      expect(result.waits, value).toEqual([FIRST_BACKOFF]);
    }
  });

  it('backs off on a 429 with an unreadable Retry-After', async () => {
    expect((await run([answer(429, { 'retry-after': 'garbage' }), ok])).waits).toEqual([
      FIRST_BACKOFF,
    ]);
  });

  it('backs off on a 503 that carries only X-RateLimit-Reset: reset headers are read for 429 only', async () => {
    const result = await run(() => [answer(503, { 'x-ratelimit-reset': epochIn(41) }), ok]);
    expect(result.waits).toEqual([FIRST_BACKOFF]);
  });

  it('waits a Retry-After only for the statuses retry.afterStatusCodes names: a 503 left out backs off', async () => {
    const retry = { afterStatusCodes: [429] };
    const backedOff = await run([answer(503, { 'retry-after': '30' }), ok], retry);
    expect(backedOff.waits).toEqual([FIRST_BACKOFF]);
    const waited = await run([answer(429, { 'retry-after': '30' }), ok], retry);
    expect(waited.waits).toEqual([30_000]);
  });

  it('reads a Retry-After a status carries once retry.afterStatusCodes names it, still capped', async () => {
    const retry = { statusCodes: [502], afterStatusCodes: [502] };
    expect((await run([answer(502, { 'retry-after': '20' }), ok], retry)).waits).toEqual([20_000]);
    const refused = await run([answer(502, { 'retry-after': '61' }), ok], retry);
    expect(refused.attempts).toBe(1);
    expect(refused.error).toBeInstanceOf(InternalServerError);
  });

  for (const status of [408, 409, 500, 502, 504]) {
    it(`backs off on ${status}, whatever Retry-After or reset header it carries`, async () => {
      const result = await run(() => [
        answer(status, { 'retry-after': '30', 'x-ratelimit-reset': epochIn(40) }),
        ok,
      ]);
      expect(result.waits).toEqual([FIRST_BACKOFF]);
    });
  }

  it('doubles the backoff for each retry', async () => {
    const result = await run([answer(500), answer(500), ok]);
    expect(result.waits).toEqual([FIRST_BACKOFF, 2 * FIRST_BACKOFF]);
  });
});

describe('a requested wait over maxRetryAfter', () => {
  it('fails at once with RateLimitError carrying the Retry-After seconds', async () => {
    const result = await run([answer(429, { 'retry-after': '61' }), ok]);
    expect(result.attempts).toBe(1);
    expect(result.error).toBeInstanceOf(RateLimitError);
    expect((result.error as RateLimitError).retryAfter).toBe(61);
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
  });

  it('fails at once with RateLimitError carrying the seconds of X-RateLimit-Reset', async () => {
    const result = await run(() => [answer(429, { 'x-ratelimit-reset': epochIn(120) }), ok]);
    expect(result.attempts).toBe(1);
    expect(result.error).toBeInstanceOf(RateLimitError);
    const { retryAfter } = result.error as RateLimitError;
    expect(retryAfter).toBeGreaterThanOrEqual(119);
    expect(retryAfter).toBeLessThanOrEqual(120);
  });

  it('fails at once with InternalServerError carrying the Retry-After seconds of a 503', async () => {
    const result = await run([answer(503, { 'retry-after': '90' }), ok]);
    expect(result.attempts).toBe(1);
    expect(result.error).toBeInstanceOf(InternalServerError);
    expect((result.error as InternalServerError).retryAfter).toBe(90);
  });

  it('fails at once over a lower retry.maxRetryAfter, and waits one within it', async () => {
    const over = await run([answer(429, { 'retry-after': '11' }), ok], { maxRetryAfter: 10_000 });
    expect(over.attempts).toBe(1);
    expect((over.error as RateLimitError).retryAfter).toBe(11);
    const within = await run([answer(429, { 'retry-after': '10' }), ok], {
      maxRetryAfter: 10_000,
    });
    expect(within.waits).toEqual([10_000]);
  });

  it('fails at once on a POST too: a 429 is retried on every method, within the cap', async () => {
    const result = await run([answer(429, { 'retry-after': '3600' }), ok], undefined, 'POST');
    expect(result.attempts).toBe(1);
    expect((result.error as RateLimitError).retryAfter).toBe(3600);
  });
});

describe('what the caller sets cannot move a wait past the cap or below the server', () => {
  it('shouldRetry returning true keeps the Retry-After wait', async () => {
    const result = await run([answer(429, { 'retry-after': '30' }), ok], {
      shouldRetry: () => true,
    });
    expect(result.waits).toEqual([30_000]);
  });

  it('shouldRetry returning true keeps the cap: a wait over maxRetryAfter still fails at once', async () => {
    const shouldRetry = vi.fn(() => true);
    const result = await run([answer(429, { 'retry-after': '61' }), ok], { shouldRetry });
    expect(result.attempts).toBe(1);
    expect(result.error).toBeInstanceOf(RateLimitError);
  });

  it('delay, jitter and backoffLimit do not shorten a server-requested wait', async () => {
    const result = await run([answer(503, { 'retry-after': '20' }), ok], {
      delay: () => 0,
      jitter: () => 0,
      backoffLimit: 0,
    });
    expect(result.waits).toEqual([20_000]);
  });

  it('delay and backoffLimit do not stretch a backoff past maxRetryAfter', async () => {
    const result = await run([answer(500), ok], {
      delay: () => 10 * 60_000,
      backoffLimit: Number.POSITIVE_INFINITY,
      jitter: false,
    });
    expect(result.waits).toEqual([MAX_RETRY_AFTER_MS]);
    const lower = await run([answer(500), ok], {
      delay: () => 10 * 60_000,
      backoffLimit: Number.POSITIVE_INFINITY,
      maxRetryAfter: 5_000,
    });
    expect(lower.waits).toEqual([5_000]);
  });

  it('delay and backoffLimit may shorten the backoff, which the server did not ask for', async () => {
    expect((await run([answer(500), ok], { delay: () => 0 })).waits).toEqual([0]);
    expect((await run([answer(500), ok], { backoffLimit: 100 })).waits).toEqual([100]);
  });
});
