/**
 * What an error tells the people and the log pipelines that read it: its message names the request
 * and the service's id of it, `JSON.stringify` keeps what identifies the failure, and `inspect`
 * (what Node prints for an uncaught error) shows the stack and those fields, never the body, the
 * headers or a credential.
 */
import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  APIConnectionError,
  APIResponseParseError,
  APIResponseValidationError,
  bearerAuth,
  type ClientKitError,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
} from './core';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

const TOKEN = 'tok_live_5ecret_value';
const errorBody = (body: unknown) => {
  const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
  return error && { code: error.code, message: error.message };
};
const client = () => testClient({ retry: 0, errorBody, auth: bearerAuth(TOKEN) });

const notFound = () =>
  nock('http://api.test')
    .get('/v1/spaces/x')
    .reply(
      404,
      { error: { code: 'space_not_found', message: 'No such space' }, internal: 'a'.repeat(500) },
      { 'x-request-id': 'req_42' },
    );

async function notFoundError(): Promise<NotFoundError> {
  notFound();
  const error = await rejectionOf(
    client().request({
      method: 'GET',
      path: 'spaces/{id}',
      pathParams: { id: 'x' },
      operation: 'spaces.get',
    }),
  );
  expect(error).toBeInstanceOf(NotFoundError);
  return error as NotFoundError;
}

describe('the message of an error answer', () => {
  it('ends with the request id when the answer carried one', async () => {
    const error = await notFoundError();
    expect(error.message).toBe(
      '404 space_not_found: No such space (GET http://api.test/v1/spaces/x) [request req_42]',
    );
  });

  it('has no request part when the answer carried no id', async () => {
    nock('http://api.test')
      .get('/v1/plain')
      .reply(404, { error: { message: 'gone' } });
    const error = await rejectionOf(client().request({ method: 'GET', path: 'plain' }));
    expect((error as Error).message).toBe('404: gone (GET http://api.test/v1/plain)');
  });

  it('of an answer that broke its schema ends with the request id too', async () => {
    nock('http://api.test')
      .get('/v1/thing')
      .reply(200, { id: 7 }, { 'x-request-id': 'req_schema' });
    const checked = testClient({
      retry: 0,
      validateResponses: true,
      responseSchemas: { Thing: z.object({ id: z.string() }) },
    });
    const error = await rejectionOf(
      checked.request({ method: 'GET', path: 'thing', response: 'Thing' }),
    );
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as Error).message).toMatch(/ \[request req_schema\]$/);
  });
});

describe('operation', () => {
  it('names the operation on an error answer', async () => {
    expect((await notFoundError()).operation).toBe('test.spaces.get');
  });

  it('names it on a failed connection', async () => {
    nock('http://api.test')
      .get('/v1/down')
      .replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    const error = await rejectionOf(
      client().request({ method: 'GET', path: 'down', operation: 'things.down' }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).operation).toBe('test.things.down');
  });

  it('names it on an input refused before anything is sent', async () => {
    const error = await rejectionOf(
      client().request({
        method: 'POST',
        path: 'things',
        operation: 'things.create',
        body: { name: 5 },
        bodySchema: z.object({ name: z.string() }),
      }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).operation).toBe('test.things.create');
  });

  it('names the escape hatch on its errors', async () => {
    nock('http://api.test').get('/v1/anything').reply(404, {});
    const error = await rejectionOf(client().core.request('GET', 'anything'));
    expect((error as NotFoundError).operation).toBe('test.request');
  });

  it('is given to retry.shouldRetry with the error of each attempt', async () => {
    nock('http://api.test').get('/v1/busy').reply(503, {});
    const seen: (string | undefined)[] = [];
    await rejectionOf(
      client().request({
        method: 'GET',
        path: 'busy',
        operation: 'things.busy',
        retry: {
          limit: 1,
          shouldRetry: ({ error }) => {
            seen.push((error as ClientKitError).operation);
            return false;
          },
        },
      }),
    );
    expect(seen).toEqual(['test.things.busy']);
  });
});

