import { generateKeyPair, sign } from 'node:crypto';
import { inspect, promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  clientCredentials,
  type IdmClient,
  NotFoundError,
  PermissionDeniedError,
} from '../src/index';
import { scopesOf } from '../src/scopes';
import { START, serverLogs, useServer } from './support/e2e';
import { rejectionOf } from './support/unit';

const e2e = useServer();

const FULL = { id: 'idm_dev_full_access', secret: 'idm-dev-secret-full-access' };
const READ_ONLY = { id: 'idm_dev_read_only', secret: 'idm-dev-secret-read-only' };
const ALL_SCOPES = [
  'read:clients',
  'create:clients',
  'update:clients',
  'delete:clients',
  'read:logs',
];

async function exchange(body: Record<string, unknown>) {
  const response = await fetch(`${e2e.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * The same header (kid included) and claims as `token`, signed by an RSA key of its own. The key is
 * made off the event loop, which the in-process server shares with this test.
 */
async function resignedWithAnotherKey(token: string): Promise<string> {
  const [header, payload] = token.split('.') as [string, string];
  const { privateKey } = await promisify(generateKeyPair)('rsa', { modulusLength: 2048 });
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey);
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

const grant = (who: { id: string; secret: string }) => ({
  grant_type: 'client_credentials',
  client_id: who.id,
  client_secret: who.secret,
  audience: e2e.server.idm.audience,
});

describe('POST /oauth/token (client credentials)', () => {
  it('answers {access_token, token_type: Bearer, expires_in, scope} with every granted scope', async () => {
    const { status, body } = await exchange(grant(FULL));
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 86_400 });
    expect(String(body.scope).split(' ')).toEqual(ALL_SCOPES);
    expect(scopesOf(String(body.access_token))).toEqual(ALL_SCOPES);
  });

  it('gives the read-only application only read:clients and read:logs', async () => {
    const { body } = await exchange(grant(READ_ONLY));
    expect(body.scope).toBe('read:clients read:logs');
  });

  it('answers 401 invalid_client to a wrong secret or an unknown client, without echoing the secret', async () => {
    for (const who of [
      { id: FULL.id, secret: 'wrong-secret-123' },
      { id: 'nobody', secret: 'wrong-secret-123' },
    ]) {
      const { status, body } = await exchange(grant(who));
      expect(status).toBe(401);
      expect(body).toEqual({
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      });
      expect(JSON.stringify(body)).not.toContain('wrong-secret-123');
    }
  });

  it('answers 400 unsupported_grant_type to any grant but client_credentials', async () => {
    const { status, body } = await exchange({ ...grant(FULL), grant_type: 'password' });
    expect(status).toBe(400);
    expect(body.error).toBe('unsupported_grant_type');
  });

  it('answers 400 invalid_request when a field is missing', async () => {
    const { audience: _, ...withoutAudience } = grant(FULL);
    const { status, body } = await exchange(withoutAudience);
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid body: audience is required',
    });
  });

  it('answers 403 access_denied to an audience the interface does not serve', async () => {
    const { status, body } = await exchange({
      ...grant(FULL),
      audience: 'https://other.test/api/',
    });
    expect(status).toBe(403);
    expect(body.error).toBe('access_denied');
  });

  it('accepts the grant form-encoded (RFC 6749 §4.4) as well as JSON', async () => {
    const response = await fetch(`${e2e.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(grant(READ_ONLY)).toString(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({
      token_type: 'Bearer',
      scope: 'read:clients read:logs',
    });
  });

  it('answers OAuth errors {error, error_description} to a form-encoded grant too, with no-store', async () => {
    const response = await fetch(`${e2e.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...grant(READ_ONLY), client_secret: 'wrong-one' }).toString(),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed',
    });
  });

  it('answers 400 invalid_request to a form parameter sent twice', async () => {
    const body = `${new URLSearchParams(grant(READ_ONLY))}&audience=https%3A%2F%2Fother.test%2F`;
    const response = await fetch(`${e2e.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Parameter audience was sent more than once',
    });
  });

  it('ignores token request parameters it does not know (RFC 6749 §3.2)', async () => {
    const { status } = await exchange({ ...grant(READ_ONLY), scope: 'read:clients', extra: 1 });
    expect(status).toBe(200);
  });

  it('surfaces refused credentials to IdmClient as AuthenticationError with the OAuth code', async () => {
    const idm = await e2e.client({
      auth: clientCredentials({
        clientId: READ_ONLY.id,
        clientSecret: 'not-the-secret',
        audience: e2e.server.idm.audience,
      }),
    });
    const error = await rejectionOf(idm.clients.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({
      code: 'invalid_client',
      message: expect.stringContaining('Client authentication failed'),
    });
  });

  it('records the exchange in the log as seccft, and a refused one as feccft', async () => {
    await exchange(grant(READ_ONLY));
    await exchange({ ...grant(READ_ONLY), client_secret: 'nope' });
    const [ok, refused] = serverLogs(e2e.server).slice(-2);
    expect(ok).toMatchObject({ type: 'seccft', client_id: READ_ONLY.id });
    expect(refused).toMatchObject({ type: 'feccft', details: { status: 401 } });
    expect(JSON.stringify(refused)).not.toContain('nope');
  });
});

describe('access tokens (401 invalid_token)', () => {
  it('answers 401 invalid_token without a bearer token', async () => {
    const response = await fetch(`${e2e.base}/clients`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ statusCode: 401, errorCode: 'invalid_token' });
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('answers 401 invalid_token to a malformed token and to one signed by another key', async () => {
    const genuine = await e2e.server.idm.mintToken();
    const foreign = await resignedWithAnotherKey(genuine);
    for (const token of ['not-a-jwt', foreign]) {
      const idm = await e2e.client({ token });
      const error = await rejectionOf(idm.clients.list());
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({
        status: 401,
        code: 'invalid_token',
        message: expect.stringContaining('Invalid token'),
      });
    }
  });

  it('accepts a token until its expiry on the server clock and answers 401 invalid_token from then on', async () => {
    const token = await e2e.server.idm.mintToken({ expiresIn: '1h' });
    const idm = await e2e.client({ token });
    await e2e.server.clock.advance('3599s');
    await idm.clients.get((await idm.clients.list()).items[0]!.client_id);
    await e2e.server.clock.advance('1s');
    const error = await rejectionOf(idm.clients.list());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as Error).message).toContain('Expired token');
  });

  it('never puts the token in error messages', async () => {
    const token = await e2e.server.idm.mintToken({ scopes: [] });
    const idm = await e2e.client({ token });
    const error = await rejectionOf(idm.clients.list());
    expect(inspect(error)).not.toContain(token);
  });
});

