import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  APIUserAbortError,
  ConflictError,
  InternalServerError,
  MAX_RETRY_AFTER_MS,
  RateLimitError,
  RequestValidationError,
  retryDelayMs,
} from './core';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

const transport = testClient();
const now = { 'retry-after': '0' };

describe('retry policy', () => {
  for (const status of [408, 409, 429, 500, 502, 503, 504]) {
    it(`retries an idempotent request answered ${status}`, async () => {
      nock('http://api.test')
        .get('/v1/r')
        .reply(status, {}, now)
        .get('/v1/r')
        .reply(200, { ok: 1 });
      expect(await transport.request({ method: 'GET', path: 'r', operation: 't' })).toEqual({
        ok: 1,
      });
    });
  }

  for (const status of [400, 401, 403, 404, 410, 413, 422, 501]) {
    it(`does not retry a request answered ${status}`, async () => {
      nock('http://api.test').get('/v1/r').reply(status, {}, now);
      await expect(
        transport.request({ method: 'GET', path: 'r', operation: 't' }),
      ).rejects.toMatchObject({ status });
    });
  }

  it('retries GET, HEAD, PUT and DELETE, which are idempotent by method', async () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE'] as const) {
      const lower = method.toLowerCase() as 'get' | 'head' | 'put' | 'delete';
      nock('http://api.test')[lower]('/v1/m').reply(503, {}, now)[lower]('/v1/m').reply(204);
      await transport.request({ method, path: 'm', operation: 't' });
    }
  });

  it('never retries a POST or PATCH on an interface without Idempotency-Key', async () => {
    nock('http://api.test').post('/v1/p').reply(503, {}, now);
    await expect(
      transport.request({ method: 'POST', path: 'p', operation: 't' }),
    ).rejects.toBeInstanceOf(InternalServerError);
    nock('http://api.test').patch('/v1/p').reply(409, {}, now);
    await expect(
      transport.request({ method: 'PATCH', path: 'p', operation: 't' }),
    ).rejects.toBeInstanceOf(ConflictError);
  });

  it('refuses, by name, retry.methods that add POST or PATCH where Idempotency-Key is not honoured', async () => {
    expect(() => testClient({ retry: { methods: ['get', 'POST'] } })).toThrow(
      /retry\.methods must not list POST or PATCH/,
    );
    const error = await rejectionOf(
      transport.request({
        method: 'GET',
        path: 'x',
        operation: 't',
        retry: { methods: ['patch'] },
      }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toBe('retry.methods');
  });

  it('retries a POST where Idempotency-Key is honoured, with the same key on every attempt', async () => {
    const keyed = testClient({ idempotencyKeys: true });
    const keys: string[] = [];
    nock('http://api.test')
      .post('/v1/p')
      .times(2)
      .reply(function () {
        keys.push(String(this.req.headers['idempotency-key']));
        return [503, {}, now];
      })
      .post('/v1/p')
      .reply(function () {
        keys.push(String(this.req.headers['idempotency-key']));
        return [200, {}];
      });
    await keyed.request({ method: 'POST', path: 'p', operation: 't' });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it("sends the caller's idempotencyKey, and a new key for each call", async () => {
    const keyed = testClient({ idempotencyKeys: true });
    const keys: string[] = [];
    nock('http://api.test')
      .post('/v1/p')
      .times(3)
      .reply(function () {
        keys.push(String(this.req.headers['idempotency-key']));
        return [200, {}];
      });
    await keyed.request({ method: 'POST', path: 'p', operation: 't', idempotencyKey: 'batch-1' });
    await keyed.request({ method: 'POST', path: 'p', operation: 't' });
    await keyed.request({ method: 'POST', path: 'p', operation: 't' });
    expect(keys[0]).toBe('batch-1');
    expect(keys[1]).not.toBe(keys[2]);
  });

  it('retries a connection error of an idempotent request', async () => {
    nock('http://api.test')
      .get('/v1/c')
      .replyWithError({ code: 'ECONNRESET' })
      .get('/v1/c')
      .reply(200, {});
    await transport.request({ method: 'GET', path: 'c', operation: 't', retry: 1 });
  });

  it('tries GET, HEAD, PUT and DELETE three times by default, POST and PATCH once without Idempotency-Key', async () => {
    const attempts: Record<string, number> = {};
    const counting = testClient({
      fetch: async (input) => {
        const { method } = input as Request;
        attempts[method] = (attempts[method] ?? 0) + 1;
        return new Response('{}', { status: 503, headers: now });
      },
    });
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'POST', 'PATCH'] as const) {
      await expect(counting.request({ method, path: 'x', operation: 't' })).rejects.toBeInstanceOf(
        InternalServerError,
      );
    }
    expect(attempts).toEqual({ GET: 3, HEAD: 3, PUT: 3, DELETE: 3, POST: 1, PATCH: 1 });
  });

  it('makes 1 + retry.limit attempts, then raises the last error', async () => {
    nock('http://api.test').get('/v1/x').times(3).reply(503, { n: 1 }, now);
    await expect(
      transport.request({ method: 'GET', path: 'x', operation: 't' }),
    ).rejects.toBeInstanceOf(InternalServerError);
  });

  it('makes exactly one attempt with retry 0, per request or per client', async () => {
    nock('http://api.test').get('/v1/x').reply(503, {}, now);
    await expect(
      transport.request({ method: 'GET', path: 'x', operation: 't', retry: 0 }),
    ).rejects.toBeInstanceOf(InternalServerError);
    nock('http://api.test').get('/v1/x').reply(503, {}, now);
    const noRetries = testClient({ retry: 0 });
    await expect(
      noRetries.request({ method: 'GET', path: 'x', operation: 't' }),
    ).rejects.toBeInstanceOf(InternalServerError);
  });

  it('lets a request allow more retries than the client default', async () => {
    nock('http://api.test').get('/v1/x').times(4).reply(503, {}, now).get('/v1/x').reply(200, {});
    await transport.request({ method: 'GET', path: 'x', operation: 't', retry: 4 });
  });

  it('waits the Retry-After seconds before retrying', async () => {
    nock('http://api.test')
      .get('/v1/w')
      .reply(429, {}, { 'retry-after': '1' })
      .get('/v1/w')
      .reply(200, {});
    const started = Date.now();
    await transport.request({ method: 'GET', path: 'w', operation: 't' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('waits until a Retry-After HTTP date before retrying', async () => {
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
    nock('http://api.test')
      .get('/v1/d')
      .reply(503, {}, { 'retry-after': at.toUTCString() })
      .get('/v1/d')
      .reply(200, {});
    await transport.request({ method: 'GET', path: 'd', operation: 't' });
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime() - 20);
  });

  it('stops waiting and raises APIUserAbortError when aborted during a backoff', async () => {
    nock('http://api.test').get('/v1/a').reply(503, {}, { 'retry-after': '30' });
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 100);
    await expect(
      transport.request({ method: 'GET', path: 'a', operation: 't', signal: controller.signal }),
    ).rejects.toBeInstanceOf(APIUserAbortError);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('Retry-After and backoff', () => {
  it('fails at once with RateLimitError carrying retryAfter when Retry-After exceeds 60 s', async () => {
    nock('http://api.test').get('/v1/l').reply(429, {}, { 'retry-after': '61' });
    const started = Date.now();
    const error = await rejectionOf(
      transport.request({ method: 'GET', path: 'l', operation: 't' }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(61);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
  });

  it('lets retry.maxRetryAfter lower the longest wait it accepts', async () => {
    nock('http://api.test').get('/v1/l').reply(503, {}, { 'retry-after': '2' });
    const error = await rejectionOf(
      transport.request({
        method: 'GET',
        path: 'l',
        operation: 't',
        retry: { maxRetryAfter: 1000 },
      }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('backs off from 0.5 s, doubling up to 8 s', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('takes off at most 25 % of each backoff as jitter', async () => {
    const delays: number[] = [];
    const jittered = testClient({
      retry: {
        limit: 1,
        delay: (attempt) => {
          delays.push(attempt);
          return 40;
        },
      },
    });
    nock('http://api.test').get('/v1/j').reply(500).get('/v1/j').reply(200, {});
    const started = Date.now();
    await jittered.request({ method: 'GET', path: 'j', operation: 't' });
    expect(delays).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(29);
  });

  it('lets retry.shouldRetry refuse a retry the defaults would make', async () => {
    nock('http://api.test').get('/v1/s').reply(503, {}, now);
    const error = await rejectionOf(
      transport.request({
        method: 'GET',
        path: 's',
        operation: 't',
        retry: { shouldRetry: () => false },
      }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
  });
});
