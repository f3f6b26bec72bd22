import { IndexQuery, NAMESPACE } from '@clientkit/calendar-client/schemas';
import { Hono } from 'hono';
import { ApiProblem } from '../../problem';
import type { CalendarAuth } from './auth';
import { namespaceIndex, openApiDocument, restRootIndex } from './discovery';
import { checkQuery } from './errors';
import { eventHandlers } from './event-handlers';
import type { CalendarDeps, Handler } from './handler-context';
import { organizerHandlers, venueHandlers } from './linked-post-handlers';
import { calendarOperations } from './operations';
import { CALENDAR_BASE } from './present';
import { categoryHandlers, tagHandlers } from './term-handlers';

/** GET `/` and GET `/doc`: what the namespace offers, for people and for generators. */
function discoveryHandlers(): Record<string, Handler> {
  return {
    getIndex: (c) => {
      const query = checkQuery(c, IndexQuery);
      if (query.namespace !== undefined && query.namespace !== NAMESPACE) {
        throw new ApiProblem(
          404,
          `The namespace "${query.namespace}" is not served here`,
          'rest_invalid_namespace',
        );
      }
      return c.json(namespaceIndex());
    },
    getDoc: (c) => c.json(openApiDocument(`${new URL(c.req.url).origin}/wp-json`)),
  };
}

/** `{id}` matches digits only, so `/events/abc` is an unknown route, as in WordPress. */
function honoPath(path: string): string {
  const pattern = path.replace('{id}', ':id{[0-9]+}').replace('{slug}', ':slug');
  return `${CALENDAR_BASE}${pattern === '/' ? '' : pattern}`;
}

/**
 * The calendar's routes, one per row of the operation table. Every request is first given its
 * viewer (refusing wrong credentials); the handlers hold only the behaviour of their endpoint.
 */
export function calendarRoutes(deps: CalendarDeps, auth: CalendarAuth): Hono {
  const handlers: Record<string, Handler> = {
    ...discoveryHandlers(),
    ...eventHandlers(deps),
    ...venueHandlers(deps),
    ...organizerHandlers(deps),
    ...categoryHandlers(deps),
    ...tagHandlers(deps),
  };
  const app = new Hono({ strict: false });
  // The REST root (`{api_root}`) lists the namespaces and routes of the whole site.
  app.get('/wp-json', (c) =>
    c.json(restRootIndex(new URL(c.req.url).origin, deps.siteTimezone, deps.store.now())),
  );
  for (const operation of calendarOperations) {
    const handler = handlers[operation.id];
    if (!handler) throw new Error(`no handler for the calendar operation ${operation.id}`);
    app.on(operation.methods, honoPath(operation.path), (c) => handler(c, auth.viewerOf(c)));
  }
  return app;
}
