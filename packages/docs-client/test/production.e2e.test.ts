/**
 * What clients need in production, end to end against the reference server: which failures are
 * retried and after what wait (faults with the headers real services send), request ids on every
 * error, the hooks' context, the call log with its secrets replaced, and fields sent as given.
 * No test waits a server-requested wait in real time: a wait the client would keep is proven by
 * `maxRetryAfter` refusing it at once, and a backoff by the caller's `delay`, recorded and 0.
 */
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { type Logger, REDACTED } from '@clientkit/core';
import { createReferenceServer } from '@clientkit/reference-server';
import ky from 'ky';
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  type APIError,
  AuthenticationError,
  BadRequestError,
  DocsClient,
  type DocsClientOptions,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
} from '../src/index';
import { useDocsServer } from './support/e2e';

const h = useDocsServer();

const TOKEN = 'docs-dev-user-ada';

/** A client on the test server whose attempts are counted as they leave for the network. */
function counted(options: Partial<DocsClientOptions> = {}, token = TOKEN) {
  const attempts: string[] = [];
  const docs = new DocsClient({
    baseUrl: h.url,
    token,
    ...options,
    fetch: (input, init) => {
      const request = input as Request;
      attempts.push(`${request.method} ${new URL(request.url).pathname}`);
      return fetch(input, init);
    },
  });
  return { docs, attempts };
}

/** A `delay` that records each backoff the client asks for, and makes it 0. */
function recordedBackoff() {
  const asked: number[] = [];
  const delay = (retry: number) => {
    asked.push(retry);
    return 0;
  };
  return { asked, delay };
}

