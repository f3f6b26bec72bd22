import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  APIError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  GoneError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  UnprocessableEntityError,
} from './core';
import { testClient, useNock } from './helpers';

useNock();

const transport = testClient({
  retry: 0,
  errorBody: (body) => {
    const error = (body as { error?: { code?: string; message?: string } }).error;
    return error ? { code: error.code, message: error.message } : undefined;
  },
});

describe('error classes', () => {
  const cases: [number, typeof APIError][] = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [410, GoneError],
    [413, PayloadTooLargeError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [418, APIError],
  ];
  for (const [status, ErrorClass] of cases) {
    it(`maps status ${status} to ${ErrorClass.name} with status, code, message, request id, body and headers`, async () => {
      const body = { error: { code: `code_${status}`, message: `failure ${status}` } };
      nock('http://api.test')
        .get('/v1/things')
        .reply(status, body, { 'x-request-id': 'req_42', 'x-extra': 'yes' });
      const error = await transport
        .request({ method: 'GET', path: 'things', operation: 'test.things' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErrorClass);
      expect(error).toBeInstanceOf(APIError);
      const apiError = error as APIError;
      expect(apiError.status).toBe(status);
      expect(apiError.code).toBe(`code_${status}`);
      expect(apiError.message).toContain(`failure ${status}`);
      expect(apiError.requestId).toBe('req_42');
      expect(apiError.body).toEqual(body);
      expect(apiError.headers.get('x-extra')).toBe('yes');
      expect(apiError.method).toBe('GET');
      expect(apiError.url).toBe('http://api.test/v1/things');
    });
  }

  it('keeps a text body and uses the status text when the body has no message', async () => {
    nock('http://api.test').get('/v1/plain').reply(502, 'upstream down');
    const error = (await transport
      .request({ method: 'GET', path: 'plain', operation: 'test.plain' })
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error.body).toBe('upstream down');
    expect(error.code).toBeUndefined();
  });

  it('gives RateLimitError the Retry-After seconds', async () => {
    nock('http://api.test').get('/v1/limited').reply(429, {}, { 'retry-after': '7' });
    const error = (await transport
      .request({ method: 'GET', path: 'limited', operation: 'test.limited' })
      .catch((e: unknown) => e)) as RateLimitError;
    expect(error.retryAfter).toBe(7);
  });
});
