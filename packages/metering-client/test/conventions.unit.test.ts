/**
 * The rules every clientkit client follows, on the metering client's side: option names, the base
 * URL, the request() escape hatch, retry options per client and per request, Idempotency-Keys.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  InternalServerError,
  MeteringClient,
  NotFoundError,
  RequestValidationError,
} from '../src/index';
import {
  API_KEY,
  mockSessions,
  ORIGIN,
  rejectionOf,
  SESSION_PATH,
  STREAM_PATH,
  sessionBody,
  unitClient,
  usage,
  useNock,
} from './support/unit';

useNock();

const busy = { error: { type: 'api_error', message: 'busy' } };

function constructionError(options: Record<string, unknown>): RequestValidationError {
  try {
    new MeteringClient({ baseUrl: ORIGIN, apiKey: API_KEY, ...options } as never);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return error as RequestValidationError;
  }
  return expect.unreachable('the options were accepted');
}

describe('unknown names are refused by name before any request', () => {
  it('refuses unknown client options such as retries and timeoutMs, naming each', () => {
    const error = constructionError({ retries: 3, timeoutMs: 1000 });
    expect(error.issues.map((issue) => issue.path)).toEqual(['retries', 'timeoutMs']);
    expect(error.message).toContain(
      'Invalid options of MeteringClient: retries is not an option; timeoutMs is not an option (known: fetch, timeout, retry,',
    );
    expect(error.message.match(/known:/g)).toHaveLength(1);
  });

  it('refuses the 0.2 option maxRetries, naming it', () => {
    expect(constructionError({ maxRetries: 2 }).issues[0]?.path).toBe('maxRetries');
  });

  it('refuses an unknown input field of an event, naming it, before any request', async () => {
    const error = await rejectionOf(
      unitClient().events.send([{ event_name: 'a', payload: {}, idempotencyKey: 'x' } as never]),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain('events[0] has unknown field idempotencyKey');
  });

  it('refuses an unknown request option, naming it, before any request', async () => {
    const error = await rejectionOf(unitClient().sessions.create({ maxRetries: 1 } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'maxRetries', message: 'is not an option' },
    ]);
    expect((error as Error).message).toContain('options of metering.sessions.create');
  });
});

describe('baseUrl is the service’s origin and the client appends the interface’s paths', () => {
  it.each([
    ['http://metering.test', 'http://metering.test'],
    ['http://metering.test/', 'http://metering.test'],
    ['http://gateway.test/metering', 'http://gateway.test/metering'],
    ['http://gateway.test/metering/', 'http://gateway.test/metering'],
  ])('with baseUrl %s, sessions go to %s/v2/billing/...', async (baseUrl, origin) => {
    const url = new URL(origin);
    const body = sessionBody();
    nock(url.origin)
      .post(`${url.pathname.replace(/\/$/, '')}${SESSION_PATH}`)
      .reply(200, body);
    nock(url.origin)
      .post(`${url.pathname.replace(/\/$/, '')}${STREAM_PATH}`)
      .reply(200, {});
    const metering = new MeteringClient({ baseUrl, apiKey: API_KEY });
    await metering.events.send(usage(1));
  });
});

describe('baseUrl and streamBaseUrl are checked one way, at construction', () => {
  const refusals = [
    ['http://metering.test/v2/billing', 'must not end with /v2/billing: the client appends it'],
    ['http://metering.test/v2/billing/', 'must not end with /v2/billing: the client appends it'],
    [
      'http://gateway.test/metering/V2/Billing',
      'must not end with /v2/billing: the client appends it',
    ],
    ['http://metering.test?region=eu', 'must not carry a query string'],
    ['http://metering.test/#stream', 'must not carry a fragment'],
    ['http://user:secret@metering.test', 'must not carry credentials (user:password@)'],
    ['metering.test', 'must be an absolute http(s) URL, such as https://api.example.com'],
  ] as const;

  it.each(refusals)('refuses the baseUrl %s: it %s', (baseUrl, rule) => {
    const error = constructionError({ baseUrl });
    expect(error.issues).toEqual([{ path: 'baseUrl', message: expect.stringContaining(rule) }]);
    expect(error.message).toContain(`Invalid options of MeteringClient: baseUrl ${rule}`);
  });

  it.each(refusals)('refuses the streamBaseUrl %s: it %s', (streamBaseUrl, rule) => {
    const error = constructionError({ streamBaseUrl });
    expect(error.issues).toEqual([
      { path: 'streamBaseUrl', message: expect.stringContaining(rule) },
    ]);
    expect(error.message).not.toContain('secret');
  });

  it('sends the stream to streamBaseUrl under a proxy prefix, with /v2/billing appended', async () => {
    mockSessions(1);
    nock('http://gateway.test').post(`/stream${STREAM_PATH}`).reply(200, {});
    await unitClient({ streamBaseUrl: 'http://gateway.test/stream/' }).events.send(usage(1));
  });
});

describe('request(): the escape hatch', () => {
  it('sends any route under <baseUrl>/v2/billing with the API key, Service-Version and the query', async () => {
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
      .matchHeader('service-version', /^\d{4}-/)
      .get('/v2/billing/meters')
      .query({ limit: '2' })
      .reply(200, { data: [{ id: 'mtr_1' }] });
    const answer = await unitClient().request<{ data: { id: string }[] }>('GET', 'meters', {
      query: { limit: 2 },
    });
    expect(answer.data[0]?.id).toBe('mtr_1');
  });

  it('retries a POST with the same Idempotency-Key on every attempt', async () => {
    const keys: unknown[] = [];
    nock(ORIGIN)
      .post('/v2/billing/meters', { display_name: 'Calls' })
      .times(2)
      .reply(function () {
        keys.push(this.req.headers['idempotency-key']);
        return keys.length === 1 ? [503, busy, { 'retry-after': '0' }] : [200, { id: 'mtr_2' }];
      });
    await unitClient().request('POST', '/meters', { body: { display_name: 'Calls' } });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('maps the interface’s error body to the error class', async () => {
    nock(ORIGIN)
      .get('/v2/billing/nothing')
      .reply(404, { error: { type: 'invalid_request_error', message: 'No route' } });
    const error = await rejectionOf(unitClient().request('GET', 'nothing'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).code).toBe('invalid_request_error');
  });

  it.each([
    '../admin',
    'v2/%2e%2e/admin',
    'https://elsewhere.test/v2',
    '//elsewhere.test/v2',
    'v2?x=1',
  ])('refuses the path %s, which would leave the base URL, before any request', async (path) => {
    const error = await rejectionOf(unitClient().request('GET', path));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain('path must be a path under the base URL');
  });

  it('refuses a method that is not an HTTP method it sends', async () => {
    const error = await rejectionOf(unitClient().request('TRACE' as never, 'v2/billing'));
    expect((error as Error).message).toContain('method must be one of "GET"');
  });
});

describe('retry in ky’s shape, per client and per request', () => {
  it('makes one attempt with retry: 0 on the client', async () => {
    nock(ORIGIN).post(SESSION_PATH).reply(503, busy, { 'retry-after': '0' });
    const error = await rejectionOf(unitClient({ retry: 0 }).sessions.create());
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('lets a request’s retry override the client’s', async () => {
    nock(ORIGIN).post(SESSION_PATH).reply(503, busy, { 'retry-after': '0' });
    nock(ORIGIN).post(SESSION_PATH).reply(200, sessionBody());
    const session = await unitClient({ retry: 0 }).sessions.create({ retry: 1 });
    expect(session.object).toBe('v2.billing.meter_event_session');
  });

  it('takes ky’s retry options: statusCodes limits what is retried', async () => {
    nock(ORIGIN).post(SESSION_PATH).reply(503, busy, { 'retry-after': '0' });
    const client = unitClient({ retry: { limit: 3, statusCodes: [500] } });
    expect(await rejectionOf(client.sessions.create())).toBeInstanceOf(InternalServerError);
  });

  it('refuses a retry limit that is not a whole number, naming it', () => {
    expect(constructionError({ retry: -1 }).issues).toEqual([
      { path: 'retry', message: 'must be a whole number of retries or ky retry options' },
    ]);
  });
});

describe('Idempotency-Key on every metering POST', () => {
  it('sends one key for all the attempts of a batch, and a key of its own for the session', async () => {
    const sessionKeys: unknown[] = [];
    const streamKeys: unknown[] = [];
    nock(ORIGIN)
      .post(SESSION_PATH)
      .reply(function () {
        sessionKeys.push(this.req.headers['idempotency-key']);
        return [200, sessionBody()];
      });
    nock(ORIGIN)
      .post(STREAM_PATH)
      .times(3)
      .reply(function () {
        streamKeys.push(this.req.headers['idempotency-key']);
        return streamKeys.length < 3 ? [503, busy, { 'retry-after': '0' }] : [200, {}];
      });
    await unitClient().events.send(usage(2));
    expect(new Set(streamKeys).size).toBe(1);
    expect(streamKeys).toHaveLength(3);
    expect(sessionKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionKeys[0]).not.toBe(streamKeys[0]);
  });

  it('sends the caller’s idempotencyKey when one is given', async () => {
    mockSessions(1);
    nock(ORIGIN, { reqheaders: { 'idempotency-key': 'batch-7' } })
      .post(STREAM_PATH)
      .reply(200, {});
    await unitClient().events.send(usage(1), { idempotencyKey: 'batch-7' });
  });
});

describe('hooks in ky’s shape', () => {
  it('calls a client afterResponse hook with (request, options, response) for every request', async () => {
    mockSessions(1);
    nock(ORIGIN).post(STREAM_PATH).reply(200, {});
    const seen: string[] = [];
    const client = unitClient({
      hooks: {
        afterResponse: [
          (request, options, response) => {
            seen.push(`${options.method} ${new URL(request.url).pathname} ${response.status}`);
          },
        ],
      },
    });
    await client.events.send(usage(1));
    expect(seen).toEqual([`POST ${SESSION_PATH} 200`, `POST ${STREAM_PATH} 200`]);
  });
});
