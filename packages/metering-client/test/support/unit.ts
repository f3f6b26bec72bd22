import nock from 'nock';
import {
  type MeterEventSession,
  MeteringClient,
  type MeteringClientOptions,
} from '../../src/index';

export const ORIGIN = 'http://metering.test';
export const STREAM_ORIGIN = 'http://stream.metering.test';
export const API_KEY = 'sk_test_unit_secret_key_123';
export const SESSION_PATH = '/v2/billing/meter_event_session';
export const STREAM_PATH = '/v2/billing/meter_event_stream';

/** A client of the mocked service that does not wait between retries it is not told to make. */
export function unitClient(options: Partial<MeteringClientOptions> = {}): MeteringClient {
  return new MeteringClient({ baseUrl: ORIGIN, apiKey: API_KEY, ...options });
}

let sessionCounter = 0;

/** A session as the service sends it, created now (local clock) and valid for `lifetimeMs`. */
export function sessionBody(lifetimeMs = 15 * 60_000, createdAt = Date.now()): MeterEventSession {
  sessionCounter += 1;
  return {
    id: `mes_${sessionCounter}`,
    object: 'v2.billing.meter_event_session',
    authentication_token: `mest_token_${sessionCounter}`,
    created: new Date(createdAt).toISOString(),
    expires_at: new Date(createdAt + lifetimeMs).toISOString(),
    livemode: false,
  };
}

/** Mocks `count` session creations, each answering a fresh session; returns the tokens in order. */
export function mockSessions(count = 1, lifetimeMs?: number): string[] {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = sessionBody(lifetimeMs);
    tokens.push(body.authentication_token);
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
      .post(SESSION_PATH)
      .reply(200, body);
  }
  return tokens;
}

/** The body of a stream request, as the mock received it. */
export type StreamBody = { events: { event_name: string; identifier: string }[] };

/** The 401 the service answers to a token whose session expired. */
export const sessionExpired = {
  error: {
    type: 'temporary_session_expired',
    code: 'billing_meter_event_session_expired',
    message: 'The meter event session has expired',
  },
};

/** `count` usage events named `name`, without identifiers. */
export function usage(count: number, name = 'api_call') {
  return Array.from({ length: count }, (_, i) => ({
    event_name: name,
    payload: { stripe_customer_id: `cus_${i % 7}`, value: String(i) },
  }));
}

/** Answers `times` stream requests with `status`, recording each body; `gate` holds answers back. */
export function mockStream(
  times: number,
  options: { status?: number; gate?: Promise<void>; retryAfter?: string } = {},
) {
  const bodies: StreamBody[] = [];
  nock(ORIGIN)
    .post(STREAM_PATH)
    .times(times)
    .reply(async (_uri, body) => {
      bodies.push(body as StreamBody);
      await options.gate;
      const status = options.status ?? 200;
      const answer =
        status === 200 ? {} : { error: { type: 'api_error', message: `status ${status}` } };
      return [status, answer, options.retryAfter ? { 'retry-after': options.retryAfter } : {}];
    });
  return bodies;
}

/** A promise that resolves when `open` is called: a mock holds its answers back on it. */
export function gate() {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

export { rejectionOf, useNock } from '../../../../test-support/unit';
