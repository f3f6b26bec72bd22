import { describe, expect, it, vi } from 'vitest';
import { AuthenticationError, DEFAULT_SERVICE_VERSION, isSessionExpiredError } from '../src/index';
import { bodyOf, LIVE_KEY, SERVER_START, TEST_KEY, urlOf, useMeteringServer } from './support/e2e';

const h = useMeteringServer();

const event = (overrides: Record<string, unknown> = {}) => ({
  event_name: 'api_call',
  payload: { stripe_customer_id: 'cus_1', value: '1' },
  ...overrides,
});

async function stream(body: unknown, token?: string) {
  const authentication = token ?? (await h.session()).authentication_token;
  return h.raw('meter_event_stream', { token: authentication, body });
}

async function expectError(
  response: Promise<Response> | Response,
  status: number,
  type: string,
  message?: string,
) {
  const res = await response;
  expect(res.status).toBe(status);
  const body = (await bodyOf(res)) as { error: { type: string; code?: string; message: string } };
  expect(body.error.type).toBe(type);
  if (message !== undefined) expect(body.error.message).toContain(message);
  return body.error;
}

describe('POST /v2/billing/meter_event_session', () => {
  it('answers a session whose expires_at is created + 15 minutes on the server clock, in ISO 8601 UTC with milliseconds', async () => {
    const session = await h.client().sessions.create();
    expect(session).toMatchObject({
      object: 'v2.billing.meter_event_session',
      created: SERVER_START,
      expires_at: '2026-06-01T08:15:00.000Z',
      livemode: false,
    });
    expect(session.id).toMatch(/^mes_/);
    expect(session.authentication_token).toMatch(/^mest_/);
  });

  it('gives livemode false to sk_test_ keys and true to sk_live_ keys', async () => {
    expect((await h.session(TEST_KEY)).livemode).toBe(false);
    expect((await h.session(LIVE_KEY)).livemode).toBe(true);
    const minted = h.server.metering.mintApiKey({ livemode: true });
    expect((await h.session(minted)).livemode).toBe(true);
  });

  it('gives each session its own token', async () => {
    const tokens = new Set(
      await Promise.all(
        Array.from({ length: 5 }, async () => (await h.session()).authentication_token),
      ),
    );
    expect(tokens.size).toBe(5);
    expect(h.server.metering.sessions()).toEqual({ created: 5, active: 5 });
  });

  it('answers 401 authentication_error without an API key', async () => {
    await expectError(
      h.raw('meter_event_session', { token: null }),
      401,
      'authentication_error',
      'No API key provided',
    );
  });

  it('answers 401 authentication_error to a malformed or unknown key, without echoing it', async () => {
    for (const key of ['pk_test_abcdefghij', 'sk_test_unknown_key_1234']) {
      const res = await h.raw('meter_event_session', { token: key });
      const text = await res.text();
      expect(res.status).toBe(401);
      expect(JSON.parse(text).error.type).toBe('authentication_error');
      expect(text).toContain('Invalid API key provided');
      expect(text).not.toContain(key);
    }
    const error = await h
      .client({ apiKey: 'sk_live_not_a_real_key_99' })
      .sessions.create()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(String(error)).not.toContain('sk_live_not_a_real_key_99');
  });

  it('states the whole key rule to a key with the right prefix but a bad rest: sk_test_ or sk_live_, then at least 8 letters, digits or underscores', async () => {
    const rule =
      'a key is sk_test_ or sk_live_ followed by at least 8 letters, digits or underscores';
    for (const key of ['sk_test_1234567', 'sk_live_has-a-dash-1234']) {
      const error = await h
        .client({ apiKey: key })
        .sessions.create()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect((error as Error).message).toContain(`Invalid API key provided: ${rule}`);
      expect(String(error)).not.toContain(key);
    }
    const eightMore = await h.raw('meter_event_session', { token: 'sk_test_12345678' });
    expect(await eightMore.text()).not.toContain(rule); // well formed, only unknown
  });

  it('uses the default release when Service-Version is missing, and echoes the release used', async () => {
    const missing = await h.raw('meter_event_session');
    expect(missing.status).toBe(200);
    expect(missing.headers.get('service-version')).toBe(DEFAULT_SERVICE_VERSION);
    const given = await h.raw('meter_event_session', {
      headers: { 'service-version': '2025-03-31.basil' },
    });
    expect(given.headers.get('service-version')).toBe('2025-03-31.basil');
  });

  it('answers 400 invalid_request_error to a malformed Service-Version', async () => {
    await expectError(
      h.raw('meter_event_session', { headers: { 'service-version': 'v2' } }),
      400,
      'invalid_request_error',
      'Invalid Service-Version header',
    );
  });
});

