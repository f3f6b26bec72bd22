import { Client, LogEvent, TokenResponse } from '@clientkit/idm-client/schemas';
import { Management, ManagementClient, ManagementError } from 'auth0';
import { AuthApiError } from 'auth0/legacy';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  auth0AuthenticationClient,
  auth0LegacyManagementClient,
  auth0ManagementClient,
  IDM_DOMAIN,
  localFetch,
} from '../src/shims';
import { rejectionOf, useReferenceServer } from './reference-server';

const FULL = { clientId: 'idm_dev_full_access', clientSecret: 'idm-dev-secret-full-access' };
const READ_ONLY = { clientId: 'idm_dev_read_only', clientSecret: 'idm-dev-secret-read-only' };

const ref = useReferenceServer('idm');
const management = (credentials = FULL) => auth0ManagementClient(ref.origin, credentials);
const serverLogs = () => (ref.server.inspect('idm') as { logs: LogEvent[] }).logs;

beforeEach(() => ref.server.reset());

describe('auth0: tokens by the client credentials grant', () => {
  it('ManagementClient with clientId and clientSecret gets its own token (form-encoded grant) and uses it', async () => {
    const page = await management().clients.list({ per_page: 5 });
    expect(page.data).toHaveLength(5);
    expect(serverLogs().at(-1)).toMatchObject({ type: 'seccft', client_id: FULL.clientId });
  });

  it('AuthenticationClient.oauth.clientCredentialsGrant answers a token the management API takes', async () => {
    const auth = auth0AuthenticationClient(ref.origin, READ_ONLY);
    const { data } = await auth.oauth.clientCredentialsGrant({ audience: ref.server.idm.audience });
    expect(TokenResponse.safeParse(data).success).toBe(true);
    expect(data).toMatchObject({ token_type: 'Bearer', scope: 'read:clients read:logs' });
    const withToken = new ManagementClient({
      domain: IDM_DOMAIN,
      token: data.access_token,
      fetch: localFetch(ref.origin),
    });
    expect((await withToken.clients.list({ per_page: 1 })).data).toHaveLength(1);
  });

  it('AuthenticationClient gets OAuth errors: invalid_client for a wrong secret, access_denied for another audience', async () => {
    const wrong = auth0AuthenticationClient(ref.origin, { ...READ_ONLY, clientSecret: 'nope' });
    const refused = await rejectionOf(
      wrong.oauth.clientCredentialsGrant({ audience: ref.server.idm.audience }),
    );
    expect(refused).toBeInstanceOf(AuthApiError);
    expect(refused).toMatchObject({ statusCode: 401, error: 'invalid_client' });
    const elsewhere = await rejectionOf(
      auth0AuthenticationClient(ref.origin, READ_ONLY).oauth.clientCredentialsGrant({
        audience: 'https://elsewhere.test/api/',
      }),
    );
    expect(elsewhere).toMatchObject({ statusCode: 403, error: 'access_denied' });
    expect((elsewhere as AuthApiError).error_description).toContain('Service not enabled');
  });

  it('ManagementClient with a wrong secret fails with the token endpoint 401 invalid_client', async () => {
    const error = await rejectionOf(
      management({ ...FULL, clientSecret: 'nope' }).clients.list({ per_page: 1 }),
    );
    expect(error).toBeInstanceOf(ManagementError);
    expect(error).toMatchObject({ statusCode: 401, body: { error: 'invalid_client' } });
  });
});

describe('auth0: clients', () => {
  it('list pages by offset with totals and iterates every client', async () => {
    const page = await management().clients.list({ per_page: 10, include_totals: true });
    expect(page.response).toMatchObject({ start: 0, limit: 10, length: 10, total: 30 });
    const all: unknown[] = [];
    for await (const client of page) all.push(client);
    expect(all).toHaveLength(30);
    expect(all.every((client) => Client.safeParse(client).success)).toBe(true);
  });

  it('create, get, update and delete one client', async () => {
    const idm = management();
    const created = await idm.clients.create({
      name: 'Conformance App',
      app_type: 'spa',
      callbacks: ['https://conformance.example.test/callback'],
    });
    expect(Client.safeParse(created).success).toBe(true);
    const id = created.client_id!;
    expect(await idm.clients.get(id)).toMatchObject({ name: 'Conformance App', app_type: 'spa' });
    const updated = await idm.clients.update(id, { description: 'Checked by the official SDK' });
    expect(updated).toMatchObject({ client_id: id, description: 'Checked by the official SDK' });
    await idm.clients.delete(id);
    const gone = await rejectionOf(idm.clients.get(id));
    expect(gone).toBeInstanceOf(Management.NotFoundError);
    expect(gone).toMatchObject({ statusCode: 404, body: { errorCode: 'inexistent_client' } });
  });

  it('a token without create:clients gets 403 insufficient_scope', async () => {
    const error = await rejectionOf(management(READ_ONLY).clients.create({ name: 'Nope' }));
    expect(error).toMatchObject({
      statusCode: 403,
      body: { message: 'Insufficient scope, expected any of: create:clients' },
    });
  });
});

describe('auth0: logs', () => {
  it('list pages by offset (newest first) and get reads one event', async () => {
    const idm = management();
    const page = await idm.logs.list({ page: 0, per_page: 20 });
    const first = [...page.data];
    expect(first).toHaveLength(20);
    expect(first.every((event) => LogEvent.safeParse(event).success)).toBe(true);
    const newestFirst = [...serverLogs()].reverse();
    expect(first).toEqual(newestFirst.slice(0, 20));
    // getNextPage loads the next page into the same Page object.
    await page.getNextPage();
    expect(page.data).toEqual(newestFirst.slice(20, 40));
    expect(await idm.logs.get(first[0]!.log_id!)).toEqual(first[0]);
  });

  it('lists from a log id with from and take (legacy ManagementClient.logs.getAll)', async () => {
    const token = await ref.server.idm.mintToken({ scopes: ['read:logs'] });
    const legacy = auth0LegacyManagementClient(ref.origin, token);
    const logs = serverLogs();
    const { data } = await legacy.logs.getAll({ from: logs[200]!.log_id, take: 5 });
    const page = data as unknown as { logs: LogEvent[]; next?: string };
    expect(page.logs).toEqual(logs.slice(201, 206));
    const after = await legacy.logs.getAll({ from: page.next!, take: 5 });
    expect((after.data as unknown as { logs: LogEvent[] }).logs).toEqual(logs.slice(206, 211));
  });

  it('lists with the signed checkpoint too: take alone, then from = next', async () => {
    const token = await ref.server.idm.mintToken({ scopes: ['read:logs'] });
    const legacy = auth0LegacyManagementClient(ref.origin, token);
    const first = (await legacy.logs.getAll({ take: 3 })).data as unknown as {
      logs: LogEvent[];
      next: string;
    };
    const second = (await legacy.logs.getAll({ from: first.next, take: 3 })).data as unknown as {
      logs: LogEvent[];
    };
    const newestFirst = [...serverLogs()].reverse();
    expect([...first.logs, ...second.logs]).toEqual(newestFirst.slice(0, 6));
  });
});
