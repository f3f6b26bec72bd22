import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import { APITimeoutError, createTransport, NotFoundError, RateLimitError } from '../src/index';
import { loadedKy } from '../src/ky-loader';
import { BASE, rejectionOf, useNock } from './helpers';

// These tests run the transport with the loader of core's Node builds, which loads ky on the first
// request (the sources' default loader imports it up front).
vi.mock('../src/ky-loader', () => import('../src/ky-loader.node'));

useNock();

describe('ky loaded on the first request (Node builds)', () => {
  it('loads nothing of ky before the first request, then serves parallel first requests from one load', async () => {
    expect(loadedKy()).toBeUndefined();
    nock('http://api.test').get('/v1/items/1').reply(200, { id: 1 });
    nock('http://api.test').get('/v1/items/2').reply(200, { id: 2 });
    const transport = createTransport({ baseUrl: BASE });
    const answers = await Promise.all(
      [1, 2].map((id) =>
        transport.request({
          method: 'GET',
          path: 'items/{id}',
          pathParams: { id },
          operation: 'test.get',
        }),
      ),
    );
    expect(answers).toEqual([{ id: 1 }, { id: 2 }]);
    expect(loadedKy()?.ky).toBeTypeOf('function');
  });

  it('maps an error answer to the error class of its status with the lazily loaded ky', async () => {
    nock('http://api.test').get('/v1/missing').reply(404, { message: 'no such item' });
    const transport = createTransport({ baseUrl: BASE });
    const error = await rejectionOf(
      transport.request({ method: 'GET', path: 'missing', operation: 'test.get' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('fails at once on a Retry-After beyond maxRetryAfter with the lazily loaded ky', async () => {
    const scope = nock('http://api.test').get('/v1/busy').reply(429, {}, { 'retry-after': '3600' });
    const transport = createTransport({ baseUrl: BASE });
    const error = await rejectionOf(
      transport.request({ method: 'GET', path: 'busy', operation: 'test.get' }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(scope.isDone()).toBe(true);
  });

  it('reports an attempt over its timeout as APITimeoutError with the lazily loaded ky', async () => {
    nock('http://api.test').get('/v1/hang').delay(2000).reply(200, {});
    const transport = createTransport({ baseUrl: BASE, timeout: 50, retry: 0 });
    const error = await rejectionOf(
      transport.request({ method: 'GET', path: 'hang', operation: 'test.get' }),
    );
    expect(error).toBeInstanceOf(APITimeoutError);
  });
});
