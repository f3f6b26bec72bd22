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
    createMeterEventSession: (c, principal) => {
      c.header('service-version', principal.release);
      return c.json(state.sessions.create(principal.livemode));
    },
    createMeterEventStream: (c, principal, input) => {
      state.ledger.receive(bodyOf(input, MeterEventStreamBody).events, principal.livemode);
      c.header('service-version', principal.release);
      return c.json({});
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
