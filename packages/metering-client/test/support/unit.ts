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

export { rejectionOf, useNock } from '../../../../test-support/unit';