type Operation = [
  name: string,
  scope: string,
  call: (idm: IdmClient, id: string) => PromiseLike<unknown>,
];

const operations: Operation[] = [
  ['clients.list', 'read:clients', (idm) => idm.clients.list({ take: 1 })],
  ['clients.get', 'read:clients', (idm, id) => idm.clients.get(id)],
  ['clients.create', 'create:clients', (idm) => idm.clients.create({ name: 'Matrix' })],
  ['clients.update', 'update:clients', (idm, id) => idm.clients.update(id, { name: 'Renamed' })],
  ['clients.delete', 'delete:clients', (idm) => idm.clients.delete('no-such-client')],
  ['logs.list', 'read:logs', (idm) => idm.logs.list({ take: 1 })],
  ['logs.get', 'read:logs', (idm) => idm.logs.get('log_0000000031')],
];

describe('403 insufficient_scope: each method against each scope', () => {
  const rows = operations.flatMap(([name, needed, call]) =>
    [...ALL_SCOPES, '(none)'].map((scope) => ({
      name,
      needed,
      call,
      scope,
      allowed: scope === needed,
    })),
  );
  it.each(rows)(
    '$name with only $scope: allowed = $allowed',
    async ({ needed, call, scope, allowed }) => {
      const idm = await e2e.client({ scopes: scope === '(none)' ? [] : [scope] });
      const seeded = (e2e.server.inspect('idm') as { clients: { client_id: string }[] })
        .clients[0]!;
      const outcome = call(idm, seeded.client_id);
      if (allowed) {
        await outcome;
        return;
      }
      const error = await rejectionOf(outcome);
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect((error as PermissionDeniedError).body).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: `Insufficient scope, expected any of: ${needed}`,
        errorCode: 'insufficient_scope',
      });
    },
  );

  it('checks PUT against update:<resource> (idm.request)', async () => {
    const idm = await e2e.client({ scopes: ['read:clients'] });
    const error = await rejectionOf(idm.request('PUT', 'clients/x', { body: { name: 'x' } }));
    expect((error as PermissionDeniedError).body).toMatchObject({
      message: 'Insufficient scope, expected any of: update:clients',
    });
  });
});

