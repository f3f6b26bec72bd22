/**
 * A hook's forced retry (`ky.retry()` returned from `afterResponse`) follows the same rules as any
 * retry: the same methods, the same limit, and waits that neither undercut the server nor exceed
 * `maxRetryAfter`. Waits run on a fake clock.
 */
import ky from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  forceRetry,
  type HttpMethod,
  InternalServerError,
  RateLimitError,
  type RetrySetting,
  stopRetrying,
} from './core';
import { testClient } from './helpers';
import { answer, onFakeClock, type Step, scriptedFetch } from './scripted';

afterEach(() => vi.restoreAllMocks());

const ok = answer(200, {}, { ok: true });
const FIRST_BACKOFF = 375;

/** Runs one request whose afterResponse hook forces a retry after the first answer. */
async function forced(
  method: HttpMethod,
  script: Step[],
  retryOptions?: Parameters<typeof ky.retry>[0],
  settings: { retry?: RetrySetting; idempotencyKeys?: boolean } = {},
) {
  const scripted = scriptedFetch(script);
  const client = testClient({ fetch: scripted.fetch, ...settings });
  const afterResponse = (
    _request: Request,
    _options: unknown,
    _response: Response,
    state: { retryCount: number },
  ) => (state.retryCount === 0 ? ky.retry(retryOptions) : undefined);
  const outcome = await onFakeClock(() =>
    client
      .request({ method, path: 'f', operation: 't', hooks: { afterResponse: [afterResponse] } })
      .then(
        (data) => ({ data, error: undefined }),
        (error: unknown) => ({ data: undefined, error }),
      ),
  );
  return { ...outcome, attempts: scripted.attempts.length, waits: scripted.waits() };
}

describe("a hook's forced retry", () => {
  it('is followed on GET, after the ordinary backoff when it names no delay', async () => {
    const result = await forced('GET', [ok, ok]);
    expect(result.attempts).toBe(2);
    expect(result.waits).toEqual([FIRST_BACKOFF]);
  });

  for (const method of ['POST', 'PATCH'] as const) {
    it(`is not followed on a ${method} answered 200: the request may have been applied`, async () => {
      const result = await forced(method, [ok, ok]);
      expect(result.attempts).toBe(1);
      expect(result.data).toEqual({ ok: true });
    });
  }

  it('is followed on a POST where the interface honours Idempotency-Key', async () => {
    const result = await forced('POST', [ok, ok], undefined, { idempotencyKeys: true });
    expect(result.attempts).toBe(2);
  });

  it('is followed on a POST answered 429, which was not processed', async () => {
    const result = await forced('POST', [answer(429, { 'retry-after': '2' }), ok]);
    expect(result.attempts).toBe(2);
    expect(result.waits).toEqual([2_000]);
  });

  it('cannot shorten a server-requested wait', async () => {
    const result = await forced('GET', [answer(503, { 'retry-after': '20' }), ok], { delay: 0 });
    expect(result.waits).toEqual([20_000]);
  });

  it('may wait longer than the server asked, up to maxRetryAfter', async () => {
    const result = await forced('GET', [answer(503, { 'retry-after': '2' }), ok], {
      delay: 5_000,
    });
    expect(result.waits).toEqual([5_000]);
  });

  it('cannot stretch a wait past maxRetryAfter', async () => {
    const result = await forced('GET', [ok, ok], { delay: 10 * 60_000 });
    expect(result.waits).toEqual([60_000]);
    const lower = await forced(
      'GET',
      [ok, ok],
      { delay: 10 * 60_000 },
      {
        retry: { maxRetryAfter: 5_000 },
      },
    );
    expect(lower.waits).toEqual([5_000]);
  });

  it('is not followed when the server asked for more than maxRetryAfter: the 429 fails at once', async () => {
    const result = await forced('GET', [answer(429, { 'retry-after': '61' }), ok], { delay: 0 });
    expect(result.attempts).toBe(1);
    expect(result.error).toBeInstanceOf(RateLimitError);
    expect((result.error as RateLimitError).retryAfter).toBe(61);
  });

  it("counts against the retry limit, then rejects with ky's ForceRetryError", async () => {
    const scripted = scriptedFetch([ok]);
    const client = testClient({ fetch: scripted.fetch, retry: 2 });
    const error = await onFakeClock(() =>
      client
        .request({
          method: 'GET',
          path: 'f',
          operation: 't',
          hooks: { afterResponse: [() => ky.retry({ delay: 0 })] },
        })
        .then(
          () => undefined,
          (caught: unknown) => caught,
        ),
    );
    expect(scripted.attempts).toHaveLength(3);
    expect((error as Error).name).toBe('ForceRetryError');
  });
});

describe("clientkit's own hook results", () => {
  it('forceRetry() from afterResponse retries like ky.retry(), after the delay it names', async () => {
    const scripted = scriptedFetch([ok, ok]);
    const client = testClient({ fetch: scripted.fetch });
    const afterResponse = (
      _r: Request,
      _o: unknown,
      _a: Response,
      state: { retryCount: number },
    ) => (state.retryCount === 0 ? forceRetry({ delay: 1_200 }) : undefined);
    await onFakeClock(() =>
      client.request({
        method: 'GET',
        path: 'f',
        operation: 't',
        hooks: { afterResponse: [afterResponse] },
      }),
    );
    expect(scripted.attempts).toHaveLength(2);
    expect(scripted.waits()).toEqual([1_200]);
  });

  for (const [name, stop] of [
    ['stopRetrying', stopRetrying],
    ["ky's ky.stop", ky.stop],
  ] as const) {
    it(`${name} from beforeRetry gives up with the error of the last attempt`, async () => {
      const busy = answer(503, {}, { error: 'busy' });
      const scripted = scriptedFetch([busy, busy, busy]);
      const client = testClient({ fetch: scripted.fetch });
      const outcome = await onFakeClock(() =>
        client
          .request({
            method: 'GET',
            path: 'f',
            operation: 't',
            hooks: { beforeRetry: [() => stop] },
          })
          .catch((error: unknown) => error),
      );
      expect(scripted.attempts).toHaveLength(1);
      expect(outcome).toBeInstanceOf(InternalServerError);
    });
  }
});