describe('POST /v2/billing/meter_event_stream', () => {
  it('answers 200 {} to 1 to 100 well-formed events and counts them asynchronously', async () => {
    const one = await stream({ events: [event()] });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual({});
    const hundred = await stream({ events: Array.from({ length: 100 }, () => event()) });
    expect(hundred.status).toBe(200);
    expect(h.server.metering.counted().total).toBe(0);
    expect(h.server.metering.pendingEvents()).toBe(101);
    expect(await h.countedTotal()).toBe(101);
    expect(h.server.metering.counted().byEventName).toEqual({ api_call: 101 });
  });

  it('answers 401 authentication_error without a token, to an unknown token and to an API key', async () => {
    await expectError(
      h.raw('meter_event_stream', { token: null, body: { events: [event()] } }),
      401,
      'authentication_error',
      'No session token provided',
    );
    for (const token of ['mest_made_up', TEST_KEY]) {
      await expectError(
        stream({ events: [event()] }, token),
        401,
        'authentication_error',
        'Invalid session token',
      );
    }
  });

  it('accepts a token until 15 minutes after its creation, then answers 401 temporary_session_expired', async () => {
    const { authentication_token: token } = await h.session();
    await h.server.clock.advance(15 * 60_000 - 1);
    expect((await stream({ events: [event()] }, token)).status).toBe(200);
    await h.server.clock.advance(1);
    const error = await expectError(
      stream({ events: [event()] }, token),
      401,
      'temporary_session_expired',
    );
    expect(error.code).toBe('billing_meter_event_session_expired');
    expect(h.server.metering.sessions()).toEqual({ created: 1, active: 0 });
  });

  it('answers 400 invalid_request_error to 0 or 101 events, naming the rule', async () => {
    await expectError(
      stream({ events: [] }),
      400,
      'invalid_request_error',
      'events must have at least 1 item',
    );
    await expectError(
      stream({ events: Array.from({ length: 101 }, () => event()) }),
      400,
      'invalid_request_error',
      'events must have at most 100 items',
    );
  });

  it('answers 400 naming the field of a malformed event, and counts nothing of that batch', async () => {
    const cases: [unknown, string][] = [
      [
        { events: [event(), event({ payload: { value: 2 } })] },
        'events[1].payload.value must be a string',
      ],
      [{ events: [event({ event_name: '' })] }, 'events[0].event_name must not be empty'],
      [
        { events: [event({ timestamp: 'yesterday' })] },
        'events[0].timestamp must be an ISO 8601 date-time',
      ],
      [
        { events: [event({ identifier: 'x'.repeat(101) })] },
        'events[0].identifier must be at most 100',
      ],
      [{ events: [{ payload: {} }] }, 'events[0].event_name is required'],
      [{}, 'events is required'],
    ];
    for (const [body, message] of cases) {
      await expectError(stream(body), 400, 'invalid_request_error', message);
    }
    expect(await h.countedTotal()).toBe(0);
  });

  it('answers 400 to a body that is empty or not JSON', async () => {
    const { authentication_token: token } = await h.session();
    await expectError(
      h.raw('meter_event_stream', { token, rawBody: '{"events": [' }),
      400,
      'invalid_request_error',
      'not valid JSON',
    );
    await expectError(
      h.raw('meter_event_stream', { token }),
      400,
      'invalid_request_error',
      'The body must be JSON',
    );
  });

  it('answers unknown routes under /v2/billing with 404 in the interface error format', async () => {
    await expectError(h.raw('meter_events'), 404, 'invalid_request_error', 'No route for POST');
  });

  it('renders injected faults in the interface error format with Retry-After', async () => {
    h.server.faults.add({ path: '/v2/billing/meter_event_stream', status: 503, retryAfter: 7 });
    const res = await stream({ events: [event()] });
    expect(res.headers.get('retry-after')).toBe('7');
    await expectError(res, 503, 'api_error', 'Injected fault');
  });
});

