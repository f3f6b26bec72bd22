import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthenticationError, isSessionExpiredError } from '../src/index';
import {
  mockSessions,
  ORIGIN,
  rejectionOf,
  SESSION_PATH,
  STREAM_PATH,
  sessionBody,
  sessionExpired,
  unitClient,
  usage,
  useNock,
} from './support/unit';

useNock();
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;

/** Expects one stream request carrying `token`. */
function expectStreamWith(token: string, times = 1) {
  nock(ORIGIN, { reqheaders: { authorization: `Bearer ${token}` } })
    .post(STREAM_PATH)
    .times(times)
    .reply(200, {});
}

describe('session renewal before expiry', () => {
  it('keeps the session until 60 s before expires_at, then creates a new one before sending', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-06-01T08:00:00.000Z');
    vi.setSystemTime(start);
    const metering = unitClient();
    const [first, second] = mockSessions(2);
    expectStreamWith(first!, 2);
    await metering.events.send(usage(1));
    vi.setSystemTime(start + 15 * MINUTE - 61_000);
    await metering.events.send(usage(1));
    expect(metering.sessionsCreated).toBe(1);

    expectStreamWith(second!);
    vi.setSystemTime(start + 15 * MINUTE - 59_000);
    await metering.events.send(usage(1));
    expect(metering.sessionsCreated).toBe(2);
  });

  it('renews under fake timers installed after the client was built: the clock is read when used', async () => {
    // No retries: under fake timers a retry's wait would never end, and a miss must fail at once.
    const metering = unitClient({ retry: 0 });
    const [first, second] = mockSessions(2);
    expectStreamWith(first!);
    expectStreamWith(second!);
    vi.useFakeTimers();
    const start = Date.now();
    await metering.events.send(usage(1));
    vi.setSystemTime(start + 15 * MINUTE - 59_000);
    await metering.events.send(usage(1));
    expect(metering.sessionsCreated).toBe(2);
  });

  it('uses the margin given as renewBeforeExpiryMs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-06-01T08:00:00.000Z');
    vi.setSystemTime(start);
    const metering = unitClient({ renewBeforeExpiryMs: 5 * MINUTE });
    const [first, second] = mockSessions(2);
    expectStreamWith(first!);
    await metering.events.send(usage(1));
    expectStreamWith(second!);
    vi.setSystemTime(start + 10 * MINUTE);
    await metering.events.send(usage(1));
    expect(metering.sessionsCreated).toBe(2);
  });

  it('counts the lifetime on the local clock, whatever time the service’s clock shows', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-06-01T08:00:00.000Z');
    vi.setSystemTime(start);
    const metering = unitClient();
    const skewed = sessionBody(15 * MINUTE, Date.parse('2020-01-01T00:00:00.000Z'));
    nock(ORIGIN).post(SESSION_PATH).reply(200, skewed);
    expectStreamWith(skewed.authentication_token, 2);
    await metering.events.send(usage(1));
    vi.setSystemTime(start + 13 * MINUTE);
    await metering.events.send(usage(1));
    expect(metering.sessionsCreated).toBe(1);
  });
});

describe('single flight', () => {
  it('lets 20 concurrent first requests share one session creation', async () => {
    const [token] = mockSessions(1);
    expectStreamWith(token!, 20);
    const metering = unitClient();
    await Promise.all(Array.from({ length: 20 }, () => metering.events.send(usage(1))));
    expect(metering.sessionsCreated).toBe(1);
  });

  it('hands a failed creation to every waiting caller and tries again on the next request', async () => {
    nock(ORIGIN)
      .post(SESSION_PATH)
      .reply(401, { error: { type: 'authentication_error', message: 'Invalid API key provided' } });
    const metering = unitClient();
    const errors = await Promise.all(
      Array.from({ length: 5 }, () => rejectionOf(metering.events.send(usage(1)))),
    );
    for (const error of errors) expect(error).toBeInstanceOf(AuthenticationError);
    const [token] = mockSessions(1);
    expectStreamWith(token!);
    await metering.events.send(usage(1));
  });
});

describe('the session-expired 401', () => {
  it('renews the session once and sends the request again with the new token', async () => {
    const [first, second] = mockSessions(2);
    let identifiers: unknown[] = [];
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${first}` } })
      .post(STREAM_PATH)
      .reply(401, (_uri, body) => {
        identifiers = (body as { events: { identifier: string }[] }).events.map(
          (e) => e.identifier,
        );
        return sessionExpired;
      });
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${second}` } })
      .post(STREAM_PATH, (body: { events: { identifier: string }[] }) =>
        body.events.every((event, i) => event.identifier === identifiers[i]),
      )
      .reply(200, {});
    const metering = unitClient();
    await metering.events.send(usage(2));
    expect(metering.sessionsCreated).toBe(2);
  });

  it('gives up after one renewal when the new session is refused as expired too', async () => {
    mockSessions(2);
    nock(ORIGIN).post(STREAM_PATH).times(2).reply(401, sessionExpired);
    const error = await rejectionOf(unitClient().events.send(usage(1)));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(isSessionExpiredError(error)).toBe(true);
  });

  it('renews once for 10 concurrent requests refused with the same expired token', async () => {
    const [first, second] = mockSessions(2);
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${first}` } })
      .post(STREAM_PATH)
      .reply(200, {});
    const metering = unitClient();
    await metering.events.send(usage(1));
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${first}` } })
      .post(STREAM_PATH)
      .times(10)
      .reply(401, sessionExpired);
    expectStreamWith(second!, 10);
    await Promise.all(Array.from({ length: 10 }, () => metering.events.send(usage(1))));
    expect(metering.sessionsCreated).toBe(2);
  });

  it('does not renew on a 401 that is not about expiry', async () => {
    mockSessions(1);
    nock(ORIGIN)
      .post(STREAM_PATH)
      .reply(401, { error: { type: 'authentication_error', message: 'Invalid session token' } });
    const metering = unitClient();
    const error = await rejectionOf(metering.events.send(usage(1)));
    expect(isSessionExpiredError(error)).toBe(false);
    expect(metering.sessionsCreated).toBe(1);
  });
});

describe('the session the client creates for you', () => {
  it('goes through the client’s hooks like any request: afterResponse sees the session and the stream', async () => {
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
