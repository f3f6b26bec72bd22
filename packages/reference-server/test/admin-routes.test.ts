import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

/** Every admin route the CLI, the examples, the clients' e2e tests and conformance rely on. */
const KNOWN_ROUTES = [
  'GET /__admin',
  'GET /__admin/openapi.json',
  'POST /__admin/reset',
  'POST /__admin/seed',
  'GET /__admin/state',
  'GET /__admin/state/{interface}',
  'GET /__admin/clock',
  'POST /__admin/clock',
  'GET /__admin/faults',
  'POST /__admin/faults',
  'DELETE /__admin/faults',
  'POST /__admin/faults/chaos',
  'GET /__admin/traffic',
  'DELETE /__admin/traffic',
  'POST /__admin/docs/tokens',
  'GET /__admin/calendar/professional',
  'POST /__admin/calendar/professional',
  'POST /__admin/calendar/nonces',
  'POST /__admin/idm/tokens',
  'GET /__admin/idm/tokens',
  'POST /__admin/idm/tokens/revoke',
  'GET /__admin/idm/rate-limit',
  'POST /__admin/idm/rate-limit',
  'POST /__admin/mail/inbound',
  'GET /__admin/mail/messages',
  'GET /__admin/mail/messages/{messageId}',
  'GET /__admin/mail/messages/{messageId}/raw',
  'GET /__admin/mail/smtp',
  'GET /__admin/metering/events',
  'GET /__admin/metering/events/{identifier}',
  'GET /__admin/metering/errors',
  'GET /__admin/metering/sessions',
  'GET /__admin/metering/rate-limit',
  'PUT /__admin/metering/rate-limit',
  'DELETE /__admin/metering/rate-limit',
  'POST /__admin/metering/api-keys',
];

type Document = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<
    string,
    Record<string, { requestBody?: { required: boolean; content: Record<string, unknown> } }>
  >;
  components: { schemas: Record<string, unknown> };
};

let server: ReferenceServer;
let url: string;

beforeAll(async () => {
  server = await createReferenceServer({
    admin: true,
    clock: { start: '2026-05-01T00:00:00Z', frozen: true },
  });
  ({ url } = await server.listen(0));
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const send = (method: string, path: string, body?: string) =>
  fetch(`${url}/__admin${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });

async function adminDocument(): Promise<Document> {
  const response = await fetch(`${url}/__admin/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

function documentedRoutes(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map(
      (method) => `${method.toUpperCase()} /__admin${path === '/' ? '' : path}`,
    ),
  );
}

describe('the admin OpenAPI document', () => {
  it('lists every admin route, the same ones GET /__admin lists', async () => {
    const document = await adminDocument();
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: `${url}/__admin` }]);
    const documented = documentedRoutes(document);
    expect([...documented].sort()).toEqual([...KNOWN_ROUTES].sort());
    const { routes } = (await (await send('GET', '/')).json()) as { routes: string[] };
    expect([...routes].sort()).toEqual([...documented].sort());
  });

  it('serves every documented GET route that takes no path parameter', async () => {
    const document = await adminDocument();
    const gets = documentedRoutes(document).filter(
      (route) => route.startsWith('GET ') && !route.includes('{'),
    );
    for (const route of gets) {
      const path = route.slice('GET /__admin'.length);
      expect([route, (await send('GET', path)).status]).toEqual([route, 200]);
    }
  });

  it('names a schema for every JSON body, says which bodies may be left out, and shows the raw inbound message as bytes', async () => {
    const document = await adminDocument();
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods)) {
        const json = operation.requestBody?.content['application/json'] as
          | { schema: { $ref: string } }
          | undefined;
        if (!json) continue;
        const name = json.schema.$ref.replace('#/components/schemas/', '');
        expect(document.components.schemas).toHaveProperty(name);
      }
    }
    expect(document.paths['/faults']?.post?.requestBody?.required).toBe(true);
    // The clock, idm's token and rate limit routes and metering's key route take an empty body.
    expect(document.paths['/clock']?.post?.requestBody?.required).toBe(false);
    expect(document.paths['/idm/tokens']?.post?.requestBody?.required).toBe(false);
    expect(document.paths['/mail/inbound']?.post?.requestBody?.content).toEqual({
      'message/rfc822': { schema: { type: 'string', format: 'binary' } },
    });
  });
});

describe('admin refusals', () => {
  const badBodies: [string, string, string, string][] = [
    ['POST', '/clock', JSON.stringify({ advance: {} }), 'advance'],
    ['POST', '/clock', JSON.stringify({ set: 'next tuesday' }), 'set'],
    ['POST', '/faults', 'null', 'body'],
    ['POST', '/faults', JSON.stringify({ status: 'teapot' }), 'status'],
    ['POST', '/seed', JSON.stringify(['docs']), 'body'],
    ['POST', '/docs/tokens', JSON.stringify({}), 'scheme'],
    ['POST', '/calendar/professional', JSON.stringify({ enabled: 'yes' }), 'enabled'],
    ['POST', '/calendar/nonces', JSON.stringify({ user: 7 }), 'user'],
    ['POST', '/idm/tokens', JSON.stringify({ scopes: 'read:clients' }), 'scopes'],
    ['POST', '/idm/rate-limit', JSON.stringify({ enforce: 'always' }), 'enforce'],
    ['PUT', '/metering/rate-limit', JSON.stringify({ requests: '10', perMs: 1000 }), 'requests'],
    ['POST', '/metering/api-keys', JSON.stringify({ livemode: 'yes' }), 'livemode'],
    ['POST', '/faults', '{"status": 5', 'JSON'],
  ];

  for (const [method, path, body, field] of badBodies) {
    it(`a bad body to ${method} /__admin${path} is a 400 in the admin error format naming ${field}`, async () => {
      const response = await send(method, path, body);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(answer)).toEqual(['error']);
      expect(answer.error).toEqual(expect.stringContaining(field));
    });
  }

  it('a clock set to what is not a date leaves the clock where it was', async () => {
    expect((await send('POST', '/clock', JSON.stringify({ set: 'soon' }))).status).toBe(400);
    expect(await (await send('GET', '/clock')).json()).toEqual({
      now: '2026-05-01T00:00:00.000Z',
    });
  });

  it('a refusal of a control function keeps its own reason in the admin error format', async () => {
    const response = await send('POST', '/calendar/nonces', JSON.stringify({ user: 'nobody' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'no calendar user is called "nobody"' });
  });

  it('an unknown admin path and an unknown id are 404 in the admin error format', async () => {
    const route = await send('GET', '/nope');
    expect(route.status).toBe(404);
    expect(Object.keys((await route.json()) as object)).toEqual(['error']);
    const event = await send('GET', '/metering/events/missing');
    expect(event.status).toBe(404);
    expect(await event.json()).toEqual({ error: 'No counted event has this identifier' });
    const message = await send('GET', '/mail/messages/nope');
    expect(message.status).toBe(404);
    expect(await message.json()).toEqual({ error: 'no inbound message nope' });
  });
});