async function errorOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    (value) => expect.unreachable(`expected a rejection, got ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
}

/** Epoch seconds `seconds` from the client's clock, as the X-RateLimit-Reset header gives them. */
const epochIn = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/** A port nothing listens on (it was free a moment ago, on 127.0.0.1). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('which failures are retried, end to end', () => {
  it('retries a POST answered 429 (not processed), and duplicates the space', async () => {
    const fault = h.server.faults.add({
      method: 'POST',
      path: '/v1/spaces/space_handbook/duplicate',
      status: 429,
      retryAfter: 0,
    });
    const { docs, attempts } = counted();
    const copy = await docs.spaces.duplicate('space_handbook');
    expect(fault.applied).toBe(1);
    expect(attempts).toEqual([
      'POST /v1/spaces/space_handbook/duplicate',
      'POST /v1/spaces/space_handbook/duplicate',
    ]);
    expect((await docs.spaces.get(copy.id)).id).toBe(copy.id);
  });

  it('retries a PATCH answered 429 after the X-RateLimit-Reset moment, not after a backoff', async () => {
    h.server.faults.add({
      method: 'PATCH',
      path: '/v1/spaces/space_handbook',
      status: 429,
      headers: { 'X-RateLimit-Reset': epochIn(-5) },
    });
    const backoff = recordedBackoff();
    const { docs, attempts } = counted({ retry: { delay: backoff.delay } });
    const space = await docs.spaces.update('space_handbook', { title: 'Rate limited once' });
    expect(space.title).toBe('Rate limited once');
    expect(attempts).toHaveLength(2);
    expect(backoff.asked).toEqual([]);
  });

  it('retries a POST whose connection was refused: nothing listened yet, so nothing was sent', async () => {
    const port = await freePort();
    const late = await createReferenceServer({
      clock: { start: '2026-06-01T08:00:00Z', frozen: true },
    });
    try {
      const docs = new DocsClient({
        baseUrl: `http://127.0.0.1:${port}`,
        token: 'docs-dev-user-internal',
        retry: { delay: () => 0 },
        // The server starts listening only once the first attempt has been refused.
        hooks: { beforeRetry: [async () => void (await late.listen(port))] },
      });
      const { token } = await docs.user.createNotificationsToken();
      expect(token).toEqual(expect.any(String));
    } finally {
      await late.close();
    }
  });

  it('does not retry a POST whose connection dropped: it may have been applied', async () => {
    const fault = h.server.faults.add({
      method: 'POST',
      path: '/v1/spaces/space_handbook/duplicate',
      drop: true,
      count: 2,
    });
    const { docs, attempts } = counted({ retry: { delay: () => 0 } });
    expect(await errorOf(docs.spaces.duplicate('space_handbook'))).toBeInstanceOf(
      APIConnectionError,
    );
    expect(attempts).toHaveLength(1);
    expect(fault.applied).toBe(1);
  });

  it('does not retry a POST whose fetch failed with an opaque TypeError (a runtime that cannot tell)', async () => {
    let calls = 0;
    const docs = new DocsClient({
      baseUrl: h.url,
      token: TOKEN,
      retry: { delay: () => 0 },
      // As browsers, Deno and workerd report any network failure: nothing says what was sent.
      fetch: (input, init) => {
        calls += 1;
        return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);
      },
    });
    expect(await errorOf(docs.spaces.duplicate('space_handbook'))).toBeInstanceOf(
      APIConnectionError,
    );
    expect(calls).toBe(1);
    calls = 0;
    expect((await docs.spaces.get('space_handbook')).id).toBe('space_handbook');
    expect(calls).toBe(2);
  });

  it('retries a GET whose connection dropped', async () => {
    h.server.faults.add({ method: 'GET', path: '/v1/spaces/space_handbook', drop: true });
    const { docs, attempts } = counted({ retry: { delay: () => 0 } });
    expect((await docs.spaces.get('space_handbook')).id).toBe('space_handbook');
    expect(attempts).toHaveLength(2);
  });

  it('does not retry a POST answered 503, even when shouldRetry says true', async () => {
    h.server.faults.add({ method: 'POST', status: 503, retryAfter: 0 });
    const { docs, attempts } = counted({ retry: { shouldRetry: () => true } });
    expect(await errorOf(docs.spaces.duplicate('space_handbook'))).toBeInstanceOf(
      InternalServerError,
    );
    expect(attempts).toHaveLength(1);
  });

  it('refuses retry.methods that list POST, as the docs interface ignores Idempotency-Key', () => {
    expect(() => counted({ retry: { methods: ['get', 'post'] } })).toThrow(
      /retry\.methods must not list POST or PATCH/,
    );
  });
});

