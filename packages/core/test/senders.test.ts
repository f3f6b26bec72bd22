import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  type Auth,
  AuthenticationError,
  announced,
  type CallInfo,
  type CallTarget,
  ClientCore,
  type ClientDefinition,
  type ClientOptions,
  ConnectionFailure,
  type Contract,
  type Operation,
  type Outcome,
  type ReceivedResponse,
  type RequestOptions,
  type Sender,
  type Telemetry,
} from './core';
import { rejectionOf } from './helpers';

const ORIGIN = 'http://api.test';

/** One answer of the scripted service, or how the connection fails instead. */
type Step =
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { fail: 'refused' | 'reset' | 'timeout' };

/** What was sent, whatever sent it. */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
const reset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

/**
 * The same scripted service behind both paths: as a `fetch` (ky's path) that fails as undici does,
 * with the runtime's error as its cause, and as a client's own sender, which reports a failed
 * connection as a `ConnectionFailure` with node:http's error as its cause.
 */
function scripted(steps: Step[]) {
  const sent: Sent[] = [];
  let next = 0;
  const take = (request: Sent) => {
    sent.push(request);
    const step = steps[Math.min(next++, steps.length - 1)]!;
    return step;
  };
  const answerHeaders = (step: { headers?: Record<string, string>; body?: unknown }) => ({
    ...(step.body === undefined ? {} : { 'content-type': 'application/json' }),
    'x-request-id': `req_${next}`,
    ...step.headers,
  });
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.body ? await request.text() : undefined;
    const step = take({ method: request.method, url: request.url, headers, body });
    if ('fail' in step) {
      if (step.fail === 'timeout') {
        // Never answers: ky's own timer gives up.
        return new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason)),
        );
      }
      throw new TypeError('fetch failed', { cause: step.fail === 'refused' ? refused() : reset() });
    }
    const response = new Response(step.body === undefined ? null : JSON.stringify(step.body), {
      status: step.status,
      headers: answerHeaders(step),
    });
    // As a real fetch's answer, it says where it came from.
    Object.defineProperty(response, 'url', { value: request.url });
    return response;
  };
  const sender: Sender = {
    async send(attempt): Promise<ReceivedResponse> {
      const { method, url, body, signal } = attempt;
      const step = take({ method, url, headers: { ...announced(attempt) }, body });
      if ('fail' in step) {
        if (step.fail === 'timeout') {
          // Never answers: the attempt's signal gives up.
          return new Promise<ReceivedResponse>((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason)),
          );
        }
        throw new ConnectionFailure(url, step.fail === 'refused' ? refused() : reset());
      }
      const answered = answerHeaders(step);
      const text = step.body === undefined ? '' : JSON.stringify(step.body);
      return {
        status: step.status,
        statusText: '',
        url,
        contentType: answered['content-type'] ?? null,
        text,
        headers: () => new Headers(answered),
        response: () =>
          Object.defineProperty(
            new Response(text || null, { status: step.status, headers: answered }),
            'url',
            { value: url },
          ),
      };
    },
  };
  return { fetch, sender, sent };
}

/** A telemetry that writes down what it is told, in a form both paths can be compared by. */
function recordingTelemetry(events: string[]): Telemetry {
  const outcome = ({ response, error }: Outcome) => {
    if (response) return `status ${response.status}`;
    const chain: unknown[] = [];
    for (let link = error; link && typeof link === 'object' && chain.length < 5; ) {
      chain.push(link);
      link = (link as { cause?: unknown }).cause;
    }
    const code = chain.map((link) => (link as { code?: unknown }).code).find(Boolean);
    const name = (error as { name?: string }).name;
    const timeout = name === 'TimeoutError' || name === 'APITimeoutError';
    return `error ${code ?? (timeout ? 'timeout' : name)}`;
  };
  return {
    startCall(call: CallInfo) {
      events.push(`call ${call.operation} ${call.method} ${call.urlTemplate}`);
      return {
        attempt(request, resendCount) {
          events.push(`attempt ${resendCount} ${request.method} ${request.url}`);
          request.headers.set('traceparent', `trace-${resendCount}`);
          return (ended) => events.push(`attempt ended, ${outcome(ended)}`);
        },
        end: (ended) => events.push(`call ended, ${outcome(ended)}`),
      };
    },
  };
}

const contract: Contract = {
  name: 'test',
  base: '/v1',
  operations: {},
};

const create: Operation = {
  sdk: 'things.create',
  method: 'POST',
  path: 'things',
  body: z.object({ name: z.string() }),
} as Operation;

/** The same create, whose answer is checked against the contract's `Thing` with `validateResponses`. */
const checkedCreate: Operation = {
  ...create,
  response: z.object({ id: z.string() }),
} as Operation;

