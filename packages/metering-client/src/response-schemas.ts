/**
 * The schemas of the usage-metering interface's answers. They are only needed to check responses
 * (`validateResponses`), so the client loads this module on demand. Response schemas are loose:
 * fields the interface adds later pass through.
 *
 * @module
 */
import * as z from '@clientkit/core/schema';
import { ZonedDateTime } from './request-schemas';

// ---- resources ----

const SESSION_OBJECT = 'v2.billing.meter_event_session';

/**
 * The session's `object`, always the same string: a custom check with its JSON Schema as a hint
 * rather than `z.literal`, which nothing else in the client uses (a module loaded on demand shares
 * its zod builders with the client's first chunk).
 */
const sessionObject = z.custom<typeof SESSION_OBJECT>(
  (value) => value === SESSION_OBJECT,
  `must be "${SESSION_OBJECT}"`,
);
// The hint is read at run time only (jsonSchemaHint), so the schema keeps its declared type.
const SessionObject = Object.assign(sessionObject, {
  jsonSchema: { type: 'string', const: SESSION_OBJECT },
}) as typeof sessionObject;

/** A short-lived session whose token authenticates the event stream. */
export const MeterEventSession = z.looseObject({
  /** The session's id. */
  id: z.string(),
  /** Always `v2.billing.meter_event_session`. */
  object: SessionObject,
  /** The bearer token the event stream takes; valid until `expires_at`. A secret: never logged. */
  authentication_token: z.string(),
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
export const MeterEventStreamResponse = z.looseObject({});
/** The stream answers an empty object: the events are validated later, asynchronously. */
export interface MeterEventStreamResponse extends z.infer<typeof MeterEventStreamResponse> {}
