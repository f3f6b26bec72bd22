import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import {
  APIResponseParseError,
  APIResponseValidationError,
  AuthenticationError,
  clientCredentials,
  DEFAULT_TOKEN_LIFETIME_SECONDS,
  IdmClient,
  PermissionDeniedError,
  RequestValidationError,
} from '../src/index';
import { fakeJwt, ORIGIN, rejectionOf, useNock } from './support/unit';

useNock();

const SECRET = 'super-secret-value';
const AUDIENCE = 'https://idm.test/api/v2/';
const credentials = () =>
  clientCredentials({ clientId: 'm2m', clientSecret: SECRET, audience: AUDIENCE });
const tokenAnswer = (token: string, expiresIn = 3600) => ({
  access_token: token,
  token_type: 'Bearer',
  expires_in: expiresIn,
  scope: 'read:clients',
});
const client = { client_id: 'abc', name: 'Billing' };

describe('clientCredentials', () => {
  it('exchanges the credentials at /oauth/token on the base URL, then sends the token', async () => {
    const token = fakeJwt(['read:clients']);
    nock(ORIGIN, { badheaders: ['authorization'] })
      .post('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: 'm2m',
        client_secret: SECRET,
        audience: AUDIENCE,
      })
      .reply(200, tokenAnswer(token));
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${token}` } })
      .get('/api/v2/clients/abc')
      .reply(200, client);
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
    expect(await idm.clients.get('abc')).toEqual(client);
  });

  it('accessToken() answers the current token, exchanging the credentials only once', async () => {
    const token = fakeJwt(['read:logs']);
    nock(ORIGIN).post('/oauth/token').once().reply(200, tokenAnswer(token));
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
    expect(await idm.accessToken()).toBe(token);
    expect(await idm.accessToken()).toBe(token);
    expect(await new IdmClient({ baseUrl: ORIGIN, token: 'fixed' }).accessToken()).toBe('fixed');
  });

  it('uses the tokenUrl it is given', async () => {
    nock('https://login.test')
      .post('/tenant/oauth/token')
      .reply(200, tokenAnswer(fakeJwt([])));
    nock(ORIGIN).get('/api/v2/clients/abc').reply(200, client);
    const auth = clientCredentials({
      clientId: 'm2m',
      clientSecret: SECRET,
      audience: AUDIENCE,
      tokenUrl: 'https://login.test/tenant/oauth/token',
    });
    await new IdmClient({ baseUrl: ORIGIN, auth }).clients.get('abc');
  });

  it('caches the token until shortly before it expires, then fetches a new one', async () => {
    let now = Date.parse('2026-03-01T00:00:00Z');
    const first = fakeJwt(['read:clients'], { n: 1 });
    const second = fakeJwt(['read:clients'], { n: 2 });
    nock(ORIGIN).post('/oauth/token').reply(200, tokenAnswer(first, 3600));
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${first}` } })
      .get('/api/v2/clients/abc')
      .twice()
      .reply(200, client);
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials(), now: () => now });
    await idm.clients.get('abc');
    now += 3600_000 - 61_000;
    await idm.clients.get('abc');
    nock(ORIGIN).post('/oauth/token').reply(200, tokenAnswer(second, 3600));
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${second}` } })
      .get('/api/v2/clients/abc')
      .reply(200, client);
    now += 2_000;
    await idm.clients.get('abc');
  });

  it('renews by the clock of the moment a token is used: fake timers installed after the client was built apply', async () => {
    const first = fakeJwt(['read:clients'], { n: 1 });
    const second = fakeJwt(['read:clients'], { n: 2 });
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      nock(ORIGIN).post('/oauth/token').reply(200, tokenAnswer(first, 3600));
      nock(ORIGIN, { reqheaders: { authorization: `Bearer ${first}` } })
        .get('/api/v2/clients/abc')
        .reply(200, client);
      await idm.clients.get('abc');
      vi.setSystemTime(Date.now() + 3600_000);
      nock(ORIGIN).post('/oauth/token').reply(200, tokenAnswer(second, 3600));
      nock(ORIGIN, { reqheaders: { authorization: `Bearer ${second}` } })
        .get('/api/v2/clients/abc')
        .reply(200, client);
      await idm.clients.get('abc');
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets concurrent requests share one exchange', async () => {
    const token = fakeJwt(['read:clients']);
    nock(ORIGIN).post('/oauth/token').once().delay(20).reply(200, tokenAnswer(token));
    nock(ORIGIN).get('/api/v2/clients/abc').times(3).reply(200, client);
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
    await Promise.all([1, 2, 3].map(() => idm.clients.get('abc')));
  });

  it('fetches a new token once and retries when the interface answers 401 invalid_token', async () => {
    const stale = fakeJwt(['read:clients'], { n: 1 });
    const fresh = fakeJwt(['read:clients'], { n: 2 });
    nock(ORIGIN)
      .post('/oauth/token')
      .reply(200, tokenAnswer(stale))
      .post('/oauth/token')
      .reply(200, tokenAnswer(fresh));
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${stale}` } })
      .get('/api/v2/clients/abc')
      .reply(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Expired token received for JSON Web Token validation',
        errorCode: 'invalid_token',
      });
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${fresh}` } })
      .get('/api/v2/clients/abc')
      .reply(200, client);
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
    expect(await idm.clients.get('abc')).toEqual(client);
  });

  it("reads the token endpoint's OAuth error {error, error_description} as code and message", async () => {
    nock(ORIGIN).post('/oauth/token').reply(403, {
      error: 'access_denied',
      error_description: 'Service not enabled within domain: https://other.test/',
    });
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials(), retry: 0 });
    const error = await rejectionOf(idm.clients.get('abc'));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({
      code: 'access_denied',
      message: expect.stringContaining('Service not enabled within domain'),
    });
  });

  it('reports refused credentials as AuthenticationError invalid_client, without the secret', async () => {
    nock(ORIGIN).post('/oauth/token').reply(401, {
      error: 'invalid_client',
      error_description: 'Client authentication failed',
    });
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials(), retry: 0 });
    const error = await rejectionOf(idm.clients.get('abc'));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ code: 'invalid_client' });
    expect(inspect(error)).not.toContain(SECRET);
  });

  it('never shows the secret when printed, inspected or serialized', () => {
    const auth = credentials();
    const idm = new IdmClient({ baseUrl: ORIGIN, auth });
    for (const text of [String(auth), inspect(auth), JSON.stringify(auth), inspect(idm)]) {
      expect(text).not.toContain(SECRET);
    }
    expect(String(auth)).toContain('m2m');
  });

  it('never shows a fixed token when the client is inspected or a request fails', async () => {
    const token = fakeJwt(['read:clients'], { secret: 'token-body' });
    nock(ORIGIN).get('/api/v2/clients/abc').reply(404, {
      statusCode: 404,
      error: 'Not Found',
      message: 'The client does not exist',
      errorCode: 'inexistent_client',
    });
    const lines: string[] = [];
    const log = (message: string, details?: unknown) => lines.push(message + inspect(details));
    const idm = new IdmClient({
      baseUrl: ORIGIN,
      token,
      logLevel: 'debug',
      logger: { debug: log, info: log, warn: log, error: log },
    });
    const error = await rejectionOf(idm.clients.get('abc'));
    expect(inspect(idm)).not.toContain(token);
    expect(inspect(error)).not.toContain(token);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.length).toBeGreaterThan(0);
  });

  it('refuses an unknown option by name (clientSecrte), as every options object is checked', () => {
    let error: unknown;
    try {
      clientCredentials({ clientId: 'm2m', clientSecrte: SECRET, audience: AUDIENCE } as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      { path: 'clientSecrte', message: 'is not an option' },
    ]);
    expect((error as Error).message).not.toContain(SECRET);
  });

  it('refuses missing fields and a token URL that is not http(s)', () => {
    expect(() =>
      clientCredentials({ clientId: '', clientSecret: SECRET, audience: AUDIENCE }),
    ).toThrow(RequestValidationError);
    expect(() =>
      clientCredentials({ clientId: 'a', clientSecret: 'b', audience: 'c', tokenUrl: 'nope' }),
    ).toThrow(/tokenUrl must be an absolute http\(s\) URL/);
  });
});

describe('the token exchange', () => {
  const leaks = (error: unknown, token: string) => {
    const payload = token.split('.')[1]!;
    return [inspect(error, { depth: null }), JSON.stringify(error)].filter(
      (text) => text.includes(token) || text.includes(payload),
    );
  };

  it('checks the token answer, and a refused answer keeps no token in util.inspect or JSON.stringify', async () => {
    const token = fakeJwt(['read:clients'], { live: 'token' });
    nock(ORIGIN)
      .post('/oauth/token')
      .reply(200, { access_token: token, token_type: 'mac', expires_in: 3600, scope: '' });
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
    const error = await rejectionOf(idm.clients.get('abc'));
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).issues.map((issue) => issue.path)).toEqual([
      'token_type',
    ]);
    expect(leaks(error, token)).toEqual([]);
  });

  it('takes an answer without scope (RFC 6749 §5.1: the scopes requested) and sends its token', async () => {
    const token = fakeJwt(['read:clients']);
    const { scope: _left, ...answer } = tokenAnswer(token);
    nock(ORIGIN).post('/oauth/token').reply(200, answer);
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${token}` } })
      .get('/api/v2/clients/abc')
      .reply(200, client);
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
    expect(await idm.clients.get('abc')).toEqual(client);
  });

  it('gives an answer without expires_in the default lifetime of an hour, then exchanges again', async () => {
    expect(DEFAULT_TOKEN_LIFETIME_SECONDS).toBe(3600);
    let now = Date.parse('2026-03-01T00:00:00Z');
    const [first, second] = [fakeJwt([], { n: 1 }), fakeJwt([], { n: 2 })];
    const { expires_in: _first, ...firstAnswer } = tokenAnswer(first);
    const { expires_in: _second, ...secondAnswer } = tokenAnswer(second);
    nock(ORIGIN).post('/oauth/token').reply(200, firstAnswer);
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${first}` } })
      .get('/api/v2/clients/abc')
      .twice()
      .reply(200, client);
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials(), now: () => now });
    await idm.clients.get('abc');
    // Renewed a minute before the hour is up, as a token that said 3600 would be.
    now += 3600_000 - 61_000;
    await idm.clients.get('abc');
    nock(ORIGIN).post('/oauth/token').reply(200, secondAnswer);
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${second}` } })
      .get('/api/v2/clients/abc')
      .reply(200, client);
    now += 2_000;
    await idm.clients.get('abc');
  });

  it('takes token_type in any letter case (RFC 6749): bearer and BEARER tokens are sent as Bearer', async () => {
    for (const type of ['bearer', 'BEARER']) {
      const token = fakeJwt(['read:clients'], { type });
      nock(ORIGIN)
        .post('/oauth/token')
        .reply(200, { ...tokenAnswer(token), token_type: type });
      nock(ORIGIN, { reqheaders: { authorization: `Bearer ${token}` } })
        .get('/api/v2/clients/abc')
        .reply(200, client);
      const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
      expect(await idm.clients.get('abc')).toEqual(client);
    }
  });

  it('refuses any token type but bearer with an error that says so, sending nothing with the token', async () => {
    const token = fakeJwt(['read:clients']);
    nock(ORIGIN)
      .post('/oauth/token')
      .reply(200, { ...tokenAnswer(token), token_type: 'DPoP' });
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
    const error = await rejectionOf(idm.clients.get('abc'));
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).issues).toEqual([
      {
        path: 'token_type',
        message: 'must be Bearer (in any letter case): no other type can be sent',
      },
    ]);
    expect((error as Error).message).toContain('idm.oauth.token');
  });

  it('refuses a token answer that is not JSON with APIResponseParseError, and keeps no token from it', async () => {
    const token = fakeJwt(['read:clients'], { live: 'token' });
    nock(ORIGIN)
      .post('/oauth/token')
      .reply(200, `access_token=${token}&expires_in=3600`, { 'content-type': 'text/plain' });
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
    const error = await rejectionOf(idm.clients.get('abc'));
    expect(error).toBeInstanceOf(APIResponseParseError);
    expect((error as APIResponseParseError).excerpt).toContain('access_token=[redacted]');
    expect(leaks(error, token)).toEqual([]);
    expect(inspect(error, { customInspect: false, showHidden: true })).not.toContain(token);
  });

  it('is not retried: a POST without Idempotency-Key, even on a client that retries', async () => {
    let tokenRequests = 0;
    nock(ORIGIN, { badheaders: ['idempotency-key'] })
      .persist()
      .post('/oauth/token')
      .reply(() => {
        tokenRequests += 1;
        return [503, { statusCode: 503, error: 'Service Unavailable', message: 'down' }];
      });
    const idm = new IdmClient({
      baseUrl: ORIGIN,
      auth: credentials(),
      retry: { limit: 2, delay: () => 0 },
    });
    const error = await rejectionOf(idm.clients.get('abc'));
    expect(error).toMatchObject({ status: 503, message: expect.stringContaining('down') });
    expect(tokenRequests).toBe(1);
  });

  it("reads the token endpoint's OAuth error body {error, error_description}", async () => {
    nock(ORIGIN)
      .post('/oauth/token')
      .reply(401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    const idm = new IdmClient({ baseUrl: ORIGIN, auth: credentials() });
    const error = await rejectionOf(idm.clients.get('abc'));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({
      code: 'invalid_client',
      message: expect.stringContaining('Client authentication failed'),
    });
  });

  it('goes to /oauth/token under the mount path of the base URL by default', async () => {
    const token = fakeJwt(['read:clients']);
    nock(ORIGIN).post('/idm/oauth/token').reply(200, tokenAnswer(token));
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${token}` } })
      .get('/idm/api/v2/clients/abc')
      .reply(200, client);
    const idm = new IdmClient({ baseUrl: `${ORIGIN}/idm/`, auth: credentials() });
    expect(await idm.clients.get('abc')).toEqual(client);
  });
});
