/**
 * The schemas of the usage-metering interface's error bodies. The transport reads an error body's
 * `code` and `message` without them, so the client never loads this module: it is part of the
 * `schemas` entry, for the reference server and for applications that check error bodies themselves.
 * Kept apart from the response schemas because a module the client may load on demand shares its
 * zod builders with the client's bundle (a bundler keeps a whole file in one chunk), and these use
 * builders nothing else in the client needs.
 *
 * @module
 */
import * as z from '@clientkit/core/schema';

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
export const MeteringErrorBody = z.looseObject({
  /** What went wrong: its `type`, a `code` for some errors, and a `message` for people. */
  error: z.looseObject({
    type: z.string(),
    code: z.optional(z.string()),
    message: z.string(),
  }),
});
/** Every error: `{ error: { type, code?, message } }`. */
export interface MeteringErrorBody extends z.infer<typeof MeteringErrorBody> {}
