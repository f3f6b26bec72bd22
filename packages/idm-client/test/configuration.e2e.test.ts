/**
 * How an idm client is configured beyond what every client shares (the conventions suite): its
 * credentials from the environment (a token, or client credentials), `withOptions` clients that
 * share the token cache of the client they come from, and the hint a refused audience gets when it
 * lacks the trailing slash the service's API identifiers end with.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clientCredentials,
  IdmClient,
  PermissionDeniedError,
  RequestValidationError,
} from '../src/index';
import { useServer } from './support/e2e';
import { rejectionOf } from './support/unit';

const e2e = useServer();
afterEach(() => {
  vi.unstubAllEnvs();
});

const FULL = { clientId: 'idm_dev_full_access', clientSecret: 'idm-dev-secret-full-access' };
const READ_ONLY = { clientId: 'idm_dev_read_only', clientSecret: 'idm-dev-secret-read-only' };
const variables = ['TOKEN', 'CLIENT_ID', 'CLIENT_SECRET', 'AUDIENCE', 'BASE_URL'];

function stubEnvironment(values: Record<string, string>) {
  for (const name of variables) vi.stubEnv(`CLIENTKIT_IDM_${name}`, undefined);
  vi.stubEnv('CLIENTKIT_BASE_URL', e2e.url);
  for (const [name, value] of Object.entries(values)) vi.stubEnv(`CLIENTKIT_IDM_${name}`, value);
}

/** A `fetch` that counts the token exchanges it sends. */
function countingExchanges() {
  const counter = {
    exchanges: 0,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/oauth/token')) counter.exchanges += 1;
      return fetch(input, init);
    },
  };
  return counter;
}

describe('IdmClient credentials from the environment', () => {
  it('sends CLIENTKIT_IDM_TOKEN as its bearer token', async () => {
    stubEnvironment({ TOKEN: await e2e.server.idm.mintToken() });
    const idm = new IdmClient({ retry: 0 });
    expect((await idm.clients.list({ take: 1 })).items).toHaveLength(1);
    expect(await idm.accessToken()).toBe(process.env.CLIENTKIT_IDM_TOKEN);
  });

  it('exchanges CLIENTKIT_IDM_CLIENT_ID, _CLIENT_SECRET and _AUDIENCE for its tokens', async () => {
    const counter = countingExchanges();
    stubEnvironment({ ...variablesOf(READ_ONLY), AUDIENCE: e2e.server.idm.audience });
    const idm = new IdmClient({ fetch: counter.fetch, retry: 0 });
    expect((await idm.clients.list({ take: 1 })).items).toHaveLength(1);
    await expect(idm.clients.create({ name: 'Nope' })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
    expect(counter.exchanges).toBe(1);
  });

  it('refuses a token and client credentials set together, naming both variables', () => {
    stubEnvironment({ TOKEN: 'a.b.c', CLIENT_ID: 'x' });
    expect(() => new IdmClient()).toThrow(
      new RequestValidationError('options of IdmClient', [
        {
          path: 'CLIENTKIT_IDM_TOKEN',
          message: 'and CLIENTKIT_IDM_CLIENT_ID are both set: unset one of the two',
        },
      ]).message,
    );
  });

  it('refuses client credentials set in part, naming each missing variable and no secret', () => {
    stubEnvironment({ CLIENT_ID: 'idm_dev_full_access', CLIENT_SECRET: 's3cret' });
    let message = '';
    try {
      new IdmClient();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Invalid options of IdmClient: CLIENTKIT_IDM_AUDIENCE is required with CLIENTKIT_IDM_CLIENT_ID, CLIENTKIT_IDM_CLIENT_SECRET',
    );
  });
});

function variablesOf(who: { clientId: string; clientSecret: string }) {
  return { CLIENT_ID: who.clientId, CLIENT_SECRET: who.clientSecret };
}

describe('IdmClient.withOptions and the token cache', () => {
  it('a client made with the same client credentials shares the cache: one exchange serves both', async () => {
    const counter = countingExchanges();
    const auth = clientCredentials({ ...FULL, audience: e2e.server.idm.audience });
    const idm = await e2e.client({ auth, fetch: counter.fetch });
    await idm.clients.list({ take: 1 });
    const derived = idm.withOptions({ timeout: 30_000, checkScopes: true });
    await derived.clients.list({ take: 1 });
    expect(await derived.accessToken()).toBe(await idm.accessToken());
    expect(counter.exchanges).toBe(1);
  });

  it('a client of credentials read from the environment shares it too', async () => {
    const counter = countingExchanges();
    stubEnvironment({ ...variablesOf(FULL), AUDIENCE: e2e.server.idm.audience });
    const idm = new IdmClient({ fetch: counter.fetch, retry: 0 });
    await idm.clients.list({ take: 1 });
    await idm.withOptions({ headers: { 'x-team': 'ops' } }).clients.list({ take: 1 });
    expect(counter.exchanges).toBe(1);
  });

  it('a client made with other credentials, or another clock, exchanges its own', async () => {
    const counter = countingExchanges();
    const audience = e2e.server.idm.audience;
    const idm = await e2e.client({
      auth: clientCredentials({ ...FULL, audience }),
      fetch: counter.fetch,
    });
    await idm.clients.list({ take: 1 });
    const other = idm.withOptions({ auth: clientCredentials({ ...READ_ONLY, audience }) });
    await other.clients.list({ take: 1 });
    expect(counter.exchanges).toBe(2);
    await idm.withOptions({ now: () => e2e.server.clock.now() + 1 }).clients.list({ take: 1 });
    expect(counter.exchanges).toBe(3);
  });

  it('a token override replaces client credentials (auth dropped with undefined), with no exchange', async () => {
    const counter = countingExchanges();
    const auth = clientCredentials({ ...FULL, audience: e2e.server.idm.audience });
    const idm = await e2e.client({ auth, fetch: counter.fetch });
    const token = await e2e.server.idm.mintToken();
    const withToken = idm.withOptions({ auth: undefined, token });
    expect(await withToken.accessToken()).toBe(token);
    await withToken.clients.list({ take: 1 });
    expect(counter.exchanges).toBe(0);
  });
});

describe('a refused audience', () => {
  it('that lacks the trailing slash gets a hint in the 403 access_denied message', async () => {
    const audience = e2e.server.idm.audience.replace(/\/$/, '');
    const idm = await e2e.client({ auth: clientCredentials({ ...FULL, audience }) });
    const error = await rejectionOf(idm.clients.list({ take: 1 }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'access_denied' });
    expect((error as Error).message).toContain(
      `(the audience ${audience} lacks the trailing slash the service expects: try ${audience}/)`,
    );
    expect((error as Error).message).not.toContain(FULL.clientSecret);
  });

  it('that ends with a slash gets the service message alone', async () => {
    const audience = 'https://other.test/api/v2/';
    const idm = await e2e.client({ auth: clientCredentials({ ...FULL, audience }) });
    const error = await rejectionOf(idm.clients.list({ take: 1 }));
    expect(error).toMatchObject({ status: 403, code: 'access_denied' });
    expect((error as Error).message).not.toContain('trailing slash');
  });
});
