import {
  CalendarErrorBody,
  CategoryList,
  CreateCategoryBody,
  CreateEventBody,
  CreateOrganizerBody,
  CreateTagBody,
  CreateVenueBody,
  DEFAULT_PER_PAGE,
  Event,
  EventList,
  NAMESPACE,
  NamespaceIndex,
  OpenApiDocument,
  Organizer,
  OrganizerList,
  TagList,
  Term,
  UpdateCategoryBody,
  UpdateEventBody,
  UpdateOrganizerBody,
  UpdateTagBody,
  UpdateVenueBody,
  Venue,
  VenueList,
} from '@clientkit/calendar-client/schemas';
import { jsonSchemaHint } from '@clientkit/core';
import { z } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { formatInZone } from './dates';
import { type CalendarOperation, calendarOperations } from './operations';

/**
 * The namespace index and the OpenAPI document, both generated from the operation table and the
 * client's zod schemas: what the server validates with is what it documents.
 */

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

const dateTimeDescription = 'Y-m-d H:i:s (site or event time zone), ISO 8601, or a Unix timestamp';

/**
 * Custom checks are opaque to the generator. The core's builders (enums, maps) carry their own JSON
 * Schema; the client's other custom checks are `false` (no image), `[]` (no venue) and date-time
 * inputs, told apart by what they accept. A Date given to the client goes out as text, so a
 * date-time input is documented as text.
 */
function describeCustom(context: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const def = (
    context.zodSchema as { _zod: { def: { type: string; fn?: (v: unknown) => unknown } } }
  )._zod.def;
  const hint = jsonSchemaHint(context.zodSchema);
  // Hints also describe refined plain types, such as integers (a refined number).
  if (hint) Object.assign(context.jsonSchema, hint);
  if (def.type !== 'custom' || hint) return;
  if (def.fn?.(false) === true) Object.assign(context.jsonSchema, { const: false });
  else if (def.fn?.([]) === true) Object.assign(context.jsonSchema, { type: 'array', maxItems: 0 });
  else Object.assign(context.jsonSchema, { type: 'string', description: dateTimeDescription });
}

const conversion = (io: Io) =>
  ({ io, unrepresentable: 'any', override: describeCustom, target: 'draft-2020-12' }) as const;

function withoutMeta(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

function jsonSchemaOf(schema: $ZodType, io: Io): JsonSchema {
  return withoutMeta(z.toJSONSchema(schema, conversion(io)) as JsonSchema);
}

const responseComponents: Record<string, $ZodType> = {
  Event,
  Venue,
  Organizer,
  Term,
  EventList,
  VenueList,
  OrganizerList,
  CategoryList,
  TagList,
  NamespaceIndex,
  OpenApiDocument,
  CalendarErrorBody,
};

const requestComponents: Record<string, $ZodType> = {
  CreateEventBody,
  UpdateEventBody,
  CreateVenueBody,
  UpdateVenueBody,
  CreateOrganizerBody,
  UpdateOrganizerBody,
  CreateCategoryBody,
  UpdateCategoryBody,
  CreateTagBody,
  UpdateTagBody,
};

function componentSchemas(named: Record<string, $ZodType>, io: Io): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    ...conversion(io),
    uri: (id) => `#/components/schemas/${id}`,
  }) as { schemas: Record<string, JsonSchema> };
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => [id, withoutMeta(schema)]),
  );
}

function refTo(schema: $ZodType, named: Record<string, $ZodType>): JsonSchema {
  const id = Object.keys(named).find((name) => named[name] === schema);
  if (!id) throw new Error('every schema the operation table uses must be a named component');
  return { $ref: `#/components/schemas/${id}` };
}

function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

const pathParameterSchema: Record<string, JsonSchema> = {
  id: { type: 'integer', minimum: 1 },
  slug: { type: 'string', minLength: 1 },
};

function queryParameters(operation: CalendarOperation): JsonSchema[] {
  if (!operation.query) return [];
  const schema = jsonSchemaOf(operation.query, 'input');
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = (schema.required ?? []) as string[];
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: property,
    ...(property.type === 'array' ? { style: 'form', explode: false } : {}),
  }));
}

function openApiOperation(operation: CalendarOperation, method: string): JsonSchema {
  const parameters = [
    ...pathParameterNames(operation.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: pathParameterSchema[name],
    })),
    ...queryParameters(operation),
  ];
  const credentials = [{ basicAuth: [] }, { nonce: [] }];
  return {
    operationId: operation.methods.length > 1 ? `${operation.id}.${method}` : operation.id,
    summary: operation.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: refTo(operation.body, requestComponents) } },
          },
        }
      : {}),
    responses: {
      [String(operation.status)]: {
        description: operation.status === 201 ? 'Created' : 'OK',
        content: {
          'application/json': { schema: refTo(operation.response, responseComponents) },
        },
      },
      default: {
        description: 'An error',
        content: { 'application/json': { schema: refTo(CalendarErrorBody, responseComponents) } },
      },
    },
    security: operation.writes ? credentials : [{}, ...credentials],
  };
}

