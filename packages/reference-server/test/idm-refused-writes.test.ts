import type { Client, LogEvent } from '@clientkit/idm-client/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idmOperations } from '../src/apis/idm/description';
import { DEFAULT_IDM_AUDIENCE, developmentMachineClients } from '../src/development-credentials';
import { createReferenceServer, type ReferenceServer } from '../src/index';

/**
 * Identity management writes check every part of a request (token, scope, media type, body, the
 * record it names) before they write, rather than undoing a write afterwards: the interface logs
 * every refusal, so the log must keep the refusal while the records stay as they were.
 */

const ORIGIN = 'http://idm.test';

let server: ReferenceServer;
let full: string;
let readOnly: string;
let existing: string;

beforeAll(async () => {
  server = await createReferenceServer();
});
beforeEach(async () => {
  server.reset();
  full = await server.idm.mintToken({ origin: ORIGIN });
  readOnly = await server.idm.mintToken({ origin: ORIGIN, scopes: ['read:clients', 'read:logs'] });
  existing = state().clients[0]!.client_id;
});
afterAll(() => server.close());

const state = () => server.inspect('idm') as { clients: Client[]; logs: LogEvent[] };

interface Refusal {
  name: string;
  method: string;
  path: () => string;
  headers?: () => Record<string, string>;
  body?: string;
  status: number;
}

const json = { 'content-type': 'application/json' };
const bearer = (token: () => string) => () => ({ ...json, authorization: `Bearer ${token()}` });
const withFull = bearer(() => full);
const withReadOnly = bearer(() => readOnly);
const clientPath = () => `/api/v2/clients/${existing}`;
const exchange = (changes: Record<string, unknown>) =>
  JSON.stringify({
    grant_type: 'client_credentials',
    client_id: developmentMachineClients.fullAccess.clientId,
    client_secret: developmentMachineClients.fullAccess.clientSecret,
    audience: DEFAULT_IDM_AUDIENCE,
    ...changes,
  });

/** Refused requests of each write operation of the table, by operation id. */
const refusals: Record<string, Refusal[]> = {
  createClient: [
    {
      name: 'no token',
      method: 'POST',
      path: () => '/api/v2/clients',
      headers: () => json,
      body: '{"name":"x"}',
      status: 401,
    },
    {
      name: 'no create scope',
      method: 'POST',
      path: () => '/api/v2/clients',
      headers: withReadOnly,
      body: '{"name":"x"}',
      status: 403,
    },
    {
      name: 'a body that is not JSON',
      method: 'POST',
      path: () => '/api/v2/clients',
      headers: () => ({ ...withFull(), 'content-type': 'text/plain' }),
      body: 'name=x',
      status: 415,
    },
    {
      name: 'malformed JSON',
      method: 'POST',
      path: () => '/api/v2/clients',
      headers: withFull,
      body: '{"name":',
      status: 400,
    },
    {
      name: 'a field past its limit',
      method: 'POST',
      path: () => '/api/v2/clients',
      headers: withFull,
      body: JSON.stringify({ name: 'x', client_metadata: { v: 'v'.repeat(256) } }),
      status: 400,
    },
    {
      name: 'an unknown field',
      method: 'POST',
      path: () => '/api/v2/clients',
      headers: withFull,
      body: '{"name":"x","owner":"me"}',
      status: 400,
    },
  ],
  updateClient: [
    {
      name: 'no token',
      method: 'PATCH',
      path: clientPath,
      headers: () => json,
      body: '{"name":"y"}',
      status: 401,
    },
    {
      name: 'no update scope',
      method: 'PATCH',
      path: clientPath,
      headers: withReadOnly,
      body: '{"name":"y"}',
      status: 403,
    },
    {
      name: 'a body that is not JSON',
      method: 'PATCH',
      path: clientPath,
      headers: () => ({ ...withFull(), 'content-type': 'text/plain' }),
      body: 'name=y',
      status: 415,
    },
    {
      name: 'a valid field with one past its limit',
      method: 'PATCH',
      path: clientPath,
      headers: withFull,
      body: JSON.stringify({ name: 'y', description: 'd'.repeat(141) }),
      status: 400,
    },
    {
      name: 'a client that does not exist',
      method: 'PATCH',
      path: () => '/api/v2/clients/nobody',
      headers: withFull,
      body: '{"name":"y"}',
      status: 404,
    },
  ],
  deleteClient: [
    { name: 'no token', method: 'DELETE', path: clientPath, headers: () => json, status: 401 },
    {
      name: 'a body that is not JSON',
      method: 'DELETE',
      path: clientPath,
      headers: () => ({ ...withFull(), 'content-type': 'text/plain' }),
      body: 'please',
      status: 415,
    },
    {
      name: 'no delete scope',
      method: 'DELETE',
      path: clientPath,
      headers: withReadOnly,
      status: 403,
    },
  ],
  getToken: [
    {
      name: 'a wrong secret',
      method: 'POST',
      path: () => '/oauth/token',
      headers: () => json,
      body: exchange({ client_secret: 'wrong' }),
      status: 401,
    },
    {
      name: 'another audience',
      method: 'POST',
      path: () => '/oauth/token',
      headers: () => json,
      body: exchange({ audience: 'https://elsewhere.test/' }),
      status: 403,
    },
    {
      name: 'another grant',
      method: 'POST',
      path: () => '/oauth/token',
      headers: () => json,
      body: exchange({ grant_type: 'password' }),
      status: 400,
    },
  ],
};

const cases = Object.entries(refusals).flatMap(([operation, list]) =>
  list.map((refusal) => ({ operation, ...refusal })),
);

describe('a refused idm write changes no record', () => {
  it('every write operation of the table has refusals here', () => {
    const writes = idmOperations('public')
      .filter((operation) => operation.methods.some((method) => method !== 'GET'))
      .map((operation) => operation.id);
    expect(Object.keys(refusals).sort()).toEqual(writes.sort());
  });

  it.each(cases)(
    '$operation refused for $name ($status) leaves the clients as they were and logs the refusal',
    async (refusal) => {
      const before = state();
      const response = await server.fetch(`${ORIGIN}${refusal.path()}`, {
        method: refusal.method,
        headers: refusal.headers?.() ?? {},
        ...(refusal.body === undefined ? {} : { body: refusal.body }),
      });
      expect(response.status).toBe(refusal.status);
      const after = state();
      expect(after.clients).toEqual(before.clients);
      expect(after.logs.slice(0, before.logs.length)).toEqual(before.logs);
      const added = after.logs.slice(before.logs.length);
      expect(added).toHaveLength(1);
      expect(added[0]!.type).toBe(refusal.path() === '/oauth/token' ? 'feccft' : 'fapi');
      expect(added[0]!.details?.status).toBe(refusal.status);
    },
  );
});
