import { describe, expect, it } from 'vitest';
import type { InterfaceName } from '../src/index';
import { useFreshServer } from './support/fresh-server';

const ORIGIN = 'http://reference.test';
const fresh = useFreshServer();

/** Content types a JSON body may not be sent with; `null` sends the bytes with no type at all. */
const NOT_JSON: (string | null)[] = ['text/plain', 'application/octet-stream', null];

interface BodyRoute {
  interface: InterfaceName;
  method: string;
  path: string;
  /** A body the route takes when it is sent as JSON. */
  body: unknown;
  headers: () => Promise<Record<string, string>> | Record<string, string>;
}

const docsUser = () => ({ authorization: 'Bearer docs-dev-user-ada' });

/** Every docs operation that takes a body (as its document lists them), with one it accepts. */
const docsBodies: [string, string, Record<string, string>, unknown][] = [
  ['PATCH', '/users/{userId}', { userId: 'usr_ada' }, { displayName: 'Ada L.' }],
  ['PATCH', '/spaces/{spaceId}', {}, { title: 'Handbook 2' }],
  ['POST', '/spaces/{spaceId}/move', {}, { parent: null, position: {} }],
  ['POST', '/spaces/{spaceId}/git/import', {}, { url: 'https://github.com/a/b', ref: 'main' }],
  [
    'POST',
    '/spaces/{spaceId}/git/export',
    {},
    { url: 'https://github.com/a/b', ref: 'main', commitMessage: 'm' },
  ],
  ['POST', '/spaces/{spaceId}/permissions', {}, { role: 'read', users: ['usr_brian'] }],
  [
    'PATCH',
    '/spaces/{spaceId}/permissions/users/{userId}',
    { userId: 'usr_brian' },
    { role: 'edit' },
  ],
  [
    'PATCH',
    '/spaces/{spaceId}/permissions/teams/{teamId}',
    { teamId: 'team_writers' },
    { role: 'edit' },
  ],
];
const docsRoutes: BodyRoute[] = docsBodies.map(([method, template, values, body]) => ({
  interface: 'docs',
  method,
  path: `/v1${template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'space_handbook')}`,
  body,
  headers: docsUser,
}));

async function meteringSession(): Promise<Record<string, string>> {
  const response = await fresh.server.fetch(`${ORIGIN}/v2/billing/meter_event_session`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_clientkit_dev_key' },
  });
  const { authentication_token } = (await response.json()) as { authentication_token: string };
  return { authorization: `Bearer ${authentication_token}` };
}

const meteringRoute: BodyRoute = {
  interface: 'metering',
  method: 'POST',
  path: '/v2/billing/meter_event_stream',
  body: { events: [{ event_name: 'api_call', identifier: 'ct-1', payload: { customer: 'c' } }] },
  headers: meteringSession,
};

const mailRoute: BodyRoute = {
  interface: 'mail',
  method: 'PUT',
  path: '/servers/1',
  body: { Name: 'Renamed' },
  headers: () => ({ 'x-mail-account-token': 'mail-dev-account-token' }),
};

const idmRoute: BodyRoute = {
  interface: 'idm',
  method: 'POST',
  path: '/api/v2/clients',
  body: { name: 'new client' },
  headers: async () => ({ authorization: `Bearer ${await idmToken()}` }),
};

