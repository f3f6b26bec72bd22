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
      summary: 'A session whose token authenticates the event stream for 15 minutes',
      auth: 'api-key',
      response: (r) => r.MeterEventSession,
      success: { 200: 'The new session' },
      errors: {
        400: 'A malformed Service-Version or Idempotency-Key',
        401: 'No API key, or not a known one',
      },
    },
    createMeterEventStream: {
      sdk: 'events.send',
      method: 'POST',
      path: '/meter_event_stream',
      summary: 'Send 1 to 100 meter events; they are validated and counted asynchronously',
      auth: 'session',
      body: MeterEventStreamBody,
      response: (r) => r.MeterEventStreamResponse,
      success: { 200: 'The events were taken in' },
      errors: {
        400: 'A malformed Service-Version, or a body that breaks a rule (the field is named)',
        401: 'No session token, an unknown one, or one whose session expired',
        409: 'A request with the same Idempotency-Key is still being handled',
        413: 'The body is larger than 1 MiB',
        429: 'Over the rate limit; Retry-After says when to try again',
      },
    },
  },
});