interface Run {
  /** The data, or the error's class, status, request id and message. */
  result: unknown;
  sent: Sent[];
  log: string[];
  telemetry: string[];
}

type Path = 'ky' | 'own';

/**
 * One call through the toy client, on ky's path (a fetch given) or over the wire (no fetch), with
 * a logger and a telemetry that record what they hear.
 */
async function run(
  path: Path,
  steps: Step[],
  {
    client = {},
    request = {},
    auth,
    idempotencyKeys = true,
    operation = create,
  }: {
    client?: ClientOptions;
    request?: RequestOptions;
    auth?: Auth;
    idempotencyKeys?: boolean;
    operation?: Operation;
  } = {},
): Promise<Run> {
  const service = scripted(steps);
  const log: string[] = [];
  const telemetry: string[] = [];
  const line = (level: string) => (message: string, details?: Record<string, unknown>) =>
    log.push(`${level} ${message} ${JSON.stringify({ ...details, durationMs: undefined })}`);
  const definition: ClientDefinition<Contract> = {
    name: 'TestClient',
    contract,
    options: ['baseUrl'],
    errorFields: (body) => ({ code: (body as { code?: string } | undefined)?.code }),
    idempotencyKeys,
  };
  const core = new ClientCore(
    definition,
    {
      baseUrl: ORIGIN,
      retry: { limit: 2, delay: () => 0, jitter: false },
      logger: {
        debug: line('debug'),
        info: line('info'),
        warn: line('warn'),
        error: line('error'),
      },
      logLevel: 'debug',
      telemetry: recordingTelemetry(telemetry),
      ...(path === 'ky' ? { fetch: service.fetch } : {}),
      ...client,
    },
    () => auth,
  );
  const via: CallTarget = { sender: service.sender };
  let result: unknown;
  try {
    result = await core.call(operation, { body: { name: 'a' } } as never, request, via);
  } catch (error) {
    const { name, status, requestId, message } = error as Record<string, unknown>;
    // How long the attempts took differs from run to run; how many they were does not.
    result = { name, status, requestId, message: String(message).replace(/ over [\d.]+ s/, '') };
  }
  return { result, sent: service.sent, log, telemetry };
}

/** The same call on both paths; what the caller, the service, the log and the telemetry saw. */
async function bothPaths(steps: Step[], options?: Parameters<typeof run>[2]) {
  const ky = await run('ky', steps, options);
  const wire = await run('own', steps, options);
  return { ky, wire };
}

/** What is sent, without what each path adds of its own (undici's fetch headers) or draws anew. */
const comparable = (sent: Sent[]) =>
  sent.map(({ method, url, headers, body }) => ({
    method,
    url,
    body,
    headers: Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) =>
          !['idempotency-key', 'accept-encoding', 'accept-language', 'sec-fetch-mode'].includes(
            name,
          ) && name !== 'content-length',
      ),
    ),
  }));

