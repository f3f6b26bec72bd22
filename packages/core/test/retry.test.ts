import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  APIUserAbortError,
  ConflictError,
  createTransport,
  InternalServerError,
  MAX_RETRY_AFTER_MS,
  retryDelayMs,
} from '../src/index';
import { BASE, useNock } from './helpers';

useNock();

const transport = createTransport({ baseUrl: BASE });
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

  it('does not retry a POST or PATCH unless the request is marked idempotent', async () => {
    nock('http://api.test').post('/v1/p').reply(503, {}, now);
    await expect(
      transport.request({ method: 'POST', path: 'p', operation: 't' }),
    ).rejects.toBeInstanceOf(InternalServerError);
    nock('http://api.test').patch('/v1/p').reply(409, {}, now);
    await expect(
      transport.request({ method: 'PATCH', path: 'p', operation: 't' }),
    ).rejects.toBeInstanceOf(ConflictError);
    nock('http://api.test').post('/v1/p').reply(503, {}, now).post('/v1/p').reply(200, {});
    await transport.request({ method: 'POST', path: 'p', operation: 't', idempotent: true });
  });

  it('retries a connection error of an idempotent request', async () => {
    nock('http://api.test')
      .get('/v1/c')
      .replyWithError({ code: 'ECONNRESET' })
      .get('/v1/c')
      .reply(200, {});
    await transport.request({ method: 'GET', path: 'c', operation: 't', retry: 1 });
  });

  it('makes 1 + maxRetries attempts, then raises the last error', async () => {
    nock('http://api.test').get('/v1/x').times(3).reply(503, { n: 1 }, now);
    await expect(
      transport.request({ method: 'GET', path: 'x', operation: 't' }),
    ).rejects.toBeInstanceOf(InternalServerError);
  });

  it('makes exactly one attempt with maxRetries 0, per request or per client', async () => {
    nock('http://api.test').get('/v1/x').reply(503, {}, now);
    await expect(
      transport.request({ method: 'GET', path: 'x', operation: 't', retry: 0 }),
    ).rejects.toBeInstanceOf(InternalServerError);
    nock('http://api.test').get('/v1/x').reply(503, {}, now);
    const noRetries = createTransport({ baseUrl: BASE, retry: 0 });
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

describe('retryDelayMs', () => {
  const headers = (value: string) => new Headers({ 'retry-after': value });

  it('honours Retry-After in seconds', () => {
    expect(retryDelayMs(0, headers('3'))).toBe(3000);
    expect(retryDelayMs(5, headers('0.5'))).toBe(500);
  });

  it('honours Retry-After as an HTTP date', () => {
    const inFive = new Date(Date.now() + 5000).toUTCString();
    const delay = retryDelayMs(0, headers(inFive));
    expect(delay).toBeGreaterThan(3900);
    expect(delay).toBeLessThanOrEqual(5000);
  });

  it('caps Retry-After at 60 seconds', () => {
    expect(retryDelayMs(0, headers('3600'))).toBe(MAX_RETRY_AFTER_MS);
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
  });

  it('treats a date in the past as no wait and ignores an unreadable value', () => {
    expect(retryDelayMs(0, headers(new Date(Date.now() - 10_000).toUTCString()))).toBe(0);
    expect(retryDelayMs(0, headers('soon'), () => 0)).toBe(500);
  });

  it('backs off from 0.5 s, doubling up to 8 s, without jitter at random 0', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((retry) => retryDelayMs(retry, undefined, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('takes off at most 25 % as jitter', () => {
    expect(retryDelayMs(0, undefined, () => 0.999999)).toBeCloseTo(375, 0);
    expect(retryDelayMs(4, undefined, () => 1)).toBe(6000);
  });
});