let documentWithoutServers: JsonSchema | undefined;

/** The OpenAPI 3.1 document of the interface, served at `/doc`. */
export function openApiDocument(restRoot: string): JsonSchema {
  documentWithoutServers ??= {
    openapi: '3.1.0',
    info: {
      title: 'Events calendar REST API',
      version: NAMESPACE.split('/').pop()!,
      description:
        'Events, venues, organizers, categories and tags. Reads of published records are public; ' +
        'writes need an editor, through an application password (HTTP Basic) or a REST nonce.',
    },
    paths: buildPaths(),
    components: {
      schemas: {
        ...componentSchemas(responseComponents, 'output'),
        ...componentSchemas(requestComponents, 'input'),
      },
      securitySchemes: {
        basicAuth: {
          type: 'http',
          scheme: 'basic',
          description: 'User name and application password',
        },
        nonce: { type: 'apiKey', in: 'header', name: 'X-WP-Nonce' },
      },
    },
  };
  return { ...documentWithoutServers, servers: [{ url: `${restRoot}/${NAMESPACE}` }] };
}

function buildPaths(): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  for (const operation of calendarOperations) {
    const entry = (paths[operation.path] ??= {});
    for (const method of operation.methods) {
      entry[method.toLowerCase()] = openApiOperation(operation, method.toLowerCase());
    }
  }
  return paths;
}

/** The route of an operation as WordPress writes it, with named regex groups. */
function wordpressRoute(path: string): string {
  const pattern = path.replace('{id}', '(?P<id>\\d+)').replace('{slug}', '(?P<slug>[^/]+)');
  return `/${NAMESPACE}${pattern === '/' ? '' : pattern}`;
}

function argumentsOf(operation: CalendarOperation): Record<string, JsonSchema> {
  const args: Record<string, JsonSchema> = {};
  for (const name of pathParameterNames(operation.path)) {
    args[name] = { ...pathParameterSchema[name], required: true };
  }
  for (const schema of [operation.query, operation.body]) {
    if (!schema) continue;
    const json = jsonSchemaOf(schema, 'input');
    const required = (json.required ?? []) as string[];
    for (const [name, property] of Object.entries(
      (json.properties ?? {}) as Record<string, JsonSchema>,
    )) {
      args[name] = {
        ...property,
        ...(name in argumentDefaults ? { default: argumentDefaults[name] } : {}),
        required: required.includes(name),
      };
    }
  }
  return args;
}

/** The site time zone's offset from UTC now, in hours (WordPress's `gmt_offset`). */
function offsetHours(now: number, timeZone: string): number {
  const wallClock = Date.parse(`${formatInZone(now, timeZone).replace(' ', 'T')}Z`);
  return Math.round((wallClock - now) / 60_000) / 60;
}

/** The defaults WordPress advertises for arguments the server fills in when they are left out. */
const argumentDefaults: Record<string, unknown> = {
  namespace: NAMESPACE,
  context: 'view',
  page: 1,
  per_page: DEFAULT_PER_PAGE,
};

let routesIndex: Record<string, JsonSchema> | undefined;

/** The namespace index `{ namespace, routes }`, as WordPress answers it. */
export function namespaceIndex(): JsonSchema {
  routesIndex ??= buildRoutes();
  return { namespace: NAMESPACE, routes: routesIndex };
}

/**
 * The REST root index WordPress answers at `{api_root}`: the site, the namespaces it serves, how
 * to authenticate, and every route (here the calendar's, and the root's own).
 */
export function restRootIndex(origin: string, siteTimezone: string, now: number): JsonSchema {
  routesIndex ??= buildRoutes();
  const root = `${origin}/wp-json/`;
  return {
    name: 'Events calendar (reference server)',
    description: 'The clientkit reference server',
    url: origin,
    home: origin,
    gmt_offset: offsetHours(now, siteTimezone),
    timezone_string: siteTimezone,
    namespaces: [NAMESPACE],
    authentication: {
      'application-passwords': {
        endpoints: { authorization: `${origin}/wp-admin/authorize-application.php` },
      },
    },
    routes: {
      '/': {
        namespace: '',
        methods: ['GET'],
        endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
        _links: { self: [{ href: root }] },
      },
      ...routesIndex,
    },
    _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
  };
}

function buildRoutes(): Record<string, JsonSchema> {
  const routes: Record<string, { namespace: string; methods: string[]; endpoints: JsonSchema[] }> =
    {};
  for (const operation of calendarOperations) {
    const route = (routes[wordpressRoute(operation.path)] ??= {
      namespace: NAMESPACE,
      methods: [],
      endpoints: [],
    });
    route.methods.push(...operation.methods);
    route.endpoints.push({ methods: operation.methods, args: argumentsOf(operation) });
  }
  return routes;
}
