/**
 * The schemas of the usage-metering interface's answers: the session, the stream's answer and the
 * error body, which type what the client resolves with and which `validateResponses` checks
 * answers against. Response schemas are loose: fields the interface adds later pass through.
 *
 * @module
 */
import { secret } from '@clientkit/core/contract';
import * as z from 'zod/mini';
import { record } from '../common';
import { ZonedDateTime } from './request-schemas';

// ---- resources ----

/** A short-lived session whose token authenticates the event stream. */
export const MeterEventSession = record({
  /** The session's id. */
  id: z.string(),
  /** Always `v2.billing.meter_event_session`. */
  object: z.literal('v2.billing.meter_event_session'),
  /** The bearer token the event stream takes; valid until `expires_at`. A secret: logs show `[redacted]`. */
  authentication_token: secret(z.string()),
  /** When the session was created: ISO 8601, UTC, milliseconds. */
  created: ZonedDateTime,
  /** When the token stops being accepted, 15 minutes after `created`. */
  expires_at: ZonedDateTime,
  /** True for a session made with a live-mode key (`sk_live_...`), false for test mode. */
  livemode: z.boolean(),
});
/** A short-lived session whose token authenticates the event stream. */
export interface MeterEventSession extends z.infer<typeof MeterEventSession> {}

// ---- responses ----

/** The stream answers an empty object: the events are validated later, asynchronously. */
export const MeterEventStreamResponse = record({});
/** The stream answers an empty object: the events are validated later, asynchronously. */
export interface MeterEventStreamResponse extends z.infer<typeof MeterEventStreamResponse> {}

// ---- errors ----

/**
 * The error types the interface answers with. `idempotency_error`: an `Idempotency-Key` was reused
 * with another request (400), or its first request is still being handled (409).
 */
export const MeteringErrorType = z.enum([
  'authentication_error',
  'temporary_session_expired',
  'invalid_request_error',
  'idempotency_error',
  'rate_limit',
  'api_error',
]);
export type MeteringErrorType = z.infer<typeof MeteringErrorType>;

/**
 * Every error: `{ error: { type, code, message } }`. Every 4xx carries a `code` (such as
 * `api_key_invalid`, `billing_meter_event_session_expired`, `idempotency_key_reused`); a 5xx may not.
 */
export const MeteringErrorBody = record({
  /** What went wrong: its `type`, a `code` for some errors, and a `message` for people. */
  error: record({
    type: z.string(),
    code: z.optional(z.string()),
    message: z.string(),
  }),
});
/** Every error: `{ error: { type, code?, message } }`. */
export interface MeteringErrorBody extends z.infer<typeof MeteringErrorBody> {}
