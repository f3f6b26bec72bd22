import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { APITimeoutError, NotFoundError, RateLimitError } from '../src/index';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

describe('ky, loaded with the first request', () => {
  it('serves parallel first requests from one load', async () => {
    nock('http://api.test').get('/v1/items/1').reply(200, { id: 1 });
    nock('http://api.test').get('/v1/items/2').reply(200, { id: 2 });
    const transport = testClient();
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
  });

  it('maps an error answer to the error class of its status with the lazily loaded ky', async () => {
    nock('http://api.test').get('/v1/missing').reply(404, { message: 'no such item' });
    const transport = testClient();
    const error = await rejectionOf(
      transport.request({ method: 'GET', path: 'missing', operation: 'test.get' }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('fails at once on a Retry-After beyond maxRetryAfter with the lazily loaded ky', async () => {
    const scope = nock('http://api.test').get('/v1/busy').reply(429, {}, { 'retry-after': '3600' });
    const transport = testClient();
    const error = await rejectionOf(
      transport.request({ method: 'GET', path: 'busy', operation: 'test.get' }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(scope.isDone()).toBe(true);
  });

  it('reports an attempt over its timeout as APITimeoutError with the lazily loaded ky', async () => {
    nock('http://api.test').get('/v1/hang').delay(2000).reply(200, {});
    const transport = testClient({ timeout: 50, retry: 0 });
    const error = await rejectionOf(
      transport.request({ method: 'GET', path: 'hang', operation: 'test.get' }),
    );
    expect(error).toBeInstanceOf(APITimeoutError);
  });
});
