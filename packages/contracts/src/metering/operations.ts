import { defineContract } from '@clientkit/core';
import { MeterEventStreamBody } from './request-schemas';

/**
 * Who may call a metering operation: an API key (`sk_test_...`, `sk_live_...`), or the token of a
 * meter event session. Session requests are the stream's, and count against its rate limit.
 */
export type MeteringAuth = 'api-key' | 'session';

/**
 * The usage-metering interface: each operation keyed by its operationId, in the order of the
 * specification's endpoint table. Every POST honours an `Idempotency-Key`.
 */
export const metering = defineContract<MeteringAuth>()({
  name: 'metering',
  base: '/v2/billing',
  responses: () => import('./response-schemas'),
  operations: {
    createMeterEventSession: {
      sdk: 'sessions.create',
      method: 'POST',
      path: '/meter_event_session',
      auth: 'api-key',
      response: (r) => r.MeterEventSession,
    },
    createMeterEventStream: {
      sdk: 'events.send',
      method: 'POST',
      path: '/meter_event_stream',
      auth: 'session',
      body: MeterEventStreamBody,
      response: (r) => r.MeterEventStreamResponse,
    },
  },
});