describe('how long the client waits, end to end', () => {
  it('backs off on a 503 whose Retry-After is unreadable, instead of waiting the 60 s cap', async () => {
    h.server.faults.add({
      method: 'GET',
      path: '/v1/spaces/space_handbook',
      status: 503,
      headers: { 'Retry-After': 'garbage' },
    });
    const backoff = recordedBackoff();
    const { docs, attempts } = counted({ retry: { delay: backoff.delay } });
    expect((await docs.spaces.get('space_handbook')).id).toBe('space_handbook');
    expect(attempts).toHaveLength(2);
    expect(backoff.asked).toEqual([1]);
  });

  it('backs off on a 503 that carries only X-RateLimit-Reset: reset headers count for 429 only', async () => {
    h.server.faults.add({
      method: 'GET',
      path: '/v1/spaces/space_handbook',
      status: 503,
      headers: { 'X-RateLimit-Reset': epochIn(41) },
    });
    const backoff = recordedBackoff();
    const { docs } = counted({ retry: { delay: backoff.delay, maxRetryAfter: 10_000 } });
    expect((await docs.spaces.get('space_handbook')).id).toBe('space_handbook');
    expect(backoff.asked).toEqual([1]);
  });

  it('fails at once with RateLimitError when X-RateLimit-Reset asks for more than maxRetryAfter, retryAfter in seconds', async () => {
    h.server.faults.add({
      method: 'GET',
      path: '/v1/spaces/space_handbook',
      status: 429,
      headers: { 'X-RateLimit-Reset': epochIn(120) },
    });
    const { docs, attempts } = counted();
    const error = await errorOf(docs.spaces.get('space_handbook'));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBeGreaterThanOrEqual(118);
    expect((error as RateLimitError).retryAfter).toBeLessThanOrEqual(120);
    expect(attempts).toHaveLength(1);
  });

  it('fails at once with InternalServerError when a 503 Retry-After is over maxRetryAfter', async () => {
    h.server.faults.add({ path: '/v1/spaces/', status: 503, retryAfter: 90 });
    const { docs, attempts } = counted();
    const error = await errorOf(docs.spaces.get('space_handbook'));
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).retryAfter).toBe(90);
    expect(attempts).toHaveLength(1);
  });

  it('keeps the server wait and its cap when shouldRetry says true', async () => {
    h.server.faults.add({ path: '/v1/spaces/', status: 429, retryAfter: 120 });
    const { docs, attempts } = counted({ retry: { shouldRetry: () => true } });
    const error = await errorOf(docs.spaces.get('space_handbook'));
    expect((error as RateLimitError).retryAfter).toBe(120);
    expect(attempts).toHaveLength(1);
  });

  it('lets neither delay nor backoffLimit turn a server-requested wait into a shorter backoff', async () => {
    h.server.faults.add({ path: '/v1/spaces/', status: 429, retryAfter: 30 });
    const { docs, attempts } = counted({
      retry: { delay: () => 0, backoffLimit: 0, maxRetryAfter: 10_000 },
    });
    const error = await errorOf(docs.spaces.get('space_handbook'));
    expect((error as RateLimitError).retryAfter).toBe(30);
    expect(attempts).toHaveLength(1);
  });
});

describe("a hook's forced retry, end to end", () => {
  const forceOnce = (
    _request: Request,
    _options: unknown,
    _response: Response,
    state: { retryCount: number },
  ) => (state.retryCount === 0 ? ky.retry({ delay: 0 }) : undefined);

  it('is not followed on a POST answered 201: the space is duplicated once', async () => {
    const { docs, attempts } = counted({ hooks: { afterResponse: [forceOnce] } });
    await docs.spaces.duplicate('space_handbook');
    expect(attempts).toEqual(['POST /v1/spaces/space_handbook/duplicate']);
  });

  it('is followed on a GET', async () => {
    const { docs, attempts } = counted({ hooks: { afterResponse: [forceOnce] } });
    await docs.spaces.get('space_handbook');
    expect(attempts).toHaveLength(2);
  });

  it('cannot skip a server-requested wait over maxRetryAfter: the 429 fails at once', async () => {
    h.server.faults.add({ path: '/v1/spaces/', status: 429, retryAfter: 120 });
    const { docs, attempts } = counted({ hooks: { afterResponse: [forceOnce] } });
    expect(await errorOf(docs.spaces.get('space_handbook'))).toBeInstanceOf(RateLimitError);
    expect(attempts).toHaveLength(1);
  });
});

describe('request ids, end to end', () => {
  it('are on every error whose answer carried one', async () => {
    h.server.faults.add({ path: '/v1/user', status: 429, retryAfter: 120 });
    h.server.faults.add({ path: '/v1/user', status: 503, retryAfter: 120 });
    const docs = new DocsClient({ baseUrl: h.url, token: TOKEN });
    const errors = [
      await errorOf(docs.user.get()),
      await errorOf(docs.user.get()),
      await errorOf(docs.spaces.get('space_nope')),
      await errorOf(new DocsClient({ baseUrl: h.url, token: 'nope' }).user.get()),
      await errorOf(docs.spaces.get('space_handbook', {}, { extraQuery: { preview: 1 } })),
    ];
    expect(errors.map((error) => (error as Error).constructor.name)).toEqual([
      RateLimitError.name,
      InternalServerError.name,
      NotFoundError.name,
      AuthenticationError.name,
      BadRequestError.name,
    ]);
    for (const error of errors as APIError[]) {
      expect(error.requestId).toMatch(/^req_/);
      expect(error.requestId).toBe(error.headers.get('x-request-id'));
    }
  });

  it('are readable by pages: CORS exposes x-request-id and request-id', async () => {
    const answer = await fetch(`${h.url}/v1/`, {
      headers: { origin: 'https://app.example', authorization: `Bearer ${TOKEN}` },
    });
    const exposed = (answer.headers.get('access-control-expose-headers') ?? '').toLowerCase();
    expect(exposed.split(/,\s*/)).toEqual(expect.arrayContaining(['x-request-id', 'request-id']));
  });
});

