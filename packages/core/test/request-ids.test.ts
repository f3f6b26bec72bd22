/**
 * One reader of request ids, used by errors, logs and `withResponse()`: `x-request-id`, else
 * `request-id` (the header of the metering service). Every error whose answer carried one has it.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  type APIError,
  APIResponseValidationError,
  InternalServerError,
  type Logger,
  RateLimitError,
  requestIdOf,
} from './core';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

const headerCases: [string, Record<string, string>, string | null][] = [
  ['x-request-id', { 'x-request-id': 'req_x' }, 'req_x'],
  ['Request-Id alone (the metering service)', { 'Request-Id': 'req_plain' }, 'req_plain'],
  ['both, x-request-id first', { 'x-request-id': 'req_x', 'request-id': 'req_plain' }, 'req_x'],
  ['neither', {}, null],
];

describe('request ids', () => {
  for (const [name, headers, expected] of headerCases) {
    it(`reads ${name} the same way in errors, logs and withResponse()`, async () => {
      const lines: Record<string, unknown>[] = [];
      const logger: Logger = {
        debug: (_message, details) => lines.push(details ?? {}),
        info: () => {},
        warn: () => {},
        error: () => {},
      };
      const client = testClient({ retry: 0, logger, logLevel: 'debug' });
      nock('http://api.test').get('/v1/ok').reply(200, {}, headers);
      nock('http://api.test').get('/v1/missing').reply(404, {}, headers);
      const { requestId } = await client
        .request({ method: 'GET', path: 'ok', operation: 'ok' })
        .withResponse();
      const error = await rejectionOf(
        client.request({ method: 'GET', path: 'missing', operation: 'missing' }),
      );
      expect(requestId).toBe(expected);
      expect((error as APIError).requestId).toBe(expected);
      expect(lines.map((line) => line.requestId)).toEqual([expected, expected]);
      expect(requestIdOf(new Headers(headers))).toBe(expected);
    });
  }

  for (const status of [400, 401, 403, 404, 409, 410, 413, 422, 429, 500, 502, 503, 504]) {
    it(`is on the error of a ${status} answer that carried Request-Id`, async () => {
      nock('http://api.test')
        .get('/v1/e')
        .reply(status, {}, { 'Request-Id': `req_${status}` });
      const error = await rejectionOf(
        testClient({ retry: 0 }).request({ method: 'GET', path: 'e', operation: 'e' }),
      );
      expect((error as APIError).requestId).toBe(`req_${status}`);
    });
  }

  it('is on a RateLimitError that fails at once over maxRetryAfter', async () => {
    nock('http://api.test')
      .post('/v1/e')
      .reply(429, {}, { 'retry-after': '3600', 'request-id': 'req_slow' });
    const error = await rejectionOf(
      testClient().request({ method: 'POST', path: 'e', operation: 'e' }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).requestId).toBe('req_slow');
  });

  it('is the id of the last answer when the retries run out', async () => {
    nock('http://api.test')
      .get('/v1/e')
      .reply(503, {}, { 'retry-after': '0', 'request-id': 'req_1' })
      .get('/v1/e')
      .reply(503, {}, { 'retry-after': '0', 'request-id': 'req_2' });
    const error = await rejectionOf(
      testClient({ retry: 1 }).request({ method: 'GET', path: 'e', operation: 'e' }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).requestId).toBe('req_2');
  });

  it('is on an APIResponseValidationError, whose answer carried one', async () => {
    nock('http://api.test').get('/v1/v').reply(200, { id: 42 }, { 'request-id': 'req_shape' });
    const client = testClient({
      validateResponses: true,
      responseSchemas: { Thing: z.object({ id: z.string() }) },
    });
    const error = await rejectionOf(
      client.request({ method: 'GET', path: 'v', operation: 'v', response: 'Thing' }),
    );
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).requestId).toBe('req_shape');
  });
});
