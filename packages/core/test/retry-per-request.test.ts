import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { InternalServerError } from './core';
import { testClient, useNock } from './helpers';

useNock();

const now = { 'retry-after': '0' };

describe('retry options per request', () => {
  it('replace the client’s statusCodes instead of adding to them, so a request can retry fewer statuses', async () => {
    const transport = testClient();
    nock('http://api.test').get('/v1/r').reply(503, {}, now);
    const error = await transport
      .request({
        method: 'GET',
        path: 'r',
        operation: 't',
        retry: { limit: 3, statusCodes: [500] },
      })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('replace the client’s methods instead of adding to them, so a request can leave PUT unretried', async () => {
    const transport = testClient();
    nock('http://api.test').put('/v1/r').reply(503, {}, now);
    const error = await transport
      .request({ method: 'PUT', path: 'r', operation: 't', retry: { methods: ['get'] } })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('are laid over the client’s, so retry: 2 on a request keeps the client’s statusCodes', async () => {
    const transport = testClient({ retry: { statusCodes: [500] } });
    nock('http://api.test').get('/v1/r').reply(503, {}, now);
    const error = await transport
      .request({ method: 'GET', path: 'r', operation: 't', retry: 2 })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('are laid over the client’s, so a request’s statusCodes keeps the client’s limit', async () => {
    const transport = testClient({ retry: 1 });
    nock('http://api.test').get('/v1/r').times(2).reply(503, {}, now);
    const error = await transport
      .request({ method: 'GET', path: 'r', operation: 't', retry: { statusCodes: [503] } })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(InternalServerError);
  });
});
