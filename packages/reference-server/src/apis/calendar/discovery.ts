import { NAMESPACE } from '@clientkit/contracts/calendar';
import { type JsonSchema, pathParameterNames } from '../../operations';
import { formatInZone } from './dates';
import {
  type CalendarOperation,
  calendarOperations,
  calendarPathParameters,
  calendarSchemaWriter,
} from './description';

/**
 * What WordPress answers about its routes: the namespace index and the REST root index, both
 * generated from the contract's operations and schemas (the OpenAPI document comes from the same
 * operations, through the shared operation module).
 */

/** The route of an operation as WordPress writes it, with named regex groups. */
function wordpressRoute(path: string): string {
  const pattern = path.replace('{id}', '(?P<id>\\d+)').replace('{slug}', '(?P<slug>[^/]+)');
  return `/${NAMESPACE}${pattern === '/' ? '' : pattern}`;
}

function argumentsOf(operation: CalendarOperation): Record<string, JsonSchema> {
  const args: Record<string, JsonSchema> = {};
  for (const name of pathParameterNames(operation.path)) {
    args[name] = { ...calendarPathParameters[name]?.schema, required: true };
  }
  for (const schema of [operation.query, operation.body]) {
    if (!schema) continue;
    const json = calendarSchemaWriter.of(schema, 'input');
    const required = (json.required ?? []) as string[];
    for (const [name, property] of Object.entries(
      (json.properties ?? {}) as Record<string, JsonSchema>,
    )) {
      args[name] = {
        ...property,
        ...(operation.defaults && name in operation.defaults
          ? { default: operation.defaults[name] }
          : {}),
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