describe('identifier de-duplication', () => {
  it('accepts a repeated identifier within 24 hours without counting it again', async () => {
    const { authentication_token: token } = await h.session();
    const repeated = event({ identifier: 'call_1' });
    expect((await stream({ events: [repeated, repeated] }, token)).status).toBe(200);
    await h.server.clock.advance('23h');
    expect(
      (await stream({ events: [repeated] }, await (await h.session()).authentication_token)).status,
    ).toBe(200);
    expect(await h.countedTotal()).toBe(1);
    expect(h.server.metering.repeats()).toBe(2);
    expect(h.server.metering.lookup('call_1')).toMatchObject({
      identifier: 'call_1',
      event_name: 'api_call',
      counted_at: SERVER_START,
      repeats: 2,
      livemode: false,
    });
  });

  it('counts an identifier again once 24 hours have passed since it was counted', async () => {
    await stream({ events: [event({ identifier: 'call_1' })] });
    await h.countedTotal();
    await h.server.clock.advance('24h');
    await stream({ events: [event({ identifier: 'call_1' })] });
    expect(await h.countedTotal()).toBe(2);
    expect(h.server.metering.lookup('call_1')?.counted_at).toBe('2026-06-02T08:00:00.000Z');
  });

  it('counts every event without an identifier, even identical ones', async () => {
    await stream({ events: [event(), event(), event()] });
    expect(await h.countedTotal()).toBe(3);
  });

  it('counts once what events.send retries after a response was lost: the retry carries the same Idempotency-Key and gets the first answer back', async () => {
    let responsesToLose = 1;
    const keys: (string | null)[] = [];
    let replayed = 0;
    const losingFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (urlOf(input).endsWith('meter_event_stream'))
        keys.push(request.headers.get('idempotency-key'));
      const response = await fetch(request);
      if (response.headers.get('idempotent-replayed') === 'true') replayed += 1;
      if (!urlOf(input).endsWith('meter_event_stream') || responsesToLose-- <= 0) return response;
      await response.arrayBuffer();
      throw new TypeError('fetch failed', { cause: new Error('socket hang up') });
    };
    const metering = h.client({ retry: 2, fetch: losingFetch });
    await metering.events.send([event(), event()]);
    expect(await h.countedTotal()).toBe(2);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(replayed).toBe(1);
    expect(h.server.metering.repeats()).toBe(0);
  });
});

describe('asynchronous timestamp validation', () => {
  it('reports timestamps more than 35 days back as timestamp_too_far_in_past, without counting them', async () => {
    const inside = new Date(Date.parse(SERVER_START) - 35 * 86_400_000).toISOString();
    const outside = new Date(Date.parse(SERVER_START) - 35 * 86_400_000 - 1).toISOString();
    const res = await stream({
      events: [event({ timestamp: inside }), event({ timestamp: outside, identifier: 'old_1' })],
    });
    expect(res.status).toBe(200);
    expect(await h.countedTotal()).toBe(1);
    expect(h.server.metering.errorReport()).toEqual([
      expect.objectContaining({
        code: 'timestamp_too_far_in_past',
        identifier: 'old_1',
        timestamp: outside,
        received_at: SERVER_START,
      }),
    ]);
  });

  it('reports timestamps more than 5 minutes ahead as timestamp_in_future', async () => {
    const inside = '2026-06-01T08:05:00.000Z';
    const outside = '2026-06-01T08:05:00.001Z';
    await stream({ events: [event({ timestamp: inside }), event({ timestamp: outside })] });
    expect(await h.countedTotal()).toBe(1);
    expect(h.server.metering.errorReport().map((entry) => entry.code)).toEqual([
      'timestamp_in_future',
    ]);
  });

  it('lets an identifier refused for its timestamp count once it is sent with a valid one', async () => {
    await stream({ events: [event({ identifier: 'fix_1', timestamp: '2026-07-01T00:00:00Z' })] });
    await stream({
      events: [event({ identifier: 'fix_1', timestamp: '2026-06-01T07:00:00+00:00' })],
    });
    expect(await h.countedTotal()).toBe(1);
    expect(h.server.metering.errorReport()).toHaveLength(1);
  });
});

