import { MeterEventStreamBody } from '@clientkit/metering-client/schemas';
import { Hono } from 'hono';
import { bodyOf, mountOperations, type OperationHandler, openApiPublisher } from '../../operations';
import { METERING_BASE, type MeteringPrincipal, meteringDescription } from './description';
import { idempotency } from './idempotency';
import type { MeteringRouteState } from './state';

export { DEFAULT_RELEASE } from './auth';
export { METERING_BASE } from './description';
export type { MeteringRouteState } from './state';

/** Where the interface's OpenAPI document is published, under its base path. */
export const METERING_OPENAPI_PATH = `${METERING_BASE}/openapi.json`;

function meteringHandlers(
  state: MeteringRouteState,
): Record<string, OperationHandler<MeteringPrincipal>> {
  return {
    // Each answer is made before its one write, so a request that fails (even in serializing
    // its answer) leaves no session and no events behind.
    createMeterEventSession: (c, principal) => {
      const session = state.sessions.open(principal.livemode);
      c.header('service-version', principal.release);
      const answer = c.json(session.record);
      session.keep();
      return answer;
    },
    createMeterEventStream: (c, principal, input) => {
      const { events } = bodyOf(input, MeterEventStreamBody);
      c.header('service-version', principal.release);
      const answer = c.json({});
      state.ledger.receive(events, principal.livemode);
      return answer;
    },
  };
}

/**
 * The metering routes: one per row of its operation table, mounted by the shared operation module,
 * behind the Idempotency-Key replay, and its OpenAPI document (public: it reveals no data).
 */
export function meteringRoutes(state: MeteringRouteState): Hono {
  const description = meteringDescription(state);
  const document = openApiPublisher(description);
  const app = new Hono({ strict: false });
  app.use(`${METERING_BASE}/*`, idempotency(state.idempotencyKeys));
  app.get(METERING_OPENAPI_PATH, (c) =>
    c.json(document(`${new URL(c.req.url).origin}${METERING_BASE}`)),
  );
  app.route('/', mountOperations(description, meteringHandlers(state)));
  return app;
}
