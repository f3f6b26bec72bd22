/**
 * Answers that do not arrive whole, or are not what they claim: each is a clientkit error with the
 * status, request id, URL and operation, never a runtime `TypeError` or a string handed on as data,
 * and retried only where the retry rules allow.
 */

import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  APIConnectionError,
  APIResponseParseError,
  APITimeoutError,
  InternalServerError,
} from './core';
import { rejectionOf, testClient } from './helpers';
import { answer, type Step, scriptedFetch } from './scripted';

const REQUEST_ID = { 'x-request-id': 'req_broken' };
const JSON_TYPE = { 'content-type': 'application/json' };

/** An answer whose body sends its first half, then fails as undici reports a cut connection. */
const breaksOff: Step = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":"th'));
        controller.error(
          new TypeError('terminated', {
            cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
          }),
        );
      },
    }),
    { status: 200, headers: { ...JSON_TYPE, ...REQUEST_ID } },
  );

/** An answer whose body sends its first half, then nothing: a fetch that ignores the signal. */
const stalls: Step = () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":"th'));
      },
    }),
    { status: 200, headers: { ...JSON_TYPE, ...REQUEST_ID } },
  );

/** An answer with `body` as it is, under `type`. */
const raw =
  (body: string, type: string | null, status = 200, statusText = ''): Step =>
  () =>
    new Response(body, {
      status,
      statusText,
      headers: { ...(type ? { 'content-type': type } : {}), ...REQUEST_ID },
    });

const whole = answer(200, JSON_TYPE, { id: 'thing_1' });

const PROXY_PAGE = `<html>
  <head><title>502 Bad Gateway</title></head>
  <body><h1>502 Bad Gateway</h1>
  <p>upstream https://admin:hunter2@internal.test/v1/things?token=tok_5ecret failed</p>
  <p>Authorization: Bearer abc.def.ghi</p>
  ${'<p>padding</p>'.repeat(100)}
  </body></html>`;

/** A toy client on a scripted fetch, with quick retries and a short timeout. */
function clientOn(steps: Step[], options: { idempotencyKeys?: boolean; timeout?: number } = {}) {
  const script = scriptedFetch(steps);
  const client = testClient({
    fetch: script.fetch,
    retry: { limit: 2, delay: () => 1, jitter: false },
    timeout: options.timeout ?? 10_000,
    ...(options.idempotencyKeys === undefined ? {} : { idempotencyKeys: options.idempotencyKeys }),
    responseSchemas: { Thing: z.object({ id: z.string() }) },
  });
  return { client, attempts: script.attempts };
}

const getThing = { method: 'GET', path: 'things/1', operation: 'things.get', response: 'Thing' };
const createThing = {
  method: 'POST',
  path: 'things',
  operation: 'things.create',
  body: { name: 'a' },
  response: 'Thing',
} as const;