describe("the hooks' context, end to end", () => {
  it('holds the operation, its path template and the caller keys in every hook, and no credentials', async () => {
    h.server.faults.add({ path: '/v1/spaces/', status: 503, retryAfter: 0 });
    const seen: Record<string, unknown>[] = [];
    const keep = (context: Record<string, unknown>) => void seen.push({ ...context });
    const docs = new DocsClient({
      baseUrl: h.url,
      token: TOKEN,
      context: { tenant: 'acme' },
      hooks: {
        beforeRequest: [(_request, options) => keep(options.context)],
        afterResponse: [(_request, options) => keep(options.context)],
        beforeRetry: [({ options }) => keep(options.context)],
        beforeError: [
          (error) => {
            keep(error.options.context);
            return error;
          },
        ],
      },
    });
    await docs.spaces.get('space_handbook', {}, { context: { traceId: 't-1' } });
    expect(seen).toHaveLength(6);
    for (const context of seen) {
      expect(context).toEqual({
        tenant: 'acme',
        traceId: 't-1',
        operation: 'docs.spaces.get',
        pathTemplate: 'spaces/{spaceId}',
      });
      expect(inspect(context, { depth: 10, showHidden: true })).not.toContain(TOKEN);
    }
  });

  it('refuses caller keys named operation or pathTemplate before sending', async () => {
    const { docs, attempts } = counted();
    for (const context of [{ operation: 'mine' }, { pathTemplate: 'mine' }]) {
      expect(await errorOf(docs.spaces.get('space_handbook', {}, { context }))).toBeInstanceOf(
        RequestValidationError,
      );
    }
    expect(() => counted({ context: { operation: 'mine' } })).toThrow(RequestValidationError);
    expect(attempts).toEqual([]);
  });
});

describe('fields the SDK does not know yet, end to end', () => {
  it('sends extraQuery as given: the server sees the parameter (and refuses it by name)', async () => {
    const error = await errorOf(
      counted().docs.spaces.get('space_handbook', {}, { extraQuery: { preview: 'yes' } }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toContain('preview');
  });

  it('sends extraBody as given next to the checked body: the server sees the field (and refuses it by name)', async () => {
    const docs = counted().docs;
    const error = await errorOf(
      docs.spaces.update('space_handbook', { title: 'Beta' }, { extraBody: { layout: 'wide' } }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as Error).message).toContain('layout');
    expect((await docs.spaces.get('space_handbook')).title).not.toBe('Beta');
  });

  it('cannot bypass a limit: extraQuery limit 5000 is refused by name before sending', async () => {
    const { docs, attempts } = counted();
    const error = await errorOf(
      docs.spaces.search('space_handbook', { query: 'battery' }, { extraQuery: { limit: 5000 } }),
    );
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'extraQuery.limit', message: 'is a declared field: pass it in the typed input' },
    ]);
    expect(attempts).toEqual([]);
  });

  it('refuses __proto__, constructor, and extraBody where the operation has no body, before sending', async () => {
    const { docs, attempts } = counted();
    const refusals = [
      docs.spaces.update(
        'space_handbook',
        { title: 'x' },
        {
          extraBody: JSON.parse('{"__proto__": {"admin": true}}'),
        },
      ),
      docs.spaces.get('space_handbook', {}, { extraQuery: { constructor: 'x' } }),
      docs.spaces.duplicate('space_handbook', { extraBody: { beta: true } }),
    ];
    const paths = [];
    for (const refusal of refusals) {
      const error = await errorOf(refusal);
      expect(error).toBeInstanceOf(RequestValidationError);
      paths.push((error as RequestValidationError).issues[0]?.path);
    }
    expect(paths).toEqual(['extraBody.__proto__', 'extraQuery.constructor', 'extraBody']);
    expect(attempts).toEqual([]);
  });
});

