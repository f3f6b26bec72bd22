import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { InternalServerError } from './core';
import { testClient, useNock } from './helpers';

useNock();

const now = { 'retry-after': '0' };

describe('retry options of a request are merged over the client ones', () => {
  it('a request that sets only limit keeps the client statusCodes', async () => {
    const transport = testClient({ retry: { limit: 0, statusCodes: [418] } });
    nock('http://api.test').get('/v1/r').reply(418, {}, now).get('/v1/r').reply(200, { ok: 1 });
    const answer = await transport.request({ method: 'GET', path: 'r', operation: 't', retry: 1 });
    expect(answer).toEqual({ ok: 1 });
  });

  it('a request that sets only limit keeps the client shouldRetry', async () => {
    const transport = testClient({
      retry: { limit: 0, shouldRetry: () => false },
    });
    nock('http://api.test').get('/v1/r').reply(503, {}, now);
    await expect(
      transport.request({ method: 'GET', path: 'r', operation: 't', retry: { limit: 2 } }),
    ).rejects.toBeInstanceOf(InternalServerError);
  });

  it('a request that sets only limit keeps the client maxRetryAfter', async () => {
    const transport = testClient({ retry: { limit: 0, maxRetryAfter: 1000 } });
    nock('http://api.test').get('/v1/r').reply(503, {}, { 'retry-after': '5' });
    await expect(
      transport.request({ method: 'GET', path: 'r', operation: 't', retry: 2 }),
    ).rejects.toBeInstanceOf(InternalServerError);
  });
});
