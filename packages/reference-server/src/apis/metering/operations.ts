import {
  MeterEventSession,
  MeterEventStreamBody,
  MeterEventStreamResponse,
} from '@clientkit/metering-client/schemas';
import type { Operation } from '../../operations';

/**
 * Who may call a metering operation: an API key (`sk_test_...`, `sk_live_...`), or the token of a
 * meter event session. Session requests are the stream's, and count against its rate limit.
 */
export type MeteringAuth = 'api-key' | 'session';

export type MeteringOperation = Operation<MeteringAuth>;

const VERSION_OR_BODY =
  'A malformed Service-Version, or a body that breaks a rule (the field is named)';

/** Both operations of the metering interface, in the order of the specification's endpoint table. */
export const meteringOperations: MeteringOperation[] = [
  {
    id: 'createMeterEventSession',
    methods: ['POST'],
    path: '/meter_event_session',
    summary: 'A session whose token authenticates the event stream for 15 minutes',
    auth: 'api-key',
    response: MeterEventSession,
    success: { 200: 'The new session' },
    errors: {
      400: 'A malformed Service-Version or Idempotency-Key',
      401: 'No API key, or not a known one',
    },
  },
  {
    id: 'createMeterEventStream',
    methods: ['POST'],
    path: '/meter_event_stream',
    summary: 'Send 1 to 100 meter events; they are validated and counted asynchronously',
    auth: 'session',
    body: MeterEventStreamBody,
    response: MeterEventStreamResponse,
    success: { 200: 'The events were taken in' },
    errors: {
      400: VERSION_OR_BODY,
      401: 'No session token, an unknown one, or one whose session expired',
      409: 'A request with the same Idempotency-Key is still being handled',
      413: 'The body is larger than 1 MiB',
      429: 'Over the rate limit; Retry-After says when to try again',
    },
  },
];