describe('the call log, end to end', () => {
  function capture() {
    const lines: { level: string; message: string; details: Record<string, unknown> }[] = [];
    const at = (level: string) => (message: string, details?: Record<string, unknown>) =>
      void lines.push({ level, message, details: details ?? {} });
    const logger: Logger = {
      debug: at('debug'),
      info: at('info'),
      warn: at('warn'),
      error: at('error'),
    };
    return { logger, lines };
  }

  it('writes one debug line per completed call with its operation, status, attempts and duration', async () => {
    h.server.faults.add({ path: '/v1/spaces/', status: 503, retryAfter: 0 });
    const { logger, lines } = capture();
    const docs = new DocsClient({ baseUrl: h.url, token: TOKEN, logger, logLevel: 'debug' });
    await docs.spaces.get('space_handbook');
    expect(lines.map(({ level, message }) => `${level} ${message}`)).toEqual([
      'info docs.spaces.get: retry 1 after status 503',
      `debug docs.spaces.get: 200 GET ${h.url}/v1/spaces/space_handbook`,
    ]);
    expect(lines[1]?.details).toMatchObject({
      operation: 'docs.spaces.get',
      status: 200,
      attempts: 2,
      durationMs: expect.any(Number),
      requestId: expect.stringMatching(/^req_/),
    });
  });

  it('writes none of the seeded secrets on any line of a run at debug', async () => {
    const { logger, lines } = capture();
    const internal = 'docs-dev-user-internal';
    const seeds = {
      userToken: TOKEN,
      internalToken: internal,
      apiKeyHeader: 'key-SEED-header-0001',
      gitPassword: 'pw-SEED-git-0002',
      shareKey: 'share-SEED-0003',
      extraBody: 'eb-SEED-0004',
      extraQuery: 'eq-SEED-0005',
    };
    const options = {
      baseUrl: h.url,
      logger,
      logLevel: 'debug' as const,
      headers: { 'x-api-key': seeds.apiKeyHeader },
    };
    const docs = new DocsClient({ ...options, token: TOKEN });
    const issued = await new DocsClient({
      ...options,
      token: internal,
    }).user.createNotificationsToken();
    await docs.spaces.git.import('space_handbook', {
      url: `https://bot:${seeds.gitPassword}@github.com/acme/handbook.git`,
      ref: 'main',
    });
    await docs.spaces.get('space_handbook', { shareKey: seeds.shareKey }).catch(() => {});
    await docs.spaces
      .update('space_handbook', { title: 'Seeded' }, { extraBody: { beta: seeds.extraBody } })
      .catch(() => {});
    await docs.spaces
      .get('space_handbook', {}, { extraQuery: { flag: seeds.extraQuery } })
      .catch(() => {});

    expect(lines.filter((line) => line.level === 'debug')).toHaveLength(5);
    const written = lines
      .map(({ message, details }) => `${message} ${JSON.stringify(details)}`)
      .join('\n');
    for (const [name, value] of Object.entries({ ...seeds, issuedToken: issued.token })) {
      expect(written, `${name} leaked`).not.toContain(value);
    }
    expect(lines[0]?.details.responseBody).toEqual({
      token: REDACTED,
      expiresAt: issued.expiresAt,
    });
    expect(lines[1]?.details.requestBody).toEqual({
      url: 'https://github.com/acme/handbook.git',
      ref: 'main',
    });
  });
});
