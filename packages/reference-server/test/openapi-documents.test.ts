import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarInterface } from '../src/apis/calendar/interface';
import { createDocsInterface } from '../src/apis/docs/interface';
import { createIdmInterface } from '../src/apis/idm/interface';
import { createMailInterface } from '../src/apis/mail/interface';
import { createMeteringInterface } from '../src/apis/metering/interface';
import { createClock } from '../src/clock';
import { createReferenceServer, type ReferenceServer } from '../src/index';
import type { InterfaceModule, InterfaceName, ServerContext } from '../src/interface';
import { documentedRoutes, mountedRoutes, openApiProblems } from './support/openapi-document';

const clock = createClock({ frozen: true });
const context: ServerContext = { clock, tenant: 'public', logError: () => undefined };

/** Each interface that publishes a document, its module (for its routes) and its routes' count. */
const published: {
  name: InterfaceName;
  path: string;
  operations: number;
  module: () => InterfaceModule;
  /** Mounted routes that are not operations of the table. */
  besides?: string[];
}[] = [
  {
    name: 'metering',
    path: '/v2/billing/openapi.json',
    operations: 2,
    module: () => createMeteringInterface(context).module,
    besides: ['GET /v2/billing/openapi.json'],
  },
  {
    name: 'mail',
    path: '/servers/openapi.json',
    operations: 2,
    module: () => createMailInterface(context).module,
    besides: ['GET /servers/openapi.json'],
  },
  {
    name: 'docs',
    path: '/v1/openapi.json',
    operations: 24,
    module: () => createDocsInterface(context).module,
    besides: ['GET /v1/openapi.json'],
  },
  {
    name: 'calendar',
    path: '/wp-json/calendar/events/v1/doc',
    operations: 52,
    module: () => createCalendarInterface(context).module,
    besides: ['GET /wp-json'],
  },
  {
    name: 'idm',
    path: '/api/v2/openapi.json',
    operations: 8,
    module: () => createIdmInterface(context).module,
    besides: [
      'GET /api/v2/openapi.json',
      'GET /.well-known/openid-configuration',
      'GET /.well-known/jwks.json',
    ],
  },
];

let server: ReferenceServer;
beforeAll(async () => {
  server = await createReferenceServer({ clock: { frozen: true } });
});
afterAll(async () => {
  await server.close();
  clock.close();
});

async function documentOf(path: string) {
  const response = await server.fetch(`http://reference.test${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown> & { servers: { url: string }[] };
}

describe.each(published)('the $name interface document', (entry) => {
  it(`is served at GET ${entry.path} without credentials, and the server names that path`, async () => {
    expect(server.openapiPaths[entry.name]).toBe(entry.path);
    expect((await documentOf(entry.path)).openapi).toBe('3.1.0');
  });

  it('is valid OpenAPI 3.1', async () => {
    expect(openApiProblems(await documentOf(entry.path))).toEqual([]);
  });

  it('lists every operation the interface mounts, and nothing it does not mount', async () => {
    const document = await documentOf(entry.path);
    const base = new URL(document.servers[0]!.url).pathname.replace(/\/$/, '');
    const documented = documentedRoutes(document, base);
    const mounted = mountedRoutes(entry.module().routes, entry.besides);
    expect([...documented].sort()).toEqual([...mounted].sort());
    expect(documented).toHaveLength(entry.operations);
  });
});

describe('the document checks themselves', () => {
  it('report a dangling $ref, a path parameter missing from the template, a reused operationId and an unknown scheme', () => {
    const broken = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a/{id}': {
          get: {
            operationId: 'same',
            responses: {
              '200': {
                description: 'OK',
                content: { 'application/json': { schema: { $ref: '#/components/schemas/Gone' } } },
              },
            },
            security: [{ nobody: [] }],
          },
          put: {
            operationId: 'same',
            parameters: [{ name: 'id', in: 'path', required: true, schema: {} }],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
      components: { schemas: {}, securitySchemes: {} },
    };
    expect(openApiProblems(broken)).toEqual([
      'operationId same twice',
      'GET /a/{id}: path parameter id is not declared',
      'GET /a/{id}: security scheme nobody is not defined',
      '#/components/schemas/Gone does not resolve',
      expect.stringContaining("can't resolve reference #/components/schemas/Gone"),
    ]);
  });
});

describe('what the metering and mail documents say about length limits', () => {
  it('documents the payload key and value limits the stream checks, and the hook URL limit of mail', async () => {
    type Schemas = {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    const metering = (await documentOf('/v2/billing/openapi.json')) as unknown as Schemas;
    const events = metering.components.schemas.MeterEventStreamBody!.properties.events as {
      items: { properties: Record<string, unknown> };
    };
    expect(events.items.properties.payload).toEqual({
      type: 'object',
      propertyNames: { maxLength: 100 },
      additionalProperties: { type: 'string', maxLength: 5000 },
    });
    const mail = (await documentOf('/servers/openapi.json')) as unknown as Schemas;
    expect(mail.components.schemas.UpdateServerBody!.properties.InboundHookUrl).toEqual({
      type: 'string',
      maxLength: 2048,
    });
  });
});