describe('client credentials and scope checks through the client', () => {
  it('gets a token by client credentials and uses it', async () => {
    const idm = await e2e.client({
      auth: clientCredentials({
        clientId: READ_ONLY.id,
        clientSecret: READ_ONLY.secret,
        audience: e2e.server.idm.audience,
      }),
    });
    expect((await idm.clients.list()).items.length).toBe(25);
  });

  it('exchanges again, once, when the server clock has passed the cached token expiry', async () => {
    const idm = await e2e.client({
      auth: clientCredentials({
        clientId: FULL.id,
        clientSecret: FULL.secret,
        audience: e2e.server.idm.audience,
      }),
      now: Date.now,
    });
    await idm.logs.list({ take: 1 });
    await e2e.server.clock.advance('25h');
    await idm.logs.list({ take: 1 });
    const exchanges = serverLogs(e2e.server).filter(
      (event) => event.type === 'seccft' && event.date >= '2026-03-01',
    );
    expect(exchanges).toHaveLength(2);
  });

  it('renews a token the server refuses as expired once for 100 parallel requests (one new exchange)', async () => {
    const idm = await e2e.client({
      auth: clientCredentials({
        clientId: FULL.id,
        clientSecret: FULL.secret,
        audience: e2e.server.idm.audience,
      }),
      now: () => START, // the client's clock stands still: it believes its token is still valid
    });
    await idm.clients.list({ take: 1 });
    await e2e.server.clock.advance('25h'); // past the token's expiry on the server's clock
    const pages = await Promise.all(
      Array.from({ length: 100 }, () => idm.clients.list({ take: 1 })),
    );
    expect(pages.every((page) => page.items.length === 1)).toBe(true);
    const exchanges = serverLogs(e2e.server).filter(
      (event) => event.type === 'seccft' && Date.parse(event.date) >= START,
    );
    expect(exchanges).toHaveLength(2);
  });

  it('fails fast with checkScopes, sending nothing, when the token lacks the scope', async () => {
    const idm = await e2e.client({
      auth: clientCredentials({
        clientId: READ_ONLY.id,
        clientSecret: READ_ONLY.secret,
        audience: e2e.server.idm.audience,
      }),
      checkScopes: true,
    });
    await idm.clients.list({ take: 1 });
    const before = serverLogs(e2e.server).length;
    const error = await rejectionOf(idm.clients.create({ name: 'Nope' }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as Error).message).toContain('expected any of: create:clients');
    expect(serverLogs(e2e.server)).toHaveLength(before);
  });

  it('keeps machine secrets out of the inspected state', () => {
    const state = JSON.stringify(e2e.server.inspect('idm'));
    expect(state).not.toContain(FULL.secret);
    expect(state).not.toContain(READ_ONLY.secret);
  });

  it('answers 404 not_found to an unknown route once the token has its scope', async () => {
    const idm = await e2e.client({ scopes: ['read:widgets'] });
    const error = await rejectionOf(idm.request('GET', 'widgets'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'not_found' });
  });
});
