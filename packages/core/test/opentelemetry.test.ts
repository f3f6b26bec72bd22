import { createServer } from 'node:net';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  TraceState,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { openTelemetry } from '../src/opentelemetry';
import {
  APIConnectionError,
  APIResponseValidationError,
  APITimeoutError,
  bearerAuth,
  InternalServerError,
  NotFoundError,
  RequestValidationError,
  tokenProvider,
  VERSION,
} from './core';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const propagator = new CompositePropagator({
  propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
});
const telemetry = openTelemetry({ tracerProvider: provider, propagator });
const now = { 'retry-after': '0' };

// The caller's active span and baggage travel through async calls only with a context manager,
// as an application's SDK set-up installs one.
beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});
afterAll(() => context.disable());
afterEach(() => exporter.reset());

/** The spans the calls so far have ended, the INTERNAL ones apart, CLIENT ones in the order sent. */
async function exported() {
  await provider.forceFlush();
  const spans = exporter.getFinishedSpans();
  const byStart = (a: ReadableSpan, b: ReadableSpan) =>
    a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1];
  return {
    calls: spans.filter((span) => span.kind === SpanKind.INTERNAL),
    attempts: spans.filter((span) => span.kind === SpanKind.CLIENT).sort(byStart),
  };
}

const traceparentOf = (span: ReadableSpan) =>
  `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;

/** Records the headers of each request nock answers, in order. */
function recordingReply(sent: Record<string, string | string[] | undefined>[], status: number) {
  return function (this: { req: { headers: Record<string, string> } }) {
    sent.push({ ...this.req.headers });
    return [status, status === 200 ? { id: 'space_1' } : {}, status === 200 ? {} : now] as const;
  };
}

describe('openTelemetry(): spans per the HTTP client conventions', () => {
  it('one call is one INTERNAL span named after the operation and under it one CLIENT span named "{method} {url.template}" with the HTTP attributes', async () => {
    nock('http://api.test')
      .get('/v1/spaces/space_1')
      .query({ limit: '5' })
      .reply(200, { id: 'space_1' });
    const client = testClient({ telemetry });
    await client.request({
      method: 'GET',
      path: 'spaces/{spaceId}',
      pathParams: { spaceId: 'space_1' },
      query: { limit: 5 },
      operation: 'spaces.get',
    });

    const { calls, attempts } = await exported();
    expect(calls).toHaveLength(1);
    expect(attempts).toHaveLength(1);
    const [call] = calls as [ReadableSpan];
    const [attempt] = attempts as [ReadableSpan];
    expect(call.name).toBe('test.spaces.get');
    expect(call.attributes).toEqual({ 'clientkit.operation': 'test.spaces.get' });
    expect(call.status.code).toBe(SpanStatusCode.UNSET);
    expect(call.parentSpanContext).toBeUndefined();
    expect(call.instrumentationScope).toMatchObject({ name: '@clientkit/core', version: VERSION });

    expect(attempt.name).toBe('GET /v1/spaces/{spaceId}');
    expect(attempt.attributes).toEqual({
      'http.request.method': 'GET',
      'server.address': 'api.test',
      'server.port': 80,
      'url.full': 'http://api.test/v1/spaces/space_1?limit=5',
      'url.template': '/v1/spaces/{spaceId}',
      'http.response.status_code': 200,
    });
    expect(attempt.status.code).toBe(SpanStatusCode.UNSET);
    expect(attempt.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    expect(attempt.spanContext().traceId).toBe(call.spanContext().traceId);
  });

  it('server.port is the port of the URL, else 443 for https and 80 for http; url.template keeps a proxy prefix', async () => {
    nock('https://gateway.test:8443').delete('/docs-api/v1/spaces/s1').reply(204);
    nock('https://gateway.test').delete('/docs-api/v1/spaces/s2').reply(204);
    for (const baseUrl of ['https://gateway.test:8443/docs-api', 'https://gateway.test/docs-api']) {
      const client = testClient({ baseUrl, telemetry });
      const spaceId = baseUrl.includes('8443') ? 's1' : 's2';
      await client.request({ method: 'DELETE', path: 'spaces/{spaceId}', pathParams: { spaceId } });
    }
    const { attempts } = await exported();
    expect(attempts.map((span) => span.attributes['server.port'])).toEqual([8443, 443]);
    expect(attempts.map((span) => span.name)).toEqual([
      'DELETE /docs-api/v1/spaces/{spaceId}',
      'DELETE /docs-api/v1/spaces/{spaceId}',
    ]);
    expect(attempts[0]?.attributes['url.full']).toBe(
      'https://gateway.test:8443/docs-api/v1/spaces/s1',
    );
  });

  it('a retried call is one INTERNAL span and one CLIENT span per attempt, each repeat with http.request.resend_count, and each attempt sends its own span in traceparent', async () => {
    const sent: Record<string, string | string[] | undefined>[] = [];
    nock('http://api.test')
      .get('/v1/spaces/space_1')
      .reply(recordingReply(sent, 503))
      .get('/v1/spaces/space_1')
      .reply(recordingReply(sent, 503))
      .get('/v1/spaces/space_1')
      .reply(recordingReply(sent, 200));
    const client = testClient({ telemetry });
    await client.request({
      method: 'GET',
      path: 'spaces/{spaceId}',
      pathParams: { spaceId: 'space_1' },
      operation: 'spaces.get',
    });

    const { calls, attempts } = await exported();
    expect(calls).toHaveLength(1);
    expect(attempts).toHaveLength(3);
    const call = calls[0] as ReadableSpan;
    expect(call.status.code).toBe(SpanStatusCode.UNSET);
    expect(call.attributes['error.type']).toBeUndefined();
    expect(attempts.map((span) => span.attributes['http.request.resend_count'])).toEqual([
      undefined,
      1,
      2,
    ]);
    expect(attempts.map((span) => span.attributes['http.response.status_code'])).toEqual([
      503, 503, 200,
    ]);
    expect(attempts.map((span) => span.attributes['error.type'])).toEqual([
      '503',
      '503',
      undefined,
    ]);
    expect(attempts.map((span) => span.status.code)).toEqual([
      SpanStatusCode.ERROR,
      SpanStatusCode.ERROR,
      SpanStatusCode.UNSET,
    ]);
    for (const attempt of attempts) {
      expect(attempt.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    }
    expect(sent.map((headers) => headers.traceparent)).toEqual(attempts.map(traceparentOf));
  });

  it('a refusal the credentials are renewed for is a resend too: two CLIENT spans, the first 401 with error.type "401"', async () => {
    const tokens = ['stale-token-1', 'fresh-token-2'];
    const token = tokenProvider({ fetchToken: async () => ({ token: tokens.shift()! }) });
    nock('http://api.test')
      .get('/v1/me')
      .matchHeader('authorization', 'Bearer stale-token-1')
      .reply(401, {})
      .get('/v1/me')
      .matchHeader('authorization', 'Bearer fresh-token-2')
      .reply(200, {});
    const client = testClient({
      telemetry,
      auth: bearerAuth(token, { renewWhen: (error) => error.status === 401 }),
    });
    await client.request({ method: 'GET', path: 'me', operation: 'user.get' });

    const { calls, attempts } = await exported();
    expect(calls.map((span) => span.status.code)).toEqual([SpanStatusCode.UNSET]);
    expect(attempts.map((span) => span.attributes['http.response.status_code'])).toEqual([
      401, 200,
    ]);
    expect(attempts.map((span) => span.attributes['http.request.resend_count'])).toEqual([
      undefined,
      1,
    ]);
    expect(attempts.map((span) => span.attributes['error.type'])).toEqual(['401', undefined]);
  });

  for (const [status, ErrorClass] of [
    [404, NotFoundError],
    [500, InternalServerError],
  ] as const) {
    it(`a call that ends with ${status}: the CLIENT and INTERNAL spans carry error.type "${status}" and the ERROR status`, async () => {
      nock('http://api.test').get('/v1/spaces/gone').reply(status, {}, now);
      const client = testClient({ telemetry, retry: 0 });
      const error = await rejectionOf(
        client.request({
          method: 'GET',
          path: 'spaces/{spaceId}',
          pathParams: { spaceId: 'gone' },
          operation: 'spaces.get',
        }),
      );
      expect(error).toBeInstanceOf(ErrorClass);

      const { calls, attempts } = await exported();
      for (const span of [...calls, ...attempts]) {
        expect(span.attributes['error.type']).toBe(String(status));
        expect(span.status).toEqual({ code: SpanStatusCode.ERROR });
      }
      expect(calls).toHaveLength(1);
      expect(attempts.map((span) => span.attributes['http.response.status_code'])).toEqual([
        status,
      ]);
    });
  }

  it('a refused connection: every attempt and the call carry error.type "ECONNREFUSED" and the ERROR status, and no status code', async () => {
    const port = await closedPort();
    nock.enableNetConnect('127.0.0.1');
    try {
      const client = testClient({ baseUrl: `http://127.0.0.1:${port}`, telemetry });
      const error = await rejectionOf(
        client.request({
          method: 'POST',
          path: 'spaces',
          body: { title: 'x' },
          operation: 'spaces.create',
          retry: { limit: 1, delay: () => 0 },
        }),
      );
      expect(error).toBeInstanceOf(APIConnectionError);
    } finally {
      nock.disableNetConnect();
    }

    const { calls, attempts } = await exported();
    // Nothing reached a server, so even a POST is tried again.
    expect(attempts).toHaveLength(2);
    for (const span of [...calls, ...attempts]) {
      expect(span.attributes['error.type']).toBe('ECONNREFUSED');
      expect(span.status).toEqual({ code: SpanStatusCode.ERROR });
      expect(span.attributes['http.response.status_code']).toBeUndefined();
    }
    expect(attempts[1]?.attributes).toMatchObject({
      'http.request.method': 'POST',
      'server.address': '127.0.0.1',
      'server.port': port,
      'url.template': '/v1/spaces',
      'http.request.resend_count': 1,
    });
  });

  it('an attempt that runs out of time: error.type "timeout" on the retried attempt, the last one and the call', async () => {
    // A server that never answers: the attempt ends when the client's per-attempt timer aborts it.
    const silent: typeof fetch = (input) =>
      new Promise((_resolve, reject) => {
        const { signal } = input as Request;
        signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
    const client = testClient({ telemetry, fetch: silent, timeout: 20 });
    const error = await rejectionOf(
      client.request({ method: 'GET', path: 'slow', retry: { limit: 1, delay: () => 0 } }),
    );
    expect(error).toBeInstanceOf(APITimeoutError);

    const { calls, attempts } = await exported();
    expect(attempts).toHaveLength(2);
    for (const span of [...calls, ...attempts]) {
      expect(span.attributes['error.type']).toBe('timeout');
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
    }
  });

  it('a call refused before sending (an input that breaks its schema) records no span', async () => {
    const client = testClient({ telemetry });
    const error = await rejectionOf(
      client.request({
        method: 'POST',
        path: 'spaces',
        body: { title: 42 },
        bodySchema: z.object({ title: z.string() }),
        operation: 'spaces.create',
      }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    const { calls, attempts } = await exported();
    expect([...calls, ...attempts]).toEqual([]);
  });

  it('an answer that breaks its response schema (validateResponses): the call span ends with the ERROR status and error.type "APIResponseValidationError", while its CLIENT span is a success with status code 200', async () => {
    nock('http://api.test').get('/v1/spaces/space_1').reply(200, { id: 42 });
    const client = testClient({
      telemetry,
      validateResponses: true,
      responseSchemas: { Space: z.object({ id: z.string() }) },
    });
    const error = await rejectionOf(
      client.request({
        method: 'GET',
        path: 'spaces/{spaceId}',
        pathParams: { spaceId: 'space_1' },
        operation: 'spaces.get',
        response: 'Space',
      }),
    );
    expect(error).toBeInstanceOf(APIResponseValidationError);

    const { calls, attempts } = await exported();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.attributes['error.type']).toBe('APIResponseValidationError');
    expect(calls[0]?.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(attempts).toHaveLength(1);
    expect(attempts[0]?.attributes['http.response.status_code']).toBe(200);
    expect(attempts[0]?.attributes['error.type']).toBeUndefined();
    expect(attempts[0]?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('an answer that matches its response schema (validateResponses) ends the call span as a success', async () => {
    nock('http://api.test').get('/v1/spaces/space_1').reply(200, { id: 'space_1' });
    const client = testClient({
      telemetry,
      validateResponses: true,
      responseSchemas: { Space: z.object({ id: z.string() }) },
    });
    await client.request({
      method: 'GET',
      path: 'spaces/{spaceId}',
      pathParams: { spaceId: 'space_1' },
      operation: 'spaces.get',
      response: 'Space',
    });
    const { calls, attempts } = await exported();
    expect([...calls, ...attempts].map((span) => span.status.code)).toEqual([
      SpanStatusCode.UNSET,
      SpanStatusCode.UNSET,
    ]);
    expect(calls[0]?.attributes['error.type']).toBeUndefined();
  });

  it("an error thrown by the application's hook: error.type is its class name", async () => {
    class QuotaGuardError extends Error {
      override name = 'QuotaGuardError';
    }
    const client = testClient({
      telemetry,
      hooks: {
        beforeRequest: [
          () => {
            throw new QuotaGuardError('over the local quota');
          },
        ],
      },
    });
    await rejectionOf(client.request({ method: 'GET', path: 'r', operation: 'r' }));
    const { calls, attempts } = await exported();
    // The hook runs before the attempt starts: nothing was sent, so there is no CLIENT span.
    expect(attempts).toHaveLength(0);
    expect(calls.map((span) => span.attributes['error.type'])).toEqual(['QuotaGuardError']);
    expect(calls.map((span) => span.status.code)).toEqual([SpanStatusCode.ERROR]);
  });
});

describe('openTelemetry(): trace context', () => {
  it("the caller's span is the parent of the call's span, and traceparent, tracestate and baggage go out with the request", async () => {
    const sent: Record<string, string | string[] | undefined>[] = [];
    nock('http://api.test').get('/v1/spaces/space_1').reply(recordingReply(sent, 200));
    const client = testClient({ telemetry });
    // A request that arrived with trace state from another vendor, and baggage the caller set.
    const remote = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: 1,
      isRemote: true,
      traceState: new TraceState('vendor=abc'),
    });
    const baggage = propagation.createBaggage({ tenant: { value: 'acme' } });
    const tracer = provider.getTracer('application');
    const appSpan = tracer.startSpan('handle request', {}, remote);
    await context.with(propagation.setBaggage(trace.setSpan(remote, appSpan), baggage), () =>
      client.request({
        method: 'GET',
        path: 'spaces/{spaceId}',
        pathParams: { spaceId: 'space_1' },
        operation: 'spaces.get',
      }),
    );
    appSpan.end();

    const { calls, attempts } = await exported();
    const call = calls[0] as ReadableSpan;
    const attempt = attempts[0] as ReadableSpan;
    expect(call.parentSpanContext?.spanId).toBe(appSpan.spanContext().spanId);
    expect(call.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      traceparent: traceparentOf(attempt),
      tracestate: 'vendor=abc',
      baggage: 'tenant=acme',
    });
  });

  it("the trace context is written after the caller's beforeRequest hooks: a traceparent set there is replaced", async () => {
    const sent: Record<string, string | string[] | undefined>[] = [];
    nock('http://api.test').get('/v1/r').reply(recordingReply(sent, 200));
    const stale = '00-11111111111111111111111111111111-2222222222222222-01';
    const client = testClient({
      telemetry,
      hooks: { beforeRequest: [(request) => request.headers.set('traceparent', stale)] },
    });
    await client.request({ method: 'GET', path: 'r', operation: 'r' });
    const { attempts } = await exported();
    expect(sent[0]?.traceparent).toBe(traceparentOf(attempts[0] as ReadableSpan));
  });

  it('by default uses the global tracer provider and the global propagator', async () => {
    const sent: Record<string, string | string[] | undefined>[] = [];
    nock('http://api.test').get('/v1/r').reply(recordingReply(sent, 200));
    trace.setGlobalTracerProvider(provider);
    propagation.setGlobalPropagator(propagator);
    try {
      const client = testClient({ telemetry: openTelemetry() });
      await client.request({ method: 'GET', path: 'r', operation: 'r' });
    } finally {
      trace.disable();
      propagation.disable();
    }
    const { calls, attempts } = await exported();
    expect(calls.map((span) => span.name)).toEqual(['test.r']);
    expect(sent[0]?.traceparent).toBe(traceparentOf(attempts[0] as ReadableSpan));
  });

  it('uses a given tracer as it is', async () => {
    nock('http://api.test').get('/v1/r').reply(200, {});
    const tracer = provider.getTracer('my-app-instrumentation', '9.9.9');
    const client = testClient({ telemetry: openTelemetry({ tracer, propagator }) });
    await client.request({ method: 'GET', path: 'r', operation: 'r' });
    const { calls, attempts } = await exported();
    for (const span of [...calls, ...attempts]) {
      expect(span.instrumentationScope).toMatchObject({
        name: 'my-app-instrumentation',
        version: '9.9.9',
      });
    }
  });

  it('refuses an unknown option by name, listing the known ones', () => {
    expect(() => openTelemetry({ tracerProvidr: provider } as never)).toThrow(
      'Invalid options of openTelemetry: tracerProvidr is not an option (known: tracerProvider, tracer, propagator)',
    );
  });
});

describe('openTelemetry(): secrets', () => {
  it('secrets in the URL and the credentials never appear in any span name or attribute', async () => {
    const secrets = ['sk_live_QUERY_SECRET', 'SHARE_KEY_SECRET', 'BEARER_TOKEN_SECRET'];
    nock('http://api.test')
      .get('/v1/shares')
      .query(true)
      .reply(401, {})
      .get('/v1/shares')
      .query(true)
      .reply(200, {});
    const client = testClient({ telemetry, auth: bearerAuth(secrets[2]!) });
    await rejectionOf(
      client.request({
        method: 'GET',
        path: 'shares',
        query: { access_token: secrets[0], sharekey: secrets[1], q: 'visible' },
        operation: 'shares.list',
      }),
    );
    await client.request({
      method: 'GET',
      path: 'shares',
      query: { api_key: secrets[0], q: 'visible' },
      operation: 'shares.list',
    });

    const { calls, attempts } = await exported();
    expect(attempts.map((span) => span.attributes['url.full'])).toEqual([
      'http://api.test/v1/shares?access_token=[redacted]&sharekey=[redacted]&q=visible',
      'http://api.test/v1/shares?api_key=[redacted]&q=visible',
    ]);
    const recorded = [...calls, ...attempts].map((span) =>
      JSON.stringify({ name: span.name, attributes: span.attributes, status: span.status }),
    );
    for (const secret of secrets) {
      for (const text of recorded) expect(text).not.toContain(secret);
    }
  });
});

/** A port on 127.0.0.1 that nothing listens on: a connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