describe('the client against the server', () => {
  it('events.send creates a session, sends, and the server counts the events once each', async () => {
    const metering = h.client();
    const { data, requestId, response } = await metering.events
      .send([event(), event({ identifier: 'mine' })])
      .withResponse();
    const { events } = data;
    expect(requestId).toMatch(/^req_/);
    expect(response.headers.get('service-version')).toBe(DEFAULT_SERVICE_VERSION);
    await metering.events.send([event({ identifier: 'mine' })]);
    expect(events[1]!.identifier).toBe('mine');
    expect(await h.countedTotal()).toBe(2);
    expect(metering.sessionsCreated).toBe(1);
  });

  it('events.send renews the session once the server says it expired', async () => {
    const metering = h.client();
    await metering.events.send([event()]);
    await h.server.clock.advance('16m');
    await metering.events.send([event()]);
    expect(metering.sessionsCreated).toBe(2);
    expect(h.server.metering.sessions().created).toBe(2);
  });

  it('on Node sends the stream over node:http and sessions over fetch, and both over a fetch the application gives', async () => {
    const pathOf = (input: RequestInfo | URL) => new URL(urlOf(input)).pathname;
    const globalFetch = vi.spyOn(globalThis, 'fetch');
    try {
      await h.client().events.send([event()]);
      expect(globalFetch.mock.calls.map(([input]) => pathOf(input))).toEqual([
        '/v2/billing/meter_event_session',
      ]);
    } finally {
      globalFetch.mockRestore();
    }
    const given: string[] = [];
    const metering = h.client({
      fetch: (input, init) => {
        given.push(pathOf(input));
        return fetch(input, init);
      },
    });
    await metering.events.send([event()]);
    expect(given).toEqual(['/v2/billing/meter_event_session', '/v2/billing/meter_event_stream']);
    expect(await h.countedTotal()).toBe(2);
  });

  it('surfaces a refused API key as AuthenticationError that is not a session expiry', async () => {
    const metering = h.client({ apiKey: 'sk_test_revoked_key_000' });
    const refused = await metering.events.send([event()]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthenticationError);
    expect((refused as AuthenticationError).code).toBe('api_key_invalid');
    expect(isSessionExpiredError(refused)).toBe(false);
  });
});

describe('inspection', () => {
  it('shows counts, sessions and the error report through admin routes, never keys or tokens', async () => {
    const { authentication_token: token } = await h.session();
    await stream(
      { events: [event({ identifier: 'a1' }), event({ timestamp: '2020-01-01T00:00:00Z' })] },
      token,
    );
    await h.server.clock.settle();
    const get = async (path: string) => {
      const res = await fetch(`${h.url}/__admin/metering${path}`);
      return { status: res.status, text: await res.text() };
    };
    const events = await get('/events');
    expect(JSON.parse(events.text)).toMatchObject({ total: 1, byEventName: { api_call: 1 } });
    expect(JSON.parse((await get('/events/a1')).text)).toMatchObject({ identifier: 'a1' });
    expect((await get('/events/nope')).status).toBe(404);
    expect(JSON.parse((await get('/errors')).text).errors[0].code).toBe(
      'timestamp_too_far_in_past',
    );
    expect(JSON.parse((await get('/sessions')).text)).toEqual({ created: 1, active: 1 });
    const state = await (await fetch(`${h.url}/__admin/state/metering`)).text();
    const inspected = JSON.stringify(h.server.inspect('metering'));
    for (const shown of [state, inspected, events.text]) {
      for (const secret of [TEST_KEY, LIVE_KEY, token]) expect(shown).not.toContain(secret);
    }
    expect(JSON.parse(state)).toMatchObject({ counted: { total: 1 }, sessions: { created: 1 } });
  });

  it('mints API keys through the admin route', async () => {
    const res = await fetch(`${h.url}/__admin/metering/api-keys`, {
      method: 'POST',
      body: JSON.stringify({ livemode: false }),
    });
    const { apiKey } = (await res.json()) as { apiKey: string };
    expect(apiKey).toMatch(/^sk_test_/);
    expect((await h.session(apiKey)).livemode).toBe(false);
  });

  it('seeds the API keys, and keeps the development keys when the seed names none', async () => {
    h.server.seed({ metering: { apiKeys: ['sk_live_seeded_key_42'] } });
    expect((await h.raw('meter_event_session', { token: TEST_KEY })).status).toBe(401);
    expect((await h.session('sk_live_seeded_key_42')).livemode).toBe(true);
    h.server.seed({ metering: {} });
    expect((await h.raw('meter_event_session', { token: TEST_KEY })).status).toBe(200);
    expect(() => h.server.seed({ metering: { apiKeys: ['secret'] } })).toThrow('apiKeys must');
  });
});

