/**
 * Metering's `streamBaseUrl`: where the event stream goes when it is not where sessions are
 * created (`baseUrl`), checked by the rules every client applies to `baseUrl` (the conventions
 * suite), with `/v2/billing` appended as under `baseUrl`.
 */
import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import { MeteringClient, RequestValidationError } from '../src/index';
import {
  API_KEY,
  mockSessions,
  ORIGIN,
  SESSION_PATH,
  STREAM_PATH,
  sessionBody,
  unitClient,
  usage,
  useNock,
} from './support/unit';

useNock();

function constructionError(options: Record<string, unknown>): RequestValidationError {
  try {
    new MeteringClient({ baseUrl: ORIGIN, apiKey: API_KEY, ...options } as never);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return error as RequestValidationError;
  }
  return expect.unreachable('the options were accepted');
}

describe('without streamBaseUrl, the stream goes where sessions go', () => {
  it.each([
    ['http://metering.test', 'http://metering.test'],
    ['http://metering.test/', 'http://metering.test'],
    ['http://gateway.test/metering', 'http://gateway.test/metering'],
    ['http://gateway.test/metering/', 'http://gateway.test/metering'],
  ])(
    'with baseUrl %s, sessions and the stream go to %s/v2/billing/...',
    async (baseUrl, origin) => {
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
    },
  );
});

describe('with the base URL from the environment', () => {
  it('sessions and the stream both go to CLIENTKIT_METERING_BASE_URL: no variable stands for streamBaseUrl', async () => {
    vi.stubEnv('CLIENTKIT_METERING_BASE_URL', 'http://env-metering.test');
    try {
      nock('http://env-metering.test').post(SESSION_PATH).reply(200, sessionBody());
      nock('http://env-metering.test').post(STREAM_PATH).reply(200, {});
      await new MeteringClient({ apiKey: API_KEY }).events.send(usage(1));
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('streamBaseUrl is checked as baseUrl is, at construction', () => {
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
    ['metering.test', 'must be an absolute http(s) URL'],
  ] as const;

  it.each(refusals)('refuses the streamBaseUrl %s: it %s', (streamBaseUrl, rule) => {
    const error = constructionError({ streamBaseUrl });
    expect(error.issues).toEqual([
      { path: 'streamBaseUrl', message: expect.stringContaining(rule) },
    ]);
    expect(error.message).not.toContain('secret');
  });
});

describe('with streamBaseUrl, the stream goes there and sessions stay at baseUrl', () => {
  it('sends the stream to streamBaseUrl under a proxy prefix, with /v2/billing appended', async () => {
    mockSessions(1);
    nock('http://gateway.test').post(`/stream${STREAM_PATH}`).reply(200, {});
    await unitClient({ streamBaseUrl: 'http://gateway.test/stream/' }).events.send(usage(1));
  });
});
