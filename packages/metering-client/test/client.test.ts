import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import {
  APIResponseValidationError,
  AuthenticationError,
  BadRequestError,
  DEFAULT_SERVICE_VERSION,
  InternalServerError,
  MeteringClient,
  RateLimitError,
  RequestValidationError,
} from '../src/index';
import {
  API_KEY,
  mockSessions,
  ORIGIN,
  rejectionOf,
  SESSION_PATH,
  STREAM_ORIGIN,
  STREAM_PATH,
  type StreamBody,
  sessionBody,
  unitClient,
  usage,
  useNock,
} from './support/unit';

useNock();

/** Expects a RequestValidationError with these issue texts; nock refuses any request that slips through. */
async function refused(promise: PromiseLike<unknown>, issues: string[]) {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(
    (error as RequestValidationError).issues.map((i) => `${i.path} ${i.message}`.trim()),
  ).toEqual(issues);
}

function construct(options: Record<string, unknown>): unknown {
  try {
    return new MeteringClient({ baseUrl: ORIGIN, apiKey: API_KEY, ...options } as never);
  } catch (error) {
    return error;
  }
}

describe('sessions.create', () => {
  it('sends POST /v2/billing/meter_event_session with the API key as bearer, Service-Version and no body', async () => {
    const session = sessionBody();
    nock(ORIGIN, {
      reqheaders: {
        authorization: `Bearer ${API_KEY}`,
        'service-version': DEFAULT_SERVICE_VERSION,
      },
    })
      .post(SESSION_PATH, (body) => body === '' || body === undefined)
      .reply(200, session);
    expect(await unitClient().sessions.create()).toEqual(session);
  });

  it('sends the serviceVersion the client was given', async () => {
    nock(ORIGIN, { reqheaders: { 'service-version': '2025-03-31.basil' } })
      .post(SESSION_PATH)
      .reply(200, sessionBody());
    await unitClient({ serviceVersion: '2025-03-31.basil' }).sessions.create();
  });

  it('lets a Service-Version header the caller sets win over serviceVersion', async () => {
    nock(ORIGIN, { reqheaders: { 'service-version': '2025-03-31.basil' } })
      .post(SESSION_PATH)
      .reply(200, sessionBody());
    const metering = unitClient({ headers: { 'Service-Version': '2025-03-31.basil' } });
    await metering.sessions.create();
  });

  it('takes the apiKey as a function, asked for the current key on each request', async () => {
    const keys = ['sk_test_first_key', 'sk_test_second_key'];
    for (const key of keys) {
      nock(ORIGIN, { reqheaders: { authorization: `Bearer ${key}` } })
        .post(SESSION_PATH)
        .reply(200, sessionBody());
    }
    let calls = 0;
    const metering = unitClient({ apiKey: () => keys[calls++]! });
    await metering.sessions.create();
    await metering.sessions.create();
    expect(calls).toBe(2);
  });

  it('retries a session creation that failed with 503, since an extra session is harmless', async () => {
    nock(ORIGIN)
      .post(SESSION_PATH)
      .reply(503, { error: { type: 'api_error', message: 'busy' } }, { 'retry-after': '0' })
      .post(SESSION_PATH)
      .reply(200, sessionBody());
    expect((await unitClient().sessions.create()).object).toBe('v2.billing.meter_event_session');
  });

  it('maps 401 authentication_error to AuthenticationError without revealing the API key', async () => {
    nock(ORIGIN)
      .post(SESSION_PATH)
      .reply(401, { error: { type: 'authentication_error', message: 'Invalid API key provided' } });
    const error = await rejectionOf(unitClient().sessions.create());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).code).toBe('authentication_error');
    expect((error as Error).message).toContain('Invalid API key provided');
    expect(`${String(error)} ${inspect(error, { depth: 5 })}`).not.toContain(API_KEY);
  });
});

