/**
 * What clients need in production, on the docs client with nock: the operation names its hooks
 * and logs carry, the secrets its contract marks, and the retry rules on its writes.
 */

import { APITemporaryToken } from '@clientkit/contracts/docs/responses';
import { type Logger, REDACTED } from '@clientkit/core';
import { isSecret } from '@clientkit/core/contract';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { rejectionOf, useNock } from '../../../test-support/unit';
import { DocsClient, RateLimitError, type RequestValidationError } from '../src/index';

const ORIGIN = 'http://docs.test';
const TOKEN = 'tok_production_unit_1';

useNock();

function capture() {
  const lines: { message: string; details: Record<string, unknown> }[] = [];
  const line = (message: string, details?: Record<string, unknown>) =>
    void lines.push({ message, details: details ?? {} });
  const logger: Logger = { debug: line, info: line, warn: line, error: line };
  return { logger, lines };
}

describe('docs client in production', () => {
  it("gives hooks the contract's operation name and path template", async () => {
    nock(ORIGIN).get('/v1/spaces/s1/permissions/users').query(true).reply(200, { items: [] });
    const seen: unknown[] = [];
    const docs = new DocsClient({
      baseUrl: ORIGIN,
      token: TOKEN,
      hooks: { beforeRequest: [(_request, options) => void seen.push(options.context)] },
    });
    await docs.spaces.permissions.listUsers('s1', { limit: 1 });
    expect(seen).toEqual([
      {
        operation: 'docs.spaces.permissions.listUsers',
        pathTemplate: 'spaces/{spaceId}/permissions/users',
      },
    ]);
  });

  it('marks the token of APITemporaryToken secret in the contract', () => {
    expect(isSecret(APITemporaryToken.shape.token)).toBe(true);
    expect(isSecret(APITemporaryToken.shape.expiresAt)).toBe(false);
  });

  it('logs a notifications token answer at debug with the token the contract marks secret replaced', async () => {
    nock(ORIGIN)
      .post('/v1/user/notifications/token')
      .reply(200, { token: 'jwt-issued-secret-1', expiresAt: '2026-06-01T09:00:00Z' });
    const { logger, lines } = capture();
    const docs = new DocsClient({ baseUrl: ORIGIN, token: TOKEN, logger, logLevel: 'debug' });
    expect((await docs.user.createNotificationsToken()).token).toBe('jwt-issued-secret-1');
    expect(lines[0]?.details.responseBody).toEqual({
      token: REDACTED,
      expiresAt: '2026-06-01T09:00:00Z',
    });
    expect(JSON.stringify(lines)).not.toMatch(/jwt-issued-secret-1|tok_production_unit_1/);
  });

  it('logs a Git import body without the credentials of its URL', async () => {
    nock(ORIGIN).post('/v1/spaces/s1/git/import').reply(204);
    const { logger, lines } = capture();
    const docs = new DocsClient({ baseUrl: ORIGIN, token: TOKEN, logger, logLevel: 'debug' });
    await docs.spaces.git.import('s1', {
      url: 'https://bot:ghp_secret_1@github.com/acme/handbook.git',
      ref: 'main',
    });
    expect(lines[0]?.details.requestBody).toEqual({
      url: 'https://github.com/acme/handbook.git',
      ref: 'main',
    });
  });

  it('retries a PATCH answered 429 and fails at once on one asking more than maxRetryAfter', async () => {
    nock(ORIGIN)
      .patch('/v1/spaces/s1')
      .reply(429, {}, { 'retry-after': '0' })
      .patch('/v1/spaces/s1')
      .reply(200, { id: 's1' })
      .patch('/v1/spaces/s1')
      .reply(429, {}, { 'retry-after': '61', 'x-request-id': 'req_61' });
    const docs = new DocsClient({ baseUrl: ORIGIN, token: TOKEN });
    expect(await docs.spaces.update('s1', { title: 'x' })).toEqual({ id: 's1' });
    const error = await rejectionOf(docs.spaces.update('s1', { title: 'y' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(61);
    expect((error as RateLimitError).requestId).toBe('req_61');
  });

  it('refuses extraQuery limit on a search, which the typed input bounds to 1000', async () => {
    const docs = new DocsClient({ baseUrl: ORIGIN, token: TOKEN });
    const error = await rejectionOf(
      docs.spaces.search('s1', { query: 'a' }, { extraQuery: { limit: 5000 } }),
    );
    expect((error as RequestValidationError).issues[0]?.path).toBe('extraQuery.limit');
  });
});
