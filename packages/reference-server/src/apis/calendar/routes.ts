import { NAMESPACE } from '@clientkit/contracts/calendar';
import { Hono } from 'hono';
import { mountOperations, openApiPublisher } from '../../operations';
import { ApiProblem } from '../../problem';
import type { CalendarAuth } from './auth';
import { calendarDescription, calendarSchemaWriter } from './description';
import { namespaceIndex, restRootIndex } from './discovery';
import { eventHandlers } from './event-handlers';
import type { CalendarDeps, CalendarHandlers } from './handler-context';
import { organizerHandlers, venueHandlers } from './linked-post-handlers';
import { methodOverride } from './method-override';
import { CALENDAR_BASE } from './present';
import { categoryHandlers, tagHandlers } from './term-handlers';

/** GET `/` and GET `/doc`: what the namespace offers, for people and for generators. */
function discoveryHandlers(
  document: (serverUrl: string) => unknown,
): Pick<CalendarHandlers, 'getIndex' | 'getDoc'> {
  return {
    getIndex: (c, _viewer, { query }) => {
      if (query.namespace !== undefined && query.namespace !== NAMESPACE) {
        throw new ApiProblem(
          404,
          `The namespace "${query.namespace}" is not served here`,
          'rest_invalid_namespace',
        );
      }
      return c.json(namespaceIndex());
    },
    getDoc: (c) => c.json(document(`${new URL(c.req.url).origin}${CALENDAR_BASE}`)),
  };
}

/**
 * The calendar's routes: one per row of the operation table, mounted by the shared operation
 * module (viewer, editor check, input checks), plus WordPress's REST root index. A POST that asks
 * for another method is answered by the route of that method.
 */
export function calendarRoutes(deps: CalendarDeps, auth: CalendarAuth): Hono {
  const description = calendarDescription(auth);
  const document = openApiPublisher(description, calendarSchemaWriter);
  const app = new Hono({ strict: false });
  // The REST root (`{api_root}`) lists the namespaces and routes of the whole site.
  app.get('/wp-json', (c) =>
    c.json(restRootIndex(new URL(c.req.url).origin, deps.siteTimezone, deps.store.now())),
  );
  const handlers: CalendarHandlers = {
    ...discoveryHandlers(document),
    ...eventHandlers(deps),
    ...venueHandlers(deps),
    ...organizerHandlers(deps),
    ...categoryHandlers(deps),
    ...tagHandlers(deps),
  };
  const operations = mountOperations(description, handlers);
  // A request sent on to these routes has its refusals answered by the server, as any other.
  operations.onError((error) => {
    throw error;
  });
  operations.notFound((c) => {
    throw new ApiProblem(404, `No route for ${c.req.method} ${c.req.path}`);
  });
  app.use(`${CALENDAR_BASE}/*`, methodOverride(operations));
  app.route('/', operations);
  return app;
}