describe('events.send', () => {
  it('posts the events to /v2/billing/meter_event_stream with the session token, never the API key', async () => {
    const [token] = mockSessions(1);
    let headers: Record<string, unknown> = {};
    let body: StreamBody | undefined;
    nock(ORIGIN)
      .post(STREAM_PATH)
      .reply(function (_uri, requestBody) {
        headers = this.req.headers;
        body = requestBody as StreamBody;
        return [200, {}];
      });
    const events = [
      { event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '3' } },
      {
        event_name: 'api_call',
        payload: { stripe_customer_id: 'cus_2', value: '1' },
        identifier: 'call_42',
        timestamp: '2026-06-01T09:30:00.000Z',
      },
    ];
    const sent = await unitClient().events.send(events);
    expect(headers.authorization).toBe(`Bearer ${token}`);
    expect(headers['service-version']).toBe(DEFAULT_SERVICE_VERSION);
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.stringify(headers)).not.toContain(API_KEY);
    expect(body?.events).toEqual(sent.events);
    expect(sent.events[0]).toMatchObject(events[0]!);
    expect(sent.events[0]!.identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.events[1]).toEqual(events[1]);
  });

  it('leaves the caller’s events unchanged when it adds identifiers', async () => {
    mockSessions(1);
    nock(ORIGIN).post(STREAM_PATH).reply(200, {});
    const events = usage(2);
    await unitClient().events.send(events);
    expect(events).toEqual(usage(2));
  });

  it('sends to streamBaseUrl and creates sessions at baseUrl', async () => {
    const [token] = mockSessions(1);
    nock(STREAM_ORIGIN, { reqheaders: { authorization: `Bearer ${token}` } })
      .post(STREAM_PATH)
      .reply(200, {});
    await unitClient({ streamBaseUrl: STREAM_ORIGIN }).events.send(usage(1));
  });

  it('reuses one session for every request while it is valid', async () => {
    const [token] = mockSessions(1);
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${token}` } })
      .post(STREAM_PATH)
      .times(3)
      .reply(200, {});
    const metering = unitClient();
    for (let i = 0; i < 3; i++) await metering.events.send(usage(2));
    expect(metering.sessionsCreated).toBe(1);
  });

  it('retries a batch after 503 and a dropped connection with the same identifiers', async () => {
    mockSessions(1);
    const bodies: StreamBody[] = [];
    const record = (_uri: string, body: unknown) => {
      bodies.push(body as StreamBody);
    };
    nock(ORIGIN)
      .post(STREAM_PATH)
      .reply(
        503,
        (uri, body) => {
          record(uri, body);
          return { error: { type: 'api_error', message: 'busy' } };
        },
        { 'retry-after': '0' },
      )
      .post(STREAM_PATH)
      // An Error, not a plain object: nock drops a plain object on node:http, which the stream
      // uses on Node, and the request would then never settle.
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))
      .post(STREAM_PATH)
      .reply(200, (uri, body) => {
        record(uri, body);
        return {};
      });
    await unitClient({ retry: 2 }).events.send(usage(3));
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual(bodies[0]);
  });

  it('maps 400 invalid_request_error to BadRequestError with the message', async () => {
    mockSessions(1);
    nock(ORIGIN)
      .post(STREAM_PATH)
      .reply(400, {
        error: {
          type: 'invalid_request_error',
          message: 'Invalid body: events must have at most 100 items',
        },
      });
    const error = await rejectionOf(unitClient().events.send(usage(1)));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).code).toBe('invalid_request_error');
    expect((error as Error).message).toContain('at most 100 items');
  });

  it('maps 400 idempotency_error to BadRequestError whose code is the error code, not the type', async () => {
    mockSessions(1);
    nock(ORIGIN)
      .post(STREAM_PATH)
      .reply(400, {
        error: {
          type: 'idempotency_error',
          code: 'idempotency_key_reused',
          message: 'This Idempotency-Key was already used with another request',
        },
      });
    const error = await rejectionOf(unitClient().events.send(usage(1)));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).code).toBe('idempotency_key_reused');
  });

  it('maps 429 rate_limit to RateLimitError with retryAfter once retries are spent', async () => {
    mockSessions(1);
    nock(ORIGIN)
      .post(STREAM_PATH)
      .reply(429, { error: { type: 'rate_limit', message: 'slow down' } }, { 'retry-after': '0' });
    const error = await rejectionOf(unitClient().events.send(usage(1), { retry: 0 }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(0);
    expect((error as RateLimitError).code).toBe('rate_limit');
  });

  it('maps 5xx api_error to InternalServerError', async () => {
    mockSessions(1);
    nock(ORIGIN)
      .post(STREAM_PATH)
      .reply(500, { error: { type: 'api_error', message: 'boom' } });
    const error = await rejectionOf(unitClient({ retry: 0 }).events.send(usage(1)));
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).code).toBe('api_error');
  });
});

describe('checks before sending', () => {
  const valid = { event_name: 'api_call', payload: { value: '1' } };

  it('refuses an empty list and more than 100 events', async () => {
    await refused(unitClient().events.send([]), ['events must have at least 1 item']);
    await refused(unitClient().events.send(usage(101)), ['events must have at most 100 items']);
  });

  it('refuses a missing or empty event_name and one over 100 characters', async () => {
    await refused(unitClient().events.send([{ payload: {} } as never]), [
      'events[0].event_name is required',
    ]);
    await refused(unitClient().events.send([{ ...valid, event_name: '' }]), [
      'events[0].event_name must not be empty',
    ]);
    await refused(unitClient().events.send([{ ...valid, event_name: 'x'.repeat(101) }]), [
      'events[0].event_name must be at most 100 characters long',
    ]);
  });

  it('refuses a payload that is missing or holds a value that is not a string', async () => {
    await refused(unitClient().events.send([{ event_name: 'a' } as never]), [
      'events[0].payload is required',
    ]);
    await refused(unitClient().events.send([valid, { ...valid, payload: { value: 1 } } as never]), [
      'events[1].payload.value must be a string, not a number',
    ]);
  });

  it('refuses an empty identifier and one over 100 characters', async () => {
    await refused(unitClient().events.send([{ ...valid, identifier: '' }]), [
      'events[0].identifier must not be empty',
    ]);
    await refused(unitClient().events.send([{ ...valid, identifier: 'i'.repeat(101) }]), [
      'events[0].identifier must be at most 100 characters long',
    ]);
  });

  it('refuses a timestamp without a time zone or that is not a date', async () => {
    const message =
      'must be an ISO 8601 date-time with a time zone, such as 2026-06-01T09:30:00.000Z';
    for (const timestamp of ['2026-06-01T09:30:00', '2026-06-01', '2026-13-45T09:30:00Z', 'now']) {
      await refused(unitClient().events.send([{ ...valid, timestamp }]), [
        `events[0].timestamp ${message}`,
      ]);
    }
  });

  it('refuses fields the interface does not know, such as a camelCase eventName', async () => {
    await refused(unitClient().events.send([{ ...valid, eventName: 'x' } as never]), [
      'events[0] has unknown field eventName',
    ]);
  });
});

describe('client options', () => {
  it('refuses a missing apiKey (in code or CLIENTKIT_METERING_API_KEY) or an empty one', () => {
    vi.stubEnv('CLIENTKIT_METERING_API_KEY', undefined);
    const missing = construct({ apiKey: undefined });
    vi.unstubAllEnvs();
    expect(missing).toBeInstanceOf(RequestValidationError);
    expect((missing as Error).message).toBe(
      'Invalid options of MeteringClient: apiKey is required: pass it or set CLIENTKIT_METERING_API_KEY',
    );
    expect((construct({ apiKey: '' }) as Error).message).toBe(
      'Invalid options of MeteringClient: apiKey must be a non-empty string or a function that returns one',
    );
  });

  it('refuses a serviceVersion that is not a date-based release name', () => {
    const error = construct({ serviceVersion: 'latest' });
    expect((error as RequestValidationError).issues).toEqual([
      {
        path: 'serviceVersion',
        message: 'must be a date-based release name such as 2026-01-28.preview',
      },
    ]);
  });

  it('refuses a baseUrl or streamBaseUrl that is not an http(s) URL', () => {
    expect((construct({ baseUrl: 'metering.test' }) as Error).message).toContain('baseUrl');
    const error = construct({ streamBaseUrl: 'ftp://stream.test' });
    expect((error as RequestValidationError).issues[0]?.path).toBe('streamBaseUrl');
  });

  it('keeps the session token out of the error when a session answer fails validation', async () => {
    const session = { ...sessionBody(), created: 'yesterday' };
    nock(ORIGIN).post(SESSION_PATH).reply(200, session);
    const error = await rejectionOf(unitClient({ validateResponses: true }).events.send(usage(1)));
    expect((error as Error).message).toContain('created must be an ISO 8601 date-time');
    const shown = `${inspect(error, { depth: 10 })} ${JSON.stringify(error)}`;
    expect(shown).not.toContain(session.authentication_token);
  });

  it('checks that a session answer is a v2.billing.meter_event_session (validateResponses)', async () => {
    nock(ORIGIN)
      .post(SESSION_PATH)
      .reply(200, { ...sessionBody(), object: 'v2.billing.meter_event' });
    const error = await rejectionOf(unitClient({ validateResponses: true }).sessions.create());
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).issues).toEqual([
      { path: 'object', message: 'must be "v2.billing.meter_event_session"' },
    ]);
    nock(ORIGIN).post(SESSION_PATH).reply(200, sessionBody());
    const session = await unitClient({ validateResponses: true }).sessions.create();
    expect(session.object).toBe('v2.billing.meter_event_session');
  });

  it('keeps the API key and session tokens out of inspect and JSON output', async () => {
    const [token] = mockSessions(1);
    nock(ORIGIN).post(STREAM_PATH).reply(200, {});
    const metering = unitClient();
    await metering.events.send(usage(1));
    const stream = metering.createStream();
    const shown = `${inspect(metering, { depth: 10, showHidden: true })} ${JSON.stringify(metering)} ${inspect(stream, { depth: 10 })}`;
    expect(shown).not.toContain(API_KEY);
    expect(shown).not.toContain(token);
    await stream.close();
  });
});