describe('Idempotency-Key on POST (as the real service honours it)', () => {
  const keyed = (key: string, token: string, body: unknown) =>
    h.raw('meter_event_stream', { token, body, headers: { 'idempotency-key': key } });

  it('replays the first answer (status and body) to the same key with the same body, without counting again', async () => {
    const key = 'retry-7f3a';
    const sessionAnswer = () =>
      h.raw('meter_event_session', { token: TEST_KEY, headers: { 'idempotency-key': key } });
    const first = await sessionAnswer();
    const again = await sessionAnswer();
    expect(again.status).toBe(first.status);
    expect(await bodyOf(again)).toEqual(await bodyOf(first));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(h.server.metering.sessions().created).toBe(1);

    const { authentication_token: token } = await h.session();
    const batch = { events: [event()] };
    expect((await keyed('batch-1', token, batch)).status).toBe(200);
    const replay = await keyed('batch-1', token, batch);
    expect(replay.status).toBe(200);
    expect(await bodyOf(replay)).toEqual({});
    expect(await h.countedTotal()).toBe(1);
  });

  it('answers 400 idempotency_error to the same key with another body', async () => {
    const { authentication_token: token } = await h.session();
    await keyed('batch-2', token, { events: [event()] });
    const error = await expectError(
      keyed('batch-2', token, { events: [event({ event_name: 'other' })] }),
      400,
      'idempotency_error',
      'already used with another request',
    );
    expect(error.code).toBe('idempotency_key_reused');
    expect(await h.countedTotal()).toBe(1);
  });

  it('remembers a key for 24 hours on the server clock, then takes it as new', async () => {
    const session = (body?: unknown) =>
      h.raw('meter_event_session', {
        token: TEST_KEY,
        body,
        headers: { 'idempotency-key': 'day' },
      });
    const first = (await bodyOf(await session())) as { id: string };
    await h.server.clock.advance('1439m');
    expect(((await bodyOf(await session())) as { id: string }).id).toBe(first.id);
    await h.server.clock.advance('1m');
    expect(((await bodyOf(await session())) as { id: string }).id).not.toBe(first.id);
  });

  it('keeps keys apart per credential, and keeps no refused answer (the key may be used again)', async () => {
    const a = (await h.session()).authentication_token;
    const b = (await h.session()).authentication_token;
    expect((await keyed('shared', a, { events: [event()] })).status).toBe(200);
    expect((await keyed('shared', b, { events: [event({ event_name: 'b' })] })).status).toBe(200);
    expect((await keyed('fixed-later', a, { events: [] })).status).toBe(400);
    expect((await keyed('fixed-later', a, { events: [event()] })).status).toBe(200);
  });

  it('answers 400 idempotency_key_invalid to a key longer than 255 characters', async () => {
    const { authentication_token: token } = await h.session();
    const error = await expectError(
      keyed('k'.repeat(256), token, { events: [event()] }),
      400,
      'invalid_request_error',
    );
    expect(error.code).toBe('idempotency_key_invalid');
  });
});

describe('every 4xx carries a code', () => {
  it('on authentication, validation, unknown routes and injected faults', async () => {
    const { authentication_token: token } = await h.session();
    const answers = [
      h.raw('meter_event_session', { token: null }),
      h.raw('meter_event_session', { token: 'sk_test_unknown_000' }),
      h.raw('meter_event_session', { token: TEST_KEY, headers: { 'service-version': 'soon' } }),
      h.raw('meter_event_stream', { token: 'mest_unknown' }),
      h.raw('meter_event_stream', { token, rawBody: '{' }),
      h.raw('meter_event_stream', { token, body: { events: [] } }),
      h.raw('nowhere', { token }),
    ];
    const codes = [];
    for (const answer of answers) {
      const response = await answer;
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      codes.push(((await bodyOf(response)) as { error: { code?: string } }).error.code);
    }
    expect(codes).toEqual([
      'api_key_missing',
      'api_key_invalid',
      'service_version_invalid',
      'session_token_invalid',
      'body_invalid',
      'parameter_invalid',
      'resource_missing',
    ]);
    h.server.faults.add({ path: '/v2/billing/meter_event_stream', status: 409 });
    const fault = await h.raw('meter_event_stream', { token, body: { events: [event()] } });
    expect(((await bodyOf(fault)) as { error: { code?: string } }).error.code).toBe(
      'request_conflict',
    );
  });
});