describe("a call through a client's own sender keeps every rule of ky's path", () => {
  it('retries a 503 with the same Idempotency-Key, and writes the same log lines and telemetry', async () => {
    const steps: Step[] = [
      { status: 503, headers: { 'retry-after': '0' }, body: { code: 'busy' } },
      { status: 200, body: { id: 't1' } },
    ];
    const { ky, wire } = await bothPaths(steps);
    expect(wire.result).toEqual({ id: 't1' });
    expect(wire.result).toEqual(ky.result);
    expect(comparable(wire.sent)).toEqual(comparable(ky.sent));
    expect(wire.sent).toHaveLength(2);
    expect(wire.sent[0]!.headers['idempotency-key']).toBeDefined();
    expect(wire.sent[1]!.headers['idempotency-key']).toBe(wire.sent[0]!.headers['idempotency-key']);
    expect(wire.log).toEqual(ky.log);
    expect(wire.log.map((line) => line.split(' {')[0])).toEqual([
      'info test.things.create: retry 1 after status 503',
      'debug test.things.create: 200 POST http://api.test/v1/things',
    ]);
    expect(wire.telemetry).toEqual(ky.telemetry);
    expect(wire.telemetry).toEqual([
      'call test.things.create POST /v1/things',
      'attempt 0 POST http://api.test/v1/things',
      'attempt ended, status 503',
      'attempt 1 POST http://api.test/v1/things',
      'attempt ended, status 200',
      'call ended, status 200',
    ]);
  });

  it('ends a call whose answer breaks its response schema as failed, in the log and the telemetry, and its attempt with the status', async () => {
    const { ky, wire } = await bothPaths([{ status: 200, body: { id: 42 } }], {
      client: { validateResponses: true },
      operation: checkedCreate,
    });
    expect(wire.result).toMatchObject({ name: 'APIResponseValidationError', requestId: 'req_1' });
    expect(wire.result).toEqual(ky.result);
    expect(wire.log).toEqual(ky.log);
    expect(wire.log.map((line) => line.split(' {')[0])).toEqual([
      'debug test.things.create: failed, APIResponseValidationError',
    ]);
    expect(wire.telemetry).toEqual(ky.telemetry);
    expect(wire.telemetry).toEqual([
      'call test.things.create POST /v1/things',
      'attempt 0 POST http://api.test/v1/things',
      'attempt ended, status 200',
      'call ended, error APIResponseValidationError',
    ]);
  });

  it('sends the headers the telemetry sets on each attempt (trace context)', async () => {
    const { ky, wire } = await bothPaths([{ status: 200, body: {} }]);
    expect(wire.sent[0]!.headers.traceparent).toBe('trace-0');
    expect(ky.sent[0]!.headers.traceparent).toBe('trace-0');
  });

  it('gives up after the retry limit with the interface error class and its request id', async () => {
    const { ky, wire } = await bothPaths([{ status: 502, body: { code: 'bad_gateway' } }]);
    expect(wire.result).toMatchObject({
      name: 'InternalServerError',
      status: 502,
      requestId: 'req_3',
    });
    expect(wire.result).toEqual(ky.result);
    expect(wire.sent).toHaveLength(3);
    expect(new Set(wire.sent.map((s) => s.headers['idempotency-key'])).size).toBe(1);
    expect(wire.log).toEqual(ky.log);
    expect(wire.telemetry).toEqual(ky.telemetry);
  });

  it("waits what a 429's reset header asks before the retry, on both paths", async () => {
    for (const path of ['ky', 'own'] as const) {
      const started = performance.now();
      const { result, sent } = await run(path, [
        { status: 429, headers: { 'x-ratelimit-reset': '0.2' }, body: { code: 'rate_limit' } },
        { status: 200, body: { ok: true } },
      ]);
      expect(result).toEqual({ ok: true });
      expect(sent).toHaveLength(2);
      // The policy's own backoff is 0 here: only the server's 200 ms can make the call this long.
      expect(performance.now() - started, path).toBeGreaterThanOrEqual(190);
    }
  });

  it('does not retry a 400, and fails with its class at once', async () => {
    const { ky, wire } = await bothPaths([{ status: 400, body: { code: 'invalid' } }]);
    expect(wire.result).toMatchObject({ name: 'BadRequestError', status: 400 });
    expect(wire.result).toEqual(ky.result);
    expect(wire.sent).toHaveLength(1);
    expect(wire.log).toEqual(ky.log);
    expect(wire.telemetry).toEqual(ky.telemetry);
  });

  it('fails at once when the server asks for a wait over maxRetryAfter, with retryAfter', async () => {
    const { ky, wire } = await bothPaths([
      { status: 429, headers: { 'retry-after': '120' }, body: { code: 'rate_limit' } },
    ]);
    expect(wire.result).toMatchObject({ name: 'RateLimitError', status: 429 });
    expect(wire.result).toEqual(ky.result);
    expect(wire.sent).toHaveLength(1);
  });

  it('retries a refused connection on a POST of an interface without idempotency keys, and not a reset one', async () => {
    const retried = await bothPaths([{ fail: 'refused' }, { status: 200, body: { ok: true } }], {
      idempotencyKeys: false,
    });
    expect(retried.wire.result).toEqual({ ok: true });
    expect(retried.wire.sent).toHaveLength(2);
    expect(retried.wire.log).toEqual(retried.ky.log);
    expect(retried.wire.telemetry).toEqual(retried.ky.telemetry);
    expect(retried.wire.telemetry).toContain('attempt ended, error ECONNREFUSED');
    const given = await bothPaths([{ fail: 'reset' }], { idempotencyKeys: false });
    // The message quotes what the runtime said, which undici wraps in its own "fetch failed".
    expect(given.wire.result).toEqual({
      name: 'APIConnectionError',
      status: undefined,
      requestId: null,
      message:
        'Connection to api.test reset before the answer (POST http://api.test/v1/things): socket hang up, 1 attempt',
    });
    expect(given.ky.result).toMatchObject({ name: 'APIConnectionError' });
    expect(given.wire.sent).toHaveLength(1);
    expect(given.wire.log).toEqual(given.ky.log);
    expect(given.wire.telemetry).toEqual(given.ky.telemetry);
  });

  it('retries an attempt that ran out of time, then fails with APITimeoutError', async () => {
    const { ky, wire } = await bothPaths([{ fail: 'timeout' }], {
      client: { timeout: 20 },
    });
    expect(wire.result).toMatchObject({ name: 'APITimeoutError' });
    expect(wire.result).toEqual(ky.result);
    expect(wire.sent).toHaveLength(3);
    expect(wire.log).toEqual(ky.log);
    expect(wire.telemetry).toEqual(ky.telemetry);
  });

  it('renews refused credentials once and sends again, with the credentials of each attempt', async () => {
    const makeAuth = () => {
      let token = 'old';
      const auth: Auth = {
        headers: async () => ({ authorization: `Bearer ${token}` }),
        renew: (refused: AuthenticationError, sent: Record<string, string>) => {
          expect(refused).toBeInstanceOf(AuthenticationError);
          expect(sent.authorization).toBe('Bearer old');
          token = 'new';
          return true;
        },
      };
      return auth;
    };
    const steps: Step[] = [
      { status: 401, body: { code: 'expired' } },
      { status: 200, body: {} },
    ];
    const ky = await run('ky', steps, { auth: makeAuth() });
    const wire = await run('own', steps, { auth: makeAuth() });
    expect(wire.result).toEqual({});
    expect(wire.sent.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(comparable(wire.sent)).toEqual(comparable(ky.sent));
    expect(wire.log).toEqual(ky.log);
    expect(wire.telemetry).toEqual(ky.telemetry);
  });

  it("leaves the client's own sender for ky when the application gave hooks, which only ky runs", async () => {
    for (const options of [
      { client: { hooks: { beforeRequest: [] } } },
      { request: { hooks: { beforeRetry: [] } } },
    ]) {
      const service = scripted([{ status: 200, body: {} }]);
      let fetched = 0;
      const core = new ClientCore(
        {
          name: 'TestClient',
          contract,
          options: ['baseUrl'],
          errorFields: () => undefined,
          idempotencyKeys: true,
        },
        { baseUrl: ORIGIN, ...(options.client ?? {}) },
        () => undefined,
      );
      const original = globalThis.fetch;
      globalThis.fetch = (input, init) => {
        fetched += 1;
        return service.fetch(input, init);
      };
      try {
        await core.call(create, { body: { name: 'a' } } as never, options.request ?? {}, {
          sender: service.sender,
        });
      } finally {
        globalThis.fetch = original;
      }
      expect(fetched, JSON.stringify(options)).toBe(1);
    }
  });

  it("keeps the client's own sender with a shouldRetry: the one retry loop asks it on both paths", async () => {
    const { ky, wire } = await bothPaths(
      [
        { status: 503, headers: { 'retry-after': '0' } },
        { status: 200, body: { id: 't1' } },
      ],
      {
        request: {
          retry: { shouldRetry: ({ error }) => (error as { status?: number }).status === 503 },
        },
      },
    );
    expect(wire.result).toEqual({ id: 't1' });
    expect(wire.sent).toHaveLength(2);
    expect(wire.log).toEqual(ky.log);
  });
});

describe('checkedSender', () => {
  const core = (bodyLimit?: number) =>
    new ClientCore(
      {
        name: 'TestClient',
        contract,
        options: ['baseUrl'],
        errorFields: () => undefined,
        idempotencyKeys: true,
        ...(bodyLimit === undefined
          ? {}
          : { bodyLimit: { bytes: bodyLimit, code: 'too_big', message: (n) => `${n} bytes` } }),
      },
      { baseUrl: ORIGIN, retry: { limit: 2, delay: () => 0 } },
      () => undefined,
    );

  it('sends the JSON text it is given without checking it again, and tells of each retry', async () => {
    const service = scripted([
      { status: 503, headers: { 'retry-after': '0' } },
      { status: 200, body: { ok: 1 } },
    ]);
    const send = core().checkedSender(create, {}, { sender: service.sender });
    const retries: number[] = [];
    // The body schema wants a name: a body it would refuse goes out as given.
    const data = await send('{"other":1}', () => retries.push(1));
    expect(data).toEqual({ ok: 1 });
    expect(service.sent.map((s) => s.body)).toEqual(['{"other":1}', '{"other":1}']);
    expect(retries).toEqual([1]);
  });

  it('checks the request options once, when it is made', () => {
    expect(() => core().checkedSender(create, { maxRetries: 3 } as never)).toThrow(
      'maxRetries is not an option',
    );
  });

  it("refuses a body over the interface's limit before sending it", async () => {
    const service = scripted([{ status: 200 }]);
    const send = core(10).checkedSender(create, {}, { sender: service.sender });
    expect(await rejectionOf(send('{"name":"far too long"}'))).toMatchObject({
      name: 'PayloadTooLargeError',
    });
    expect(service.sent).toHaveLength(0);
  });
});
