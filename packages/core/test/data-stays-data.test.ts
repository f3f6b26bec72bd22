/**
 * Copies of an answer made for errors and logs keep `__proto__`, `constructor` and `prototype`
 * keys as their own data, never as a prototype: `err.body.isAdmin` cannot be planted, and
 * `{"__proto__": null}` cannot make the copy unprintable.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { rawServer } from '../../../test-support/raw-server';
import {
  APIResponseValidationError,
  type Auth,
  bearerAuth,
  type Logger,
  NotFoundError,
} from './core';
import { rejectionOf, testClient } from './helpers';

const HOSTILE = [
  '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}, "prototype": {"x": 1}}',
  '{"__proto__": null, "id": 7}',
];

/** A copy that holds each key of the hostile body as its own data, on Object's prototype. */
function expectDataOnly(copy: unknown): void {
  const body = copy as Record<string, unknown>;
  expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
  expect(Object.hasOwn(body, '__proto__')).toBe(true);
  expect(body.isAdmin).toBeUndefined();
  expect(() => String(body)).not.toThrow();
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/** A raw server answering `status` with `text` as JSON, and a logging client of it. */
async function clientAnswering(status: number, text: string, auth?: Auth) {
  const server = await rawServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' }).end(text);
  });
  const lines: { message: string; details?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    debug: (message, details) => lines.push({ message, details }),
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
  };
  const client = testClient({
    baseUrl: server.origin,
    retry: 0,
    logger,
    logLevel: 'debug',
    validateResponses: true,
    responseSchemas: { Thing: z.object({ id: z.string() }) },
    ...(auth ? { auth } : {}),
  });
  return { client, lines };
}

describe.each([
  ['without secrets known', undefined],
  ['with secrets known', bearerAuth('tok_known_secret_123')],
])('a hostile body %s', (_name, auth) => {
  it.each(HOSTILE)('stays data in an answer that breaks its schema: %s', async (text) => {
    const { client, lines } = await clientAnswering(200, text, auth);
    const error = await rejectionOf(
      client.request({ method: 'GET', path: 'things/1', response: 'Thing' }),
    );
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expectDataOnly((error as APIResponseValidationError).body);
    expectDataOnly(lines.at(-1)?.details?.responseBody);
  });

  it.each(HOSTILE)('stays data in an error answer: %s', async (text) => {
    const { client, lines } = await clientAnswering(404, text, auth);
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things/1' }));
    expect(error).toBeInstanceOf(NotFoundError);
    expectDataOnly((error as NotFoundError).body);
    expectDataOnly(lines.at(-1)?.details?.responseBody);
  });
});
