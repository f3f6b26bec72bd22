import { defineContract } from '@clientkit/core/contract';
import { MeterEventStreamBody } from './request-schemas';
import { MeterEventSession, MeterEventStreamResponse } from './response-schemas';

/**
 * The usage-metering interface: each operation keyed by its operationId, in the order of the
 * specification's endpoint table. Every POST honours an `Idempotency-Key`.
 */
export const metering = defineContract({
  name: 'metering',
  base: '/v2/billing',
  operations: {
    createMeterEventSession: {
      sdk: 'sessions.create',
      method: 'POST',
      path: '/meter_event_session',
      response: MeterEventSession,
    },
    createMeterEventStream: {
      sdk: 'events.send',
      method: 'POST',
      path: '/meter_event_stream',
      body: MeterEventStreamBody,
      response: MeterEventStreamResponse,
    },
  },
});