describe('JSON.stringify of an error', () => {
  it('keeps name, message, status, code, request id, operation and retryAfter, and nothing else', async () => {
    const error = await notFoundError();
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'NotFoundError',
      message:
        '404 space_not_found: No such space (GET http://api.test/v1/spaces/x) [request req_42]',
      status: 404,
      code: 'space_not_found',
      requestId: 'req_42',
      operation: 'test.spaces.get',
      retryAfter: null,
    });
  });

  it("carries a RateLimitError's retryAfter", async () => {
    nock('http://api.test').get('/v1/limited').reply(429, {}, { 'retry-after': '90' });
    const error = await rejectionOf(client().request({ method: 'GET', path: 'limited' }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).toJSON()).toMatchObject({ status: 429, retryAfter: 90 });
  });

  it('writes null for what does not apply to an error without an answer', async () => {
    const error = await rejectionOf(
      client().request({
        method: 'GET',
        path: 'things',
        query: { limit: 'many' },
        querySchema: z.object({ limit: z.optional(z.number()) }),
      }),
    );
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'RequestValidationError',
      message: (error as Error).message,
      status: null,
      code: null,
      requestId: null,
      operation: 'test.request',
      retryAfter: null,
    });
  });
});

describe('what logging an error shows', () => {
  it('leaves the body and the headers out of its enumerable fields', async () => {
    const error = await notFoundError();
    expect(Object.keys(error)).not.toContain('body');
    expect(Object.keys(error)).not.toContain('headers');
    expect(error.body).toMatchObject({ error: { code: 'space_not_found' } });
    expect(error.headers.get('x-request-id')).toBe('req_42');
  });

  it('inspects as its stack and the fields that identify it, without body or headers', async () => {
    const error = await notFoundError();
    const shown = inspect(error);
    expect(shown.startsWith(`NotFoundError: ${error.message}\n`)).toBe(true);
    expect(shown).toContain('status: 404');
    expect(shown).toContain("code: 'space_not_found'");
    expect(shown).toContain("requestId: 'req_42'");
    expect(shown).toContain("operation: 'test.spaces.get'");
    expect(shown).not.toContain('aaaaaaaaaa');
    expect(shown).not.toContain('Headers');
    expect(shown.split('\n').length).toBeLessThan(20);
  });

  it("shows the stack of the application's call, not the transport's frames", async () => {
    notFound();
    async function applicationCodeThatReadsASpace() {
      return client().request({
        method: 'GET',
        path: 'spaces/{id}',
        pathParams: { id: 'x' },
        operation: 'spaces.get',
      });
    }
    const error = (await rejectionOf(applicationCodeThatReadsASpace())) as Error;
    const frames = error.stack!.split('\n').slice(1);
    expect(frames.some((line) => line.includes('applicationCodeThatReadsASpace'))).toBe(true);
    expect(frames.some((line) => /runAttempts|src[/\\]transport[/\\]/.test(line))).toBe(false);
  });

  it('never shows the credential, in the message, the stack, inspect or JSON', async () => {
    nock('http://api.test')
      .get('/v1/secret')
      .reply(401, { error: { message: 'bad token' } });
    const error = await rejectionOf(client().request({ method: 'GET', path: 'secret' }));
    const everything = [
      String(error),
      (error as Error).stack,
      inspect(error, { depth: 10, showHidden: true }),
      JSON.stringify(error),
    ].join('\n');
    expect(everything).not.toContain(TOKEN);
  });

  it("prints, as Node reports an uncaught error, its fields and one line for its cause's chain", async () => {
    nock('http://api.test')
      .get('/v1/down')
      .replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    const error = (await rejectionOf(
      client().request({ method: 'GET', path: 'down' }),
    )) as APIConnectionError;
    // Node's report of an uncaught error inspects it without its custom inspect.
    const reported = inspect(error, { customInspect: false });
    expect(reported).toContain('[cause]: [Getter]');
    expect(reported).toContain("operation: 'test.request'");
    expect(reported).not.toContain('status:');
    expect((error.cause as Error).message).toContain('socket hang up');
  });

  it('inspects an APIResponseParseError without its headers', () => {
    const error = new APIResponseParseError({
      status: 200,
      contentType: 'text/html',
      text: '<p>hi</p>',
      headers: new Headers({ 'x-request-id': 'req_9', 'set-cookie': 'session=abc' }),
      requestId: 'req_9',
    });
    expect(Object.keys(error)).not.toContain('headers');
    expect(inspect(error)).not.toContain('session=abc');
  });
});
