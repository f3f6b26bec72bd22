/**
 * Which failures are tried again on which methods: a 429 and a connection that provably sent
 * nothing on every method; other failures of POST and PATCH only where the interface honours
 * `Idempotency-Key`. Waits run on a fake clock.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  type HttpMethod,
  InternalServerError,
  RateLimitError,
  RequestValidationError,
} from './core';
import { rejectionOf, testClient } from './helpers';
import { answer, failure, onFakeClock, scriptedFetch, undiciFailure } from './scripted';

afterEach(() => vi.restoreAllMocks());

const methods: HttpMethod[] = ['GET', 'HEAD', 'PUT', 'DELETE', 'POST', 'PATCH'];
const ok = answer(200, {}, { ok: true });

/** Sends one request through a toy client whose fetch plays `script`; resolves to what it saw. */
async function run(
  method: HttpMethod,
  script: Parameters<typeof scriptedFetch>[0],
  options: Parameters<typeof testClient>[0] = {},
  request: Record<string, unknown> = {},
) {
  const scripted = scriptedFetch(script);
  const client = testClient({ fetch: scripted.fetch, ...options });
  const outcome = await onFakeClock(() =>
    client.request({ method, path: 'r', operation: 't', ...request }).then(
      (data) => ({ data, error: undefined as unknown }),
      (error: unknown) => ({ data: undefined as unknown, error }),
    ),
  );
  return { ...outcome, attempts: scripted.attempts, waits: scripted.waits() };
}

describe('a 429 was not processed', () => {
  for (const method of methods) {
    it(`is retried on ${method}, within the retry limit`, async () => {
      const { error, attempts } = await run(method, [answer(429, { 'retry-after': '1' })]);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(attempts).toHaveLength(3);
    });
  }

  it('is retried on a POST with the same Idempotency-Key where the interface honours one', async () => {
    const { attempts } = await run('POST', [answer(429, { 'retry-after': '1' }), ok], {
      idempotencyKeys: true,
    });
    expect(attempts).toHaveLength(2);
    const keys = attempts.map((attempt) => attempt.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('is not retried once statusCodes leaves 429 out: narrowing still works', async () => {
    const { attempts } = await run('POST', [answer(429, { 'retry-after': '1' })], {
      retry: { statusCodes: [503] },
    });
    expect(attempts).toHaveLength(1);
  });
});

describe('a connection that provably sent nothing', () => {
  for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']) {
    for (const method of ['POST', 'PATCH'] as const) {
      it(`is retried on ${method} when undici reports ${code}`, async () => {
        const { data, attempts } = await run(method, [failure(() => undiciFailure(code)), ok]);
        expect(data).toEqual({ ok: true });
        expect(attempts).toHaveLength(2);
      });
    }
  }

  it('is retried on POST when every address refused (an AggregateError of undici codes)', async () => {
    const refusedEverywhere = () =>
      new TypeError('fetch failed', {
        cause: new AggregateError([
          Object.assign(new Error('connect ECONNREFUSED ::1:1'), { code: 'ECONNREFUSED' }),
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
        ]),
      });
    const { data, attempts } = await run('POST', [failure(refusedEverywhere), ok]);
    expect(data).toEqual({ ok: true });
    expect(attempts).toHaveLength(2);
  });

  it('is retried up to the limit, then raised as APIConnectionError', async () => {
    const { error, attempts } = await run('POST', [failure(() => undiciFailure('ECONNREFUSED'))]);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(attempts).toHaveLength(3);
  });
});

describe('a failure that may have reached the service', () => {
  const opaque = () => new TypeError('Failed to fetch');
  const reset = () => undiciFailure('ECONNRESET');
  const mixed = () =>
    new TypeError('fetch failed', {
      cause: new AggregateError([
        Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
        Object.assign(new Error('reset'), { code: 'ECONNRESET' }),
      ]),
    });

  for (const [name, error] of [
    ["an opaque TypeError (browsers, Deno, workerd, a custom fetch's)", opaque],
    ['a reset connection (ECONNRESET)', reset],
    ['an AggregateError where one address was reached', mixed],
  ] as const) {
    it(`is not retried on POST: ${name}`, async () => {
      const result = await run('POST', [failure(error), ok]);
      expect(result.error).toBeInstanceOf(APIConnectionError);
      expect(result.attempts).toHaveLength(1);
    });

    it(`is retried on GET: ${name}`, async () => {
      const result = await run('GET', [failure(error), ok]);
      expect(result.data).toEqual({ ok: true });
      expect(result.attempts).toHaveLength(2);
    });

    it(`is retried on POST where the interface honours Idempotency-Key: ${name}`, async () => {
      const result = await run('POST', [failure(error), ok], { idempotencyKeys: true });
      expect(result.data).toEqual({ ok: true });
      expect(result.attempts).toHaveLength(2);
    });
  }

  for (const method of ['POST', 'PATCH'] as const) {
    it(`answered 503 on ${method} is not retried outside interfaces with Idempotency-Key`, async () => {
      const { error, attempts } = await run(method, [answer(503, { 'retry-after': '0' }), ok]);
      expect(error).toBeInstanceOf(InternalServerError);
      expect(attempts).toHaveLength(1);
    });
  }
});

describe('the caller can narrow what is retried, never widen it to ambiguous writes', () => {
  it('refuses retry.methods that list POST or PATCH outside interfaces with Idempotency-Key', async () => {
    for (const methods of [['post'], ['GET', 'PATCH']]) {
      expect(() => testClient({ retry: { methods } })).toThrow(RequestValidationError);
      const error = await rejectionOf(
        testClient().request({ method: 'GET', path: 'r', operation: 't', retry: { methods } }),
      );
      expect((error as RequestValidationError).issues[0]?.path).toBe('retry.methods');
    }
  });

  it('shouldRetry returning true does not retry a 503 on POST, nor an opaque connection failure', async () => {
    const shouldRetry = vi.fn(() => true);
    const answered = await run('POST', [answer(503, { 'retry-after': '0' }), ok], {
      retry: { shouldRetry },
    });
    expect(answered.attempts).toHaveLength(1);
    const opaque = await run('PATCH', [failure(() => new TypeError('Failed to fetch')), ok], {
      retry: { shouldRetry },
    });
    expect(opaque.attempts).toHaveLength(1);
    expect(shouldRetry).not.toHaveBeenCalled();
  });

  it('shouldRetry returning false stops a retry every method would make (a 429, a refused connection)', async () => {
    const shouldRetry = () => false;
    const limited = await run('GET', [answer(429, { 'retry-after': '0' }), ok], {
      retry: { shouldRetry },
    });
    expect(limited.attempts).toHaveLength(1);
    const refused = await run('POST', [failure(() => undiciFailure('ECONNREFUSED')), ok], {
      retry: { shouldRetry },
    });
    expect(refused.attempts).toHaveLength(1);
  });

  it('shouldRetry returning true retries, on GET, a status the defaults leave alone', async () => {
    const { data, attempts } = await run('GET', [answer(418), ok], {
      retry: { shouldRetry: () => true },
    });
    expect(data).toEqual({ ok: true });
    expect(attempts).toHaveLength(2);
  });

  it('an error thrown by a hook is never retried, whatever shouldRetry says', async () => {
    const thrown = new Error('hook says no');
    const { error, attempts } = await run(
      'GET',
      [ok],
      { retry: { shouldRetry: () => true } },
      {
        hooks: {
          beforeRequest: [
            () => {
              throw thrown;
            },
          ],
        },
      },
    );
    expect(error).toBe(thrown);
    expect(attempts).toHaveLength(0);
  });
});