describe('a body that breaks off after the headers', () => {
  it('is an APIConnectionError with the status, request id, URL and operation', async () => {
    const { client } = clientOn([breaksOff]);
    const error = await rejectionOf(client.request({ ...getThing, method: 'GET', retry: 0 }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).toMatchObject({
      status: 200,
      requestId: 'req_broken',
      method: 'GET',
      url: 'http://api.test/v1/things/1',
      operation: 'test.things.get',
    });
    expect((error as Error).message).toMatch(
      /^The 200 answer from api\.test broke off before its end \(GET http:\/\/api\.test\/v1\/things\/1\) \[request req_broken\]: terminated UND_ERR_SOCKET, 1 attempt$/,
    );
  });

  it('is retried on a GET until an answer comes whole', async () => {
    const { client, attempts } = clientOn([breaksOff, whole]);
    expect(await client.request({ ...getThing, method: 'GET' })).toEqual({ id: 'thing_1' });
    expect(attempts).toHaveLength(2);
  });

  it('is not retried on a POST where the interface takes no idempotency key: it arrived', async () => {
    const { client, attempts } = clientOn([breaksOff, whole], { idempotencyKeys: false });
    const error = await rejectionOf(client.request(createThing));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(attempts).toHaveLength(1);
  });

  it('is retried on a POST that carries an idempotency key, the same key each time', async () => {
    const { client, attempts } = clientOn([breaksOff, whole], { idempotencyKeys: true });
    expect(await client.request(createThing)).toEqual({ id: 'thing_1' });
    expect(attempts).toHaveLength(2);
    const keys = attempts.map((attempt) => attempt.headers.get('idempotency-key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('says how many attempts were made over how long when they run out', async () => {
    const { client, attempts } = clientOn([breaksOff]);
    const error = await rejectionOf(client.request({ ...getThing, method: 'GET' }));
    expect(attempts).toHaveLength(3);
    expect((error as Error).message).toMatch(/, 3 attempts over \d+\.\d s$/);
  });
});

describe('a body that stalls', () => {
  it('is an APITimeoutError after the timeout, with the status and request id of its answer', async () => {
    const { client } = clientOn([stalls], { timeout: 100 });
    const error = await rejectionOf(client.request({ ...getThing, method: 'GET', retry: 0 }));
    expect(error).toBeInstanceOf(APITimeoutError);
    expect(error).toMatchObject({
      status: 200,
      requestId: 'req_broken',
      url: 'http://api.test/v1/things/1',
      operation: 'test.things.get',
    });
    expect((error as Error).message).toBe(
      'The 200 answer did not end within 100 ms (GET http://api.test/v1/things/1) [request req_broken], 1 attempt',
    );
  });

  it('is retried on a GET like any timeout', async () => {
    const { client, attempts } = clientOn([stalls, whole], { timeout: 100 });
    expect(await client.request({ ...getThing, method: 'GET' })).toEqual({ id: 'thing_1' });
    expect(attempts).toHaveLength(2);
  });

  it('is not retried on a POST without an idempotency key', async () => {
    const { client, attempts } = clientOn([stalls, whole], {
      timeout: 100,
      idempotencyKeys: false,
    });
    expect(await rejectionOf(client.request(createThing))).toBeInstanceOf(APITimeoutError);
    expect(attempts).toHaveLength(1);
  });
});

describe('a success answer that is not the JSON it should be', () => {
  it('is an APIResponseParseError when its JSON does not parse, with an excerpt, and is not retried', async () => {
    const { client, attempts } = clientOn([raw('{"id":"thi', 'application/json'), whole]);
    const error = await rejectionOf(
      client.request({ ...getThing, method: 'GET', path: 'things/1', query: { token: 'tok_q' } }),
    );
    expect(error).toBeInstanceOf(APIResponseParseError);
    expect(error).toMatchObject({
      status: 200,
      contentType: 'application/json',
      excerpt: '{"id":"thi',
      requestId: 'req_broken',
      url: 'http://api.test/v1/things/1?token=[redacted]',
      operation: 'test.things.get',
    });
    expect((error as Error).message).toBe(
      '200: the answer is not JSON (application/json): {"id":"thi (GET http://api.test/v1/things/1?token=[redacted]) [request req_broken]',
    );
    expect(attempts).toHaveLength(1);
  });

  it('is an APIResponseParseError when it has no body where the operation promises one', async () => {
    const { client } = clientOn([raw('', 'application/json')]);
    const error = await rejectionOf(client.request({ ...getThing, method: 'GET' }));
    expect(error).toBeInstanceOf(APIResponseParseError);
    expect((error as APIResponseParseError).excerpt).toBe('');
    expect((error as Error).message).toBe(
      '200: no body where JSON was promised (GET http://api.test/v1/things/1) [request req_broken]',
    );
  });

  it('resolves undefined when it has no body and the operation promises none', async () => {
    const { client } = clientOn([raw('', 'application/json')]);
    expect(await client.request({ method: 'DELETE', path: 'things/1' })).toBeUndefined();
  });

  it('is an APIResponseParseError when it is HTML where the operation promises JSON', async () => {
    const { client } = clientOn([raw('<html><body>Welcome</body></html>', 'text/html')]);
    const error = await rejectionOf(client.request({ ...getThing, method: 'GET' }));
    expect(error).toBeInstanceOf(APIResponseParseError);
    expect((error as APIResponseParseError).excerpt).toBe('<html><body>Welcome</body></html>');
    expect((error as Error).message).toContain('the answer is not JSON (text/html)');
  });

  it('is taken when it parses as the promised JSON whatever content type it claims', async () => {
    const { client } = clientOn([raw('{"id":"thing_1"}', 'text/plain')]);
    expect(await client.request({ ...getThing, method: 'GET' })).toEqual({ id: 'thing_1' });
  });

  it('is passed on as text by the request() escape hatch when it does not claim JSON', async () => {
    const { client } = clientOn([raw('<p>plain</p>', 'text/html')]);
    expect(await client.core.request('GET', 'page')).toBe('<p>plain</p>');
  });

  it('is an APIResponseParseError from the request() escape hatch when it claims JSON and does not parse', async () => {
    const { client } = clientOn([raw('{"broken', 'application/json')]);
    const error = await rejectionOf(client.core.request('GET', 'page'));
    expect(error).toBeInstanceOf(APIResponseParseError);
    expect((error as APIResponseParseError).operation).toBe('test.request');
  });
});

describe('the log line of a call whose answer broke', () => {
  it('names the status and request id of the answer, for a body that did not parse or broke off', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = {
      debug: (_: string, details?: Record<string, unknown>) => lines.push(details ?? {}),
      info: () => {},
      warn: () => {},
      error: () => {},
    };
    for (const step of [raw('{"id":', 'application/json'), breaksOff]) {
      const script = scriptedFetch([step]);
      const client = testClient({ fetch: script.fetch, retry: 0, logger, logLevel: 'debug' });
      await rejectionOf(client.request({ method: 'GET', path: 'things/1' }));
    }
    expect(lines).toEqual([
      expect.objectContaining({ status: 200, requestId: 'req_broken' }),
      expect.objectContaining({ status: 200, requestId: 'req_broken' }),
    ]);
  });
});

describe("an error status with a proxy's HTML page", () => {
  it("keeps the status's class and quotes at most 200 characters of the page, without secrets", async () => {
    const { client, attempts } = clientOn([raw(PROXY_PAGE, 'text/html', 502, 'Bad Gateway')]);
    const error = await rejectionOf(client.request({ ...getThing, method: 'GET' }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(attempts).toHaveLength(3);
    const { message } = error as Error;
    const quoted = message.slice(
      message.indexOf('Bad Gateway: ') + 'Bad Gateway: '.length,
      message.indexOf(' (GET'),
    );
    expect(quoted.startsWith('<html> <head><title>502 Bad Gateway</title></head>')).toBe(true);
    expect(quoted.length).toBeLessThanOrEqual(200);
    expect(quoted.endsWith('...')).toBe(true);
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('tok_5ecret');
    expect(message).not.toContain('abc.def.ghi');
    expect(message).toMatch(/ \[request req_broken\]$/);
  });

  it('quotes the page after the status alone when the answer has no status text (HTTP/2)', async () => {
    const { client } = clientOn([raw('<h1>Service Unavailable</h1>', 'text/html', 503)]);
    const error = await rejectionOf(client.request({ ...getThing, method: 'GET', retry: 0 }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as Error).message).toBe(
      '503: <h1>Service Unavailable</h1> (GET http://api.test/v1/things/1) [request req_broken]',
    );
  });
});
