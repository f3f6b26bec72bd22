/**
 * What hooks find in ky's `options.context`: the operation's name and path template, next to the
 * caller's own keys (client and request), and nothing of core's own state.
 */
import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { bearerAuth, RequestValidationError } from './core';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

const TOKEN = 'sk_hook_context_secret_1';

/** A client whose four hooks record the context each one saw. */
function recording(clientContext?: Record<string, unknown>) {
  const seen: { hook: string; context: Record<string, unknown> }[] = [];
  const record =
    (hook: string) =>
    (context: Record<string, unknown>): void => {
      seen.push({ hook, context: { ...context } });
    };
  const client = testClient({
    auth: bearerAuth(TOKEN),
    retry: 1,
    ...(clientContext ? { context: clientContext } : {}),
    hooks: {
      beforeRequest: [(_request, options) => record('beforeRequest')(options.context)],
      beforeRetry: [({ options }) => record('beforeRetry')(options.context)],
      afterResponse: [(_request, options) => record('afterResponse')(options.context)],
      beforeError: [
        (error) => {
          record('beforeError')(error.options.context);
          return error;
        },
      ],
    },
  });
  return { client, seen };
}

describe("the hooks' context", () => {
  it('holds operation and pathTemplate, next to the client and request context keys, in every hook', async () => {
    nock('http://api.test')
      .get('/v1/spaces/space_1')
      .reply(503, {}, { 'retry-after': '0' })
      .get('/v1/spaces/space_1')
      .reply(404, {});
    const { client, seen } = recording({ tenant: 'acme', region: 'eu' });
    await rejectionOf(
      client.request({
        method: 'GET',
        path: 'spaces/{spaceId}',
        pathParams: { spaceId: 'space_1' },
        operation: 'spaces.get',
        context: { traceId: 'trace_7', region: 'us' },
      }),
    );
    // ky runs beforeError on every error answer, the retried one included.
    expect(seen.map(({ hook }) => hook)).toEqual([
      'beforeRequest',
      'afterResponse',
      'beforeError',
      'beforeRetry',
      'beforeRequest',
      'afterResponse',
      'beforeError',
    ]);
    for (const { context } of seen) {
      expect(context).toEqual({
        tenant: 'acme',
        region: 'us',
        traceId: 'trace_7',
        operation: 'test.spaces.get',
        pathTemplate: 'spaces/{spaceId}',
      });
    }
  });

  it('holds operation and pathTemplate when the caller gives no context', async () => {
    nock('http://api.test').post('/v1/things').reply(201, {});
    const { client, seen } = recording();
    await client.request({ method: 'POST', path: '/things', operation: 'things.create' });
    expect(seen[0]?.context).toEqual({ operation: 'test.things.create', pathTemplate: 'things' });
  });

  it('never holds the credentials, the sent headers or any other state of core', async () => {
    nock('http://api.test').get('/v1/x').reply(200, {});
    const { client, seen } = recording({ tenant: 'acme' });
    await client.request({ method: 'GET', path: 'x', operation: 'x' });
    for (const { context } of seen) {
      expect(Object.keys(context).sort()).toEqual(['operation', 'pathTemplate', 'tenant']);
      expect(inspect(context, { depth: 10, showHidden: true })).not.toContain(TOKEN);
    }
  });

  it('is a fresh object for every call: a hook that writes to it changes no other call', async () => {
    nock('http://api.test').get('/v1/x').times(2).reply(200, {});
    const shared = { tenant: 'acme' };
    const client = testClient({
      context: shared,
      hooks: {
        beforeRequest: [
          (_request, options) => {
            expect(options.context.mark).toBeUndefined();
            options.context.mark = 'written';
          },
        ],
      },
    });
    await client.request({ method: 'GET', path: 'x', operation: 'x' });
    await client.request({ method: 'GET', path: 'x', operation: 'x' });
    expect(shared).toEqual({ tenant: 'acme' });
  });

  for (const key of ['operation', 'pathTemplate']) {
    it(`refuses a caller context key named ${key}, in the client options and per request`, async () => {
      expect(() => testClient({ context: { [key]: 'mine' } })).toThrow(RequestValidationError);
      const error = await rejectionOf(
        testClient().request({
          method: 'GET',
          path: 'x',
          operation: 'x',
          context: { [key]: 'mine' },
        }),
      );
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues).toEqual([
        {
          path: 'context',
          message: 'must not set operation or pathTemplate, which the client sets',
        },
      ]);
    });
  }

  it('refuses a context that is not an object', async () => {
    const error = await rejectionOf(
      testClient().request({
        method: 'GET',
        path: 'x',
        operation: 'x',
        context: 'tenant' as never,
      }),
    );
    expect((error as RequestValidationError).issues[0]).toEqual({
      path: 'context',
      message: 'must be an object',
    });
  });
});
