import { Hono } from 'hono';
import { type $ZodType, safeParse } from 'zod/v4/core';
import { tooLargeMessage } from '../body-limit';
import type { Clock } from '../clock';
import type { FaultInjector } from '../faults/injector';
import type { InterfaceModule } from '../interface';
import {
  type InterfaceDescription,
  type JsonSchema,
  mountOperations,
  openApiPublisher,
} from '../operations';
import { ApiProblem, validBody, validQuery } from '../problem';
import type { TrafficControl } from '../traffic';
import { coreAdminTable } from './core';
import { AdminErrorBody, adminError, adminProblemOf } from './problem';
import { refusingStrayBodies } from './stray-body';
import type { AdminAuth, AdminHandler, AdminOperation, AdminTable } from './table';

/** Where the admin routes live; the operation paths are relative to it. */
export const ADMIN_BASE = '/__admin';

/**
 * The body limit of the admin routes: room for seed data and for a raw inbound message of the
 * largest size the mail interface accepts (25 MiB by default).
 */
export const ADMIN_BODY_LIMIT = {
  maxBytes: 64 * 1024 * 1024,
  tooLarge: (maxBytes: number) => new ApiProblem(413, tooLargeMessage(maxBytes)),
};

/**
 * The server-wide table and each interface's table, as one: interface paths under `/<name>`, and
 * the document lists them under the server or the interface they control.
 */
function joinTables(core: AdminTable, modules: InterfaceModule[]): Required<AdminTable> {
  const joined: Required<AdminTable> = {
    operations: core.operations.map((operation) => ({ ...operation, tag: 'server' })),
    handlers: { ...core.handlers },
    requests: { ...core.requests },
  };
  for (const module of modules) {
    if (!module.admin) continue;
    const { operations, handlers, requests = {} } = module.admin;
    for (const operation of operations) {
      if (joined.operations.some((o) => o.id === operation.id))
        throw new Error(`admin operation ${operation.id} of ${module.name} is declared twice`);
      joined.operations.push({
        ...operation,
        path: `/${module.name}${operation.path}`,
        tag: module.name,
      });
    }
    Object.assign(joined.handlers, handlers as Record<string, AdminHandler>);
    for (const [name, schema] of Object.entries(requests)) {
      if (Object.hasOwn(joined.requests, name))
        throw new Error(`admin schema ${name} is named twice`);
      joined.requests[name] = schema;
    }
  }
  return joined;
}

function adminDescription(table: Required<AdminTable>): InterfaceDescription<AdminAuth, undefined> {
  return {
    title: 'Reference server admin routes',
    version: '1',
    description:
      'Test control of the reference server: reset, seed and inspect the state, move the clock, ' +
      'inject faults, and each interface’s own controls. Mounted only when admin routes are on; ' +
      'they take no credentials. Every refusal is {"error": "<what was wrong>"}.',
    tags: {
      server: 'The whole server: reset, seed and state, the clock, injected faults',
      docs: 'Controls of the documentation interface',
      calendar: 'Controls of the events calendar',
      metering: 'Controls of the metering interface',
      mail: 'Controls of the inbound mail interface',
      idm: 'Controls of the identity management interface',
    },
    base: ADMIN_BASE,
    operations: table.operations,
    components: {
      responses: { AdminErrorBody },
      requests: table.requests as Record<string, $ZodType>,
    },
    errorBody: AdminErrorBody,
    securitySchemes: {},
    security: () => [],
    authorize: () => undefined,
    checks: {
      query: (c, schema) => validQuery(c, schema),
      body: (c, schema) => validBody(c, schema),
    },
  };
}

/**
 * The document, finished where the shared writer cannot tell: a body that may be left out is not
 * required, and a raw body or answer (bytes, not JSON) is shown as what it is.
 */
function withBodyDetails(document: JsonSchema, operations: AdminOperation[]): JsonSchema {
  const paths = document.paths as Record<string, Record<string, JsonSchema>>;
  for (const operation of operations) {
    for (const method of operation.methods) {
      const entry = paths[operation.path]![method.toLowerCase()]!;
      if (operation.rawBody) {
        entry.requestBody = {
          required: true,
          content: { [operation.rawBody]: { schema: { type: 'string', format: 'binary' } } },
        };
      } else if (operation.body && safeParse(operation.body, undefined).success) {
        entry.requestBody = { ...(entry.requestBody as JsonSchema), required: false };
      }
      if (operation.rawResponse) {
        const answers = entry.responses as Record<string, JsonSchema>;
        const binary = { schema: { type: 'string', format: 'binary' } };
        answers['200'] = { ...answers['200'], content: { [operation.rawResponse]: binary } };
      }
    }
  }
  return document;
}

/**
 * The test-control routes under `/__admin`, mounted only when admin routes are enabled: the
 * server-wide ones and each interface's table, declared and checked like the public routes, with
 * one error format and one OpenAPI document (`GET /__admin/openapi.json`).
 */
export function createAdminRoutes(
  modules: InterfaceModule[],
  faults: FaultInjector,
  clock: Clock,
  traffic: TrafficControl,
): Hono {
  let table: Required<AdminTable> | undefined;
  let publish: ((serverUrl: string) => JsonSchema) | undefined;
  const routeList = () =>
    table!.operations.flatMap((operation) =>
      operation.methods.map(
        (method) => `${method} ${ADMIN_BASE}${operation.path === '/' ? '' : operation.path}`,
      ),
    );
  const document = (serverUrl: string) => withBodyDetails(publish!(serverUrl), table!.operations);
  table = joinTables(
    coreAdminTable({ modules, faults, clock, traffic, routeList, document }),
    modules,
  );
  const description = adminDescription(table);
  publish = openApiPublisher(description);

  const admin = new Hono({ strict: false });
  // Hono applies a mounted app's own error handler to its routes: admin errors keep this format.
  admin.onError((error, c) => adminError(c, adminProblemOf(error)));
  admin.route(
    '/',
    mountOperations(description, refusingStrayBodies(table.operations, table.handlers)),
  );
  return admin;
}
