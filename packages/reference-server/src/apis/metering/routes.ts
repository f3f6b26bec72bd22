import type { metering } from '@clientkit/contracts/metering';
import { Hono } from 'hono';
import { type HandlersOf, mountOperations, openApiPublisher } from '../../operations';
import { METERING_BASE, type MeteringPrincipal, meteringDescription } from './description';
import { idempotency } from './idempotency';
import type { MeteringRouteState } from './state';

export { DEFAULT_RELEASE } from './auth';
export { METERING_BASE } from './description';
export type { MeteringRouteState } from './state';

/** Where the interface's OpenAPI document is published, under its base path. */
export const METERING_OPENAPI_PATH = `${METERING_BASE}/openapi.json`;

/** The behaviour of each metering operation, keyed by operationId; auth and input are checked before. */
function meteringHandlers(
  state: MeteringRouteState,
): HandlersOf<typeof metering, MeteringPrincipal> {
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
    createMeterEventStream: (c, principal, { body: { events } }) => {
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
