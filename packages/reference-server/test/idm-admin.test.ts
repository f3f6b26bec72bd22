import { scopesOf } from '@clientkit/idm-client/scopes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

let server: ReferenceServer;
let url: string;

beforeAll(async () => {
  server = await createReferenceServer({
    admin: true,
    clock: { start: '2026-03-01T00:00:00Z', frozen: true },
  });
  ({ url } = await server.listen(0));
});
afterAll(() => server.close());

const post = (path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) });

describe('idm admin routes', () => {
  it('POST /__admin/idm/tokens mints a token with any scopes and lifetime', async () => {
    const response = await post('/__admin/idm/tokens', {
      scopes: ['read:widgets'],
      expiresIn: '90s',
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      access_token: string;
      expires_in: number;
      token_type: string;
    };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 90, scope: 'read:widgets' });
    expect(scopesOf(body.access_token)).toEqual(['read:widgets']);
    const widgets = await fetch(`${url}/api/v2/widgets`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(widgets.status).toBe(404);
    await server.clock.advance('90s');
    const expired = await fetch(`${url}/api/v2/widgets`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(expired.status).toBe(401);
  });

  it('GET /__admin/idm/tokens counts the tokens the token route issued since the last reset', async () => {
    server.reset();
    const [machine] = server.idm.machineClients;
    for (let round = 0; round < 2; round += 1) {
      const exchanged = await post('/oauth/token', {
        grant_type: 'client_credentials',
        client_id: machine!.clientId,
        client_secret: machine!.clientSecret,
        audience: server.idm.audience,
      });
      expect(exchanged.status).toBe(200);
    }
    await server.idm.mintToken();
    expect(await (await fetch(`${url}/__admin/idm/tokens`)).json()).toEqual({ exchanged: 2 });
    expect(server.idm.exchangedTokens()).toBe(2);
    server.reset();
    expect(server.idm.exchangedTokens()).toBe(0);
  });

  it('POST /__admin/idm/tokens/revoke refuses every token issued so far, and none issued after', async () => {
    const before = await server.idm.mintToken();
    const revoked = await post('/__admin/idm/tokens/revoke', undefined);
    expect(((await revoked.json()) as { revoked: number }).revoked).toBeGreaterThanOrEqual(1);
    const after = await server.idm.mintToken();
    const call = (token: string) =>
      fetch(`${url}/api/v2/clients?take=1`, { headers: { authorization: `Bearer ${token}` } });
    const refused = await call(before);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ errorCode: 'invalid_token' });
    expect((await call(after)).status).toBe(200);
    server.reset();
    expect((await call(before)).status).toBe(200);
  });

  it('GET and POST /__admin/idm/rate-limit read and change the budget', async () => {
    const changed = await post('/__admin/idm/rate-limit', { limit: 1, enforce: true });
    expect(await changed.json()).toEqual({ limit: 1, window: '1m', enforce: true });
    const token = await server.idm.mintToken();
    const call = () =>
      fetch(`${url}/api/v2/clients?take=1`, { headers: { authorization: `Bearer ${token}` } });
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(429);
    server.reset();
    expect(await (await fetch(`${url}/__admin/idm/rate-limit`)).json()).toMatchObject({
      enforce: false,
    });
  });

  it('prints the development credentials, and keeps secrets out of the admin state', async () => {
    const credentials = server.credentials().idm!;
    expect(credentials['idm_dev_full_access secret']).toBe('idm-dev-secret-full-access');
    const state = await (await fetch(`${url}/__admin/state/idm`)).text();
    expect(state).not.toContain('idm-dev-secret');
  });

  it('POST /__admin/seed replaces the clients and logs, and refuses a malformed seed', async () => {
    const seeded = await post('/__admin/seed', {
      idm: { clients: [{ client_id: 'only', name: 'Only one' }], logs: [] },
    });
    expect(seeded.status).toBe(200);
    expect(server.inspect('idm')).toEqual({
      clients: [{ client_id: 'only', name: 'Only one' }],
      logs: [],
    });
    const refused = await post('/__admin/seed', {
      idm: { clients: [{ name: 'no id' }], logs: [] },
    });
    expect(refused.status).toBe(400);
    server.reset();
  });
});
