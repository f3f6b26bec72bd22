import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  APIConnectionError,
  APIResponseValidationError,
  APITimeoutError,
  APIUserAbortError,
  bearerAuth,
  checkOptionNames,
  InternalServerError,
  type Logger,
  PayloadTooLargeError,
  RequestValidationError,
  type TransportHooks,
  tokenProvider,
  VERSION,
} from './core';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

describe('the door and its transport', () => {
  it('sends requests relative to the base URL with the user agent, accept header and defaults', async () => {
    const scope = nock('http://api.test', {
      reqheaders: {
        'user-agent': `clientkit/${VERSION}`,
        accept: 'application/json',
        'x-team': 'blue',
      },
    })
      .get('/v1/spaces/abc')
      .reply(200, { id: 'abc' });
    const transport = testClient({ headers: { 'X-Team': 'blue' } });
    const space = await transport.request({
      method: 'GET',
      path: 'spaces/{spaceId}',
      pathParams: { spaceId: 'abc' },
      operation: 'test.get',
    });
    expect(space).toEqual({ id: 'abc' });
    expect(scope.isDone()).toBe(true);
  });

  it('lets a request replace or remove a default header', async () => {
    nock('http://api.test', { badheaders: ['x-team'], reqheaders: { 'user-agent': 'mine/1' } })
      .get('/v1/x')
      .reply(204);
    const transport = testClient({ headers: { 'x-team': 'blue' } });
    await transport.request({
      method: 'GET',
      path: 'x',
      operation: 'test.x',
      headers: { 'x-team': undefined, 'User-Agent': 'mine/1' },
    });
  });

  it('lets the client options replace a default header whatever its letter case', async () => {
    const scope = nock('http://api.test', { reqheaders: { 'user-agent': 'mine/2' } })
      .get('/v1/x')
      .reply(204);
    const transport = testClient({ headers: { 'User-Agent': 'mine/2' } });
    await transport.request({ method: 'GET', path: 'x', operation: 'test.x' });
    expect(scope.isDone()).toBe(true);
  });

  it('sends fixed credentials over a request header of the same name', async () => {
    const scope = nock('http://api.test', { reqheaders: { authorization: 'Bearer fixed' } })
      .get('/v1/x')
      .twice()
      .reply(204);
    const transport = testClient({ auth: bearerAuth('fixed') });
    await transport.request({
      method: 'GET',
      path: 'x',
      operation: 'test.x',
      headers: { Authorization: 'Bearer other' },
    });
    await transport.request({ method: 'GET', path: 'x', operation: 'test.x' });
    expect(scope.isDone()).toBe(true);
  });

  it('refuses an empty query on every call when its schema requires a parameter', async () => {
    const transport = testClient();
    const spec = {
      method: 'GET' as const,
      path: 'x',
      operation: 'test.x',
      querySchema: z.object({ q: z.string() }),
    };
    for (const query of [undefined, {}, {}]) {
      const error = await rejectionOf(transport.request({ ...spec, query }));
      expect(error).toBeInstanceOf(RequestValidationError);
    }
  });

  it('percent-encodes path parameters', async () => {
    nock('http://api.test').get('/v1/events/by-slug/a%2Fb%20c').reply(200, {});
    const transport = testClient();
    await transport.request({
      method: 'GET',
      path: 'events/by-slug/{slug}',
      pathParams: { slug: 'a/b c' },
      operation: 'test.slug',
    });
  });

  it('fills every {name} placeholder of a path and sends other braces as they are', async () => {
    const sent: string[] = [];
    const transport = testClient({
      fetch: async (input) => {
        sent.push((input as Request).url);
        return new Response(null, { status: 204 });
      },
    });
    await transport.request({
      method: 'GET',
      path: 'a/{first}/b/{second}.json',
      pathParams: { first: 7, second: 'x y' },
      operation: 'test.two',
    });
    await transport.request({
      method: 'GET',
      path: 'c/{{inner}/{not a name}/{}/{open',
      pathParams: { inner: 'v' },
      operation: 'test.braces',
    });
    expect(sent).toEqual([
      'http://api.test/v1/a/7/b/x%20y.json',
      'http://api.test/v1/c/%7Bv/%7Bnot%20a%20name%7D/%7B%7D/%7Bopen',
    ]);
  });

  it("never reuses a refusal, nor the answer for a query that differs only in a value's type", async () => {
    const transport = testClient({
      fetch: async () => new Response(null, { status: 204 }),
    });
    const list = (query: Record<string, unknown>) =>
      transport.request({
        method: 'GET',
        path: 'l',
        query: query as Record<string, string>,
        querySchema: z.object({ n: z.number() }),
        operation: 't',
      });
    await list({ n: 1 });
    await expect(list({ n: '1' })).rejects.toBeInstanceOf(RequestValidationError);
    await expect(list({ n: '1' })).rejects.toBeInstanceOf(RequestValidationError);
    await expect(list({ n: 1 })).resolves.toBeUndefined();
  });

  it('refuses an empty path parameter before sending, naming it', async () => {
    const transport = testClient();
    const error = await transport
      .request({
        method: 'GET',
        path: 'spaces/{spaceId}',
        pathParams: { spaceId: '' },
        operation: 'docs.spaces.get',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toBe(
      'Invalid arguments of test.docs.spaces.get: spaceId must be a non-empty string or a whole number',
    );
  });

  it('refuses a numeric path parameter that is not a whole number of 0 or more, before sending', async () => {
    const transport = testClient({
      fetch: () => Promise.reject(new Error('sent')),
    });
    for (const id of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      const error = await transport
        .request({
          method: 'GET',
          path: 'servers/{serverId}',
          pathParams: { serverId: id },
          operation: 'mail.servers.get',
        })
        .catch((e: unknown) => e);
      expect(error, String(id)).toBeInstanceOf(RequestValidationError);
      expect((error as Error).message).toContain(
        'serverId must be a non-empty string or a whole number',
      );
    }
  });

  it('serialises query values: arrays as CSV, dates as ISO 8601, and leaves out undefined and null', async () => {
    nock('http://api.test')
      .get('/v1/events')
      .query({ ids: '1,2,3', featured: 'false', start: '2026-01-02T03:04:05.000Z', n: '5' })
      .reply(200, []);
    const transport = testClient();
    await transport.request({
      method: 'GET',
      path: 'events',
      operation: 'test.events',
      query: {
        ids: [1, 2, 3],
        featured: false,
        start: new Date('2026-01-02T03:04:05Z'),
        n: 5,
        gone: undefined,
        nothing: null,
      },
    });
  });

  it('sends JSON bodies with a JSON content type', async () => {
    nock('http://api.test', { reqheaders: { 'content-type': 'application/json' } })
      .post('/v1/items', { name: 'x' })
      .reply(201, { id: 1 });
    const transport = testClient();
    expect(
      await transport.request({
        method: 'POST',
        path: 'items',
        body: { name: 'x' },
        operation: 't',
      }),
    ).toEqual({ id: 1 });
  });

  it('validates the body with its schema before sending and names the field and the rule', async () => {
    const transport = testClient();
    const bodySchema = z.object({ displayName: z.string().check(z.maxLength(64)) });
    const error = await transport
      .request({
        method: 'PATCH',
        path: 'users/1',
        body: { displayName: 'x'.repeat(65) },
        bodySchema,
        operation: 'docs.users.update',
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'displayName', message: 'must be at most 64 characters long' },
    ]);
    expect((error as Error).message).toBe(
      'Invalid body of test.docs.users.update: displayName must be at most 64 characters long',
    );
  });

  it('authenticates every attempt with the current credentials', async () => {
    let n = 0;
    nock('http://api.test', { reqheaders: { authorization: 'Bearer t1' } })
      .get('/v1/a')
      .reply(503, {}, { 'retry-after': '0' });
    nock('http://api.test', { reqheaders: { authorization: 'Bearer t2' } })
      .get('/v1/a')
      .reply(200, {});
    const transport = testClient({
      auth: bearerAuth(async () => `t${++n}`),
      headers: {},
    });
    await transport.request({
      method: 'GET',
      path: 'a',
      operation: 't',
      retry: 1,
      headers: {},
    });
    expect(n).toBe(2);
  });

  it('uses a custom fetch when given one', async () => {
    const fetch = vi.fn(async (request: Request) => {
      expect(request.url).toBe('http://api.test/v1/ping?x=1');
      expect(request.method).toBe('GET');
      return new Response(JSON.stringify({ pong: true }), {
        headers: { 'content-type': 'application/json', 'x-request-id': 'req_1' },
      });
    });
    const transport = testClient({
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const { data, requestId, response } = await transport
      .request({ method: 'GET', path: 'ping', query: { x: 1 }, operation: 't' })
      .withResponse();
    expect(data).toEqual({ pong: true });
    expect(requestId).toBe('req_1');
    expect(response.status).toBe(200);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('runs beforeRequest and afterResponse hooks on every attempt', async () => {
    nock('http://api.test', { reqheaders: { 'x-trace': 'abc' } })
      .get('/v1/h')
      .times(2)
      .reply(503, {}, { 'retry-after': '0' });
    nock('http://api.test', { reqheaders: { 'x-trace': 'abc' } })
      .get('/v1/h')
      .reply(200, { n: 1 });
    const seen: number[] = [];
    const transport = testClient({
      hooks: {
        beforeRequest: [(request) => request.headers.set('x-trace', 'abc')],
        afterResponse: [(_request, _options, response) => void seen.push(response.status)],
      },
    });
    expect(await transport.request({ method: 'GET', path: 'h', operation: 't' })).toEqual({ n: 1 });
    expect(seen).toEqual([503, 503, 200]);
  });

  it('lets a beforeRequest hook answer without sending, and afterResponse replace the response', async () => {
    const transport = testClient({
      hooks: {
        beforeRequest: [() => Response.json({ cached: true })],
        afterResponse: [
          async (_request, _options, response) => Response.json({ wrapped: await response.json() }),
        ],
      },
    });
    expect(await transport.request({ method: 'GET', path: 'c', operation: 't' })).toEqual({
      wrapped: { cached: true },
    });
  });

  it('turns 204 and 205 into an undefined body, and parse() into a value', async () => {
    nock('http://api.test').delete('/v1/s/1').reply(205).delete('/v1/s/2').reply(204);
    const transport = testClient();
    const remove = (id: string) =>
      transport.request({
        method: 'DELETE',
        path: 's/{id}',
        pathParams: { id },
        operation: 't',
        parse: (_data, response) => response.status === 205,
      });
    expect(await remove('1')).toBe(true);
    expect(await remove('2')).toBe(false);
  });

  it('checks responses against their schema only when validateResponses is on', async () => {
    const Thing = z.object({ id: z.string() });
    nock('http://api.test').get('/v1/r').times(2).reply(200, { id: 5 });
    const lax = testClient({ responseSchemas: { Thing } });
    expect(
      await lax.request({ method: 'GET', path: 'r', operation: 'test.r', response: 'Thing' }),
    ).toEqual({ id: 5 });
    const strict = testClient({ validateResponses: true, responseSchemas: { Thing } });
    const error = await rejectionOf(
      strict.request({ method: 'GET', path: 'r', operation: 'test.r', response: 'Thing' }),
    );
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as Error).message).toBe(
      'Unexpected response from test.test.r: id must be a string, not a number',
    );
  });

  it('refuses a base URL that is not an absolute http(s) URL', () => {
    expect(() => testClient({ baseUrl: 'ftp://x' })).toThrow(
      'Invalid options of TestClient: baseUrl must be an absolute http(s) URL',
    );
    expect(() => testClient({ baseUrl: '/relative' })).toThrow(RequestValidationError);
  });

  it('uses another base URL for one request when asked', async () => {
    nock('http://stream.test').post('/v2/stream').reply(200, {});
    const transport = testClient();
    await transport.request({
      method: 'POST',
      path: 'v2/stream',
      baseUrl: 'http://stream.test',
      operation: 't',
    });
  });
});

describe('timeouts and aborts', () => {
  it('applies the timeout to each attempt, so retries are not cut short by earlier attempts', async () => {
    // Seven attempts of 100 ms: together past the 500 ms timeout, each with 5x headroom under it.
    nock('http://api.test')
      .get('/v1/slow')
      .times(6)
      .delay(100)
      .reply(503, {}, { 'retry-after': '0' });
    nock('http://api.test').get('/v1/slow').delay(100).reply(200, { ok: true });
    const transport = testClient({ timeout: 500, retry: 6 });
    expect(await transport.request({ method: 'GET', path: 'slow', operation: 't' })).toEqual({
      ok: true,
    });
  });

  it('raises APITimeoutError when an attempt takes longer than the timeout, after retrying it', async () => {
    nock('http://api.test').get('/v1/hang').times(2).delay(300).reply(200, {});
    const transport = testClient({ timeout: 50 });
    const started = Date.now();
    const error = await transport
      .request({ method: 'GET', path: 'hang', operation: 't', retry: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(
      /^No response within 50 ms \(GET http:\/\/api\.test\/v1\/hang\), 2 attempts over \d+\.\d s$/,
    );
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('lets a request override the client timeout', async () => {
    nock('http://api.test').get('/v1/quick').delay(200).reply(200, {});
    const transport = testClient({ timeout: 50 });
    await transport.request({ method: 'GET', path: 'quick', operation: 't', timeout: 2000 });
  });

  it('raises APIUserAbortError when the signal fires during a request', async () => {
    nock('http://api.test').get('/v1/long').delay(1000).reply(200, {});
    const transport = testClient();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const error = await transport
      .request({ method: 'GET', path: 'long', operation: 't', signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
  });

  it('wraps a reset connection in APIConnectionError that says so, without retrying a POST', async () => {
    nock('http://api.test')
      .post('/v1/broken')
      .replyWithError({ code: 'ECONNRESET', message: 'socket hang up' });
    const transport = testClient();
    const error = await transport
      .request({ method: 'POST', path: 'broken', body: {}, operation: 't' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toBe(
      'Connection to api.test reset before the answer (POST http://api.test/v1/broken): socket hang up, 1 attempt',
    );
  });
});

describe('signals, hooks and options from outside', () => {
  it('rejects with APIUserAbortError and sends nothing when the signal is already aborted', async () => {
    const fetch = vi.fn();
    const transport = testClient({ fetch });
    const error = await rejectionOf(
      transport.request({ method: 'GET', path: 'x', operation: 't', signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects with APIUserAbortError, sending nothing, when aborted right after the call', async () => {
    const seen: AbortSignal[] = [];
    const fetch = (async (request: Request) => {
      seen.push(request.signal);
      return new Promise<Response>((_resolve, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    }) as typeof globalThis.fetch;
    const transport = testClient({ fetch });
    const controller = new AbortController();
    const pending = transport.request({
      method: 'GET',
      path: 'x',
      operation: 't',
      signal: controller.signal,
    });
    controller.abort();
    expect(await rejectionOf(pending)).toBeInstanceOf(APIUserAbortError);
    expect(seen).toEqual([]);
  });

  it('lets an error thrown by a beforeRequest hook reach the caller as itself, never retried', async () => {
    class TracingError extends Error {}
    let calls = 0;
    const transport = testClient({
      hooks: {
        beforeRequest: [
          () => {
            calls += 1;
            throw new TracingError('no trace id');
          },
        ],
      },
    });
    const error = await rejectionOf(
      transport.request({ method: 'GET', path: 'x', operation: 't' }),
    );
    expect(error).toBeInstanceOf(TracingError);
    expect(calls).toBe(1);
  });

  it("runs beforeRetry and beforeError hooks in ky's shapes", async () => {
    nock('http://api.test').get('/v1/e').times(2).reply(500, {}, { 'retry-after': '0' });
    const retries: number[] = [];
    const transport = testClient({
      retry: 1,
      hooks: {
        beforeRetry: [({ retryCount }) => void retries.push(retryCount)],
        beforeError: [(error) => Object.assign(error, { seenByHook: true })],
      },
    });
    const error = await rejectionOf(
      transport.request({ method: 'GET', path: 'e', operation: 't' }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(retries).toEqual([1]);
  });

  it('refuses unknown request options by name (maxRetries is now retry)', async () => {
    const transport = testClient();
    const error = await rejectionOf(
      transport.request({
        method: 'GET',
        path: 'x',
        operation: 'docs.spaces.get',
        ...({ maxRetries: 0 } as object),
      }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toBe(
      'Invalid options of test.docs.spaces.get: maxRetries is not an option (known: signal, timeout, maxResponseBytes, retry, headers, hooks, idempotencyKey, extraBody, extraQuery, context)',
    );
  });

  it('refuses unknown hook names by name', () => {
    expect(() => testClient({ hooks: { afterRequest: [] } as unknown as TransportHooks })).toThrow(
      /hooks has afterRequest, which is not a ky hook/,
    );
  });

  it('checkOptionNames names every unknown client option', () => {
    expect(() =>
      checkOptionNames({ retries: 1, timeoutMs: 5, timeout: 1 }, ['timeout'], 'options of X'),
    ).toThrow(
      'Invalid options of X: retries is not an option; timeoutMs is not an option (known: timeout)',
    );
  });

  it('refuses a JSON body over the body limit before sending, naming its size', async () => {
    const fetch = vi.fn();
    const transport = testClient({
      fetch,
      bodyLimit: { bytes: 10, code: 'too_large', message: (bytes) => `body of ${bytes} bytes` },
    });
    const error = await rejectionOf(
      transport.request({
        method: 'POST',
        path: 'x',
        operation: 't',
        body: { name: 'é'.repeat(5) },
      }),
    );
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect((error as Error).message).toContain('body of 21 bytes');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('renewal of refused credentials', () => {
  it('renews a refused provider token once and sends the request again', async () => {
    let issued = 0;
    const provider = tokenProvider({
      fetchToken: async () => ({ token: `tok${++issued}`, expiresIn: 3600 }),
    });
    const transport = testClient({
      auth: bearerAuth(provider, { renewWhen: (error) => error.status === 401 }),
      errorBody: (body) => body as { code?: string },
    });
    nock('http://api.test', { reqheaders: { authorization: 'Bearer tok1' } })
      .get('/v1/r')
      .reply(401, { code: 'invalid_token' });
    nock('http://api.test', { reqheaders: { authorization: 'Bearer tok2' } })
      .get('/v1/r')
      .reply(200, { ok: 1 });
    expect(await transport.request({ method: 'GET', path: 'r', operation: 't' })).toEqual({
      ok: 1,
    });
    expect(provider.fetched).toBe(2);
  });

  for (const waves of [1, 5, 20]) {
    it(`fetches one new token for 100 parallel requests whose 401s arrive in ${waves} wave(s)`, async () => {
      let issued = 0;
      const provider = tokenProvider({
        fetchToken: async () => ({ token: `tok${++issued}`, expiresIn: 3600 }),
      });
      await provider();
      const refusals: (() => void)[] = [];
      let waiting = 0;
      const fetch = (async (request: Request) => {
        if (request.headers.get('authorization') !== 'Bearer tok1') return Response.json({ ok: 1 });
        waiting += 1;
        await new Promise<void>((resolve) => refusals.push(resolve));
        return Response.json({ code: 'invalid_token' }, { status: 401 });
      }) as typeof globalThis.fetch;
      const transport = testClient({
        fetch,
        auth: bearerAuth(provider, { renewWhen: () => true }),
      });
      const all = Promise.all(
        Array.from({ length: 100 }, () =>
          transport.request({ method: 'GET', path: 'r', operation: 't' }),
        ),
      );
      await vi.waitFor(() => expect(waiting).toBe(100), { timeout: 10_000 });
      const size = Math.ceil(100 / waves);
      while (refusals.length > 0) {
        for (const release of refusals.splice(0, size)) release();
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await all).toHaveLength(100);
      expect(provider.fetched - 1).toBe(1);
    });
  }

  it('keeps the secrets of a token answer that fails validation out of the error', async () => {
    nock('http://api.test')
      .post('/v1/token')
      .reply(200, { access_token: 'live_tok_123', expires_in: 'soon' });
    const TokenResponse = z.object({ access_token: z.string(), expires_in: z.number() });
    const transport = testClient({
      validateResponses: true,
      responseSchemas: { TokenResponse },
    });
    const error = await rejectionOf(
      transport.request({
        method: 'POST',
        path: 'token',
        operation: 'idm.oauth.token',
        response: 'TokenResponse',
      }),
    );
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect(inspect(error, { depth: 10 })).not.toContain('live_tok_123');
    expect(JSON.stringify(error)).not.toContain('live_tok_123');
  });
});

describe('logging', () => {
  function capture(): { logger: Logger; lines: string[] } {
    const lines: string[] = [];
    const at = (level: string) => (message: string, details?: Record<string, unknown>) =>
      lines.push(`${level} ${message} ${JSON.stringify(details ?? {})}`);
    return {
      logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
      lines,
    };
  }

  it('writes each retry and each completed call with its attempts, tokens and secret query values redacted', async () => {
    nock('http://api.test').get('/v1/s').query(true).reply(503, {}, { 'retry-after': '0' });
    nock('http://api.test').get('/v1/s').query(true).reply(200, {});
    const { logger, lines } = capture();
    const transport = testClient({
      auth: bearerAuth('sk_secret_token_123'),
      logger,
      logLevel: 'debug',
    });
    await transport.request({
      method: 'GET',
      path: 's',
      query: { shareKey: 'share_secret_9' },
      operation: 't',
    });
    const text = lines.join('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^info test\.t: retry 1 after status 503/);
    expect(lines[1]).toContain('debug test.t: 200 GET http://api.test/v1/s?shareKey=[redacted]');
    expect(lines[1]).toContain('"attempts":2');
    expect(text).not.toContain('sk_secret_token_123');
    expect(text).not.toContain('share_secret_9');
  });

  it('writes nothing below the chosen level', async () => {
    nock('http://api.test').get('/v1/q').reply(200, {});
    const { logger, lines } = capture();
    const transport = testClient({ logger, logLevel: 'warn' });
    await transport.request({ method: 'GET', path: 'q', operation: 't' });
    expect(lines).toEqual([]);
  });

  it('does not show the credentials when the transport or its auth is inspected', () => {
    const auth = bearerAuth('sk_inspect_me_123');
    const transport = testClient({ auth });
    expect(inspect(transport, { depth: 10 })).not.toContain('sk_inspect_me_123');
    expect(inspect(auth, { depth: 10 })).toBe('[BearerAuth]');
    expect(JSON.stringify({ auth })).not.toContain('sk_inspect_me_123');
  });
});
