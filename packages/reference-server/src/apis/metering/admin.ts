import { z } from 'zod/mini';
import { type AdminTable, adminOperation } from '../../admin/table';
import { bodyOf } from '../../operations';
import { ApiProblem } from '../../problem';
import type { MeteringControl } from './control';

const MeteringRateLimitRequest = z.strictObject({ requests: z.number(), perMs: z.number() });
const MeteringApiKeyRequest = z.optional(z.strictObject({ livemode: z.optional(z.boolean()) }));

/**
 * Test control under `/__admin/metering`: counted events, lookups by identifier, the error report,
 * sessions, the rate limit and new API keys. Counting is asynchronous: `POST /__admin/clock` with
 * `{ "advance": 0 }` runs the pending validation first.
 */
export function meteringAdminTable(control: MeteringControl): AdminTable {
  const rateLimit = () => ({ rateLimit: control.rateLimit() ?? null });
  return {
    operations: [
      adminOperation('listCountedEvents', 'GET', '/events', 'Counted, repeated and pending events'),
      adminOperation('getCountedEvent', 'GET', '/events/{identifier}', 'A counted event', {
        errors: { 404: 'No counted event has this identifier' },
      }),
      adminOperation('getMeteringErrors', 'GET', '/errors', 'The error report'),
      adminOperation('getMeteringSessions', 'GET', '/sessions', 'Sessions created and active'),
      adminOperation('getMeteringRateLimit', 'GET', '/rate-limit', 'The rate limit, or null'),
      adminOperation('setMeteringRateLimit', 'PUT', '/rate-limit', 'Limit the requests', {
        body: MeteringRateLimitRequest,
        errors: { 400: 'A limit that is not valid' },
      }),
      adminOperation('clearMeteringRateLimit', 'DELETE', '/rate-limit', 'No rate limit', {
        success: { 204: 'Cleared' },
      }),
      adminOperation('mintMeteringApiKey', 'POST', '/api-keys', 'A new test or live API key', {
        body: MeteringApiKeyRequest,
        success: { 201: 'Minted' },
      }),
    ],
    handlers: {
      listCountedEvents: (c) =>
        c.json({
          ...control.counted(),
          repeats: control.repeats(),
          pending: control.pendingEvents(),
        }),
      getCountedEvent: (c) => {
        const event = control.lookup(c.req.param('identifier')!);
        if (!event) throw new ApiProblem(404, 'No counted event has this identifier');
        return c.json(event);
      },
      getMeteringErrors: (c) => c.json({ errors: control.errorReport() }),
      getMeteringSessions: (c) => c.json(control.sessions()),
      getMeteringRateLimit: (c) => c.json(rateLimit()),
      setMeteringRateLimit: (c, _, input) => {
        control.setRateLimit(bodyOf(input, MeteringRateLimitRequest));
        return c.json(rateLimit());
      },
      clearMeteringRateLimit: (c) => {
        control.setRateLimit(undefined);
        return c.body(null, 204);
      },
      mintMeteringApiKey: (c, _, input) => {
        const livemode = bodyOf(input, MeteringApiKeyRequest)?.livemode === true;
        return c.json({ apiKey: control.mintApiKey({ livemode }) }, 201);
      },
    },
    requests: { MeteringRateLimitRequest, MeteringApiKeyRequest },
  };
}