/** A token from the token endpoint, issued for the origin the requests go to. */
async function idmToken(): Promise<string> {
  const response = await fresh.server.fetch(`${ORIGIN}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: 'idm_dev_full_access',
      client_secret: 'idm-dev-secret-full-access',
      audience: fresh.server.idm.audience,
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function send(route: BodyRoute, type: string | null, body = JSON.stringify(route.body)) {
  const headers = { accept: 'application/json', ...(await route.headers()) };
  return fresh.server.fetch(`${ORIGIN}${route.path}`, {
    method: route.method,
    headers: type === null ? headers : { ...headers, 'content-type': type },
    // Bytes, so that fetch adds no content type of its own when the test sends none.
    body: new TextEncoder().encode(body),
  });
}

/** What the interface's 415 looks like, in its own error format. */
const refusalBodies: Record<InterfaceName, unknown> = {
  docs: {
    error: { code: 415, message: expect.stringContaining('Content-Type: application/json') },
  },
  metering: {
    error: {
      type: 'invalid_request_error',
      code: 'unsupported_media_type',
      message: expect.stringContaining('Content-Type: application/json'),
    },
  },
  mail: { ErrorCode: 409, Message: expect.stringContaining('application/json') },
  idm: expect.objectContaining({ statusCode: 415, errorCode: 'unsupported_media_type' }),
  calendar: undefined,
};

/** The state a refused request must leave as it was (metering's counts need the clock to run). */
async function stateOf(name: InterfaceName): Promise<unknown> {
  await fresh.server.clock.settle();
  const state = fresh.server.inspect(name) as Record<string, unknown>;
  if (name !== 'idm') return state;
  // idm logs refusals too, by design; its clients must not change.
  return (state as { clients: unknown }).clients;
}

describe('a body that is not sent as JSON is refused with 415 in the interface format', () => {
  it('covers every docs operation that takes a body', async () => {
    const response = await fresh.server.fetch(`${ORIGIN}/v1/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const taking = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.requestBody)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(taking.sort()).toEqual(docsBodies.map(([method, path]) => `${method} ${path}`).sort());
  });

  const routes = [...docsRoutes, meteringRoute, mailRoute, idmRoute];
  const cases = routes.flatMap((route) => NOT_JSON.map((type) => [route, type] as const));

  it.each(
    cases.map(([route, type]) => [
      route.interface,
      route.method,
      route.path,
      type ?? 'no content type',
      route,
      type,
    ]),
  )('%s %s %s sent as %s: 415, nothing changes', async (name, _m, _p, _t, route, type) => {
    const headers = await (route as BodyRoute).headers();
    const before = await stateOf(name as InterfaceName);
    const response = await send(
      { ...(route as BodyRoute), headers: () => headers },
      type as string | null,
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(refusalBodies[name as InterfaceName]);
    expect(await stateOf(name as InterfaceName)).toEqual(before);
  });

  it.each(routes.map((route) => [route.interface, route.method, route.path, route]))(
    '%s %s %s takes the same body sent as application/json; charset=utf-8',
    async (_n, _m, _p, route) => {
      const response = await send(route as BodyRoute, 'application/json; charset=utf-8');
      expect(response.status).toBeLessThan(300);
    },
  );

  it.each([docsRoutes[0]!, meteringRoute, mailRoute])(
    '$interface takes application/json only: a JSON body labelled merge-patch+json is 415',
    async (route) => {
      const response = await send(route, 'application/merge-patch+json');
      expect(response.status).toBe(415);
    },
  );

  it('reads an empty body sent as text/plain as no body, checked as such (not a 415)', async () => {
    const response = await send(docsRoutes[0]!, 'text/plain', '');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 400, message: expect.stringContaining('body') },
    });
  });

  it('frees the Idempotency-Key of a metering request refused with 415, so the key runs later', async () => {
    const key = { 'idempotency-key': 'content-type-key' };
    const route = {
      ...meteringRoute,
      headers: async () => ({ ...(await meteringSession()), ...key }),
    };
    expect((await send(route, 'text/plain')).status).toBe(415);
    expect(fresh.server.inspect('metering')).toMatchObject({ idempotencyKeys: 0 });
    const accepted = await send(route, 'application/json');
    expect(accepted.status).toBe(200);
    expect(accepted.headers.has('idempotent-replayed')).toBe(false);
    await fresh.server.clock.settle();
    expect(fresh.server.metering.counted().total).toBe(1);
  });
});
