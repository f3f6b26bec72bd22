/**
 * The building blocks of the metering contract (dates, names, the service version, its limits), and
 * the schemas of its requests: the events and the stream's body. Request schemas are strict: a field
 * they do not know is refused by name.
 */
import * as z from 'zod/mini';

// A field that holds another model's schema casts it to that model's interface
// (`Term as z.ZodMiniType<Term, ...>`), so that its type, and the API reference, name the model
// instead of spelling its fields out again. A cast adds no code.

/** The most events one stream request may carry. */
export const MAX_EVENTS_PER_REQUEST = 100;
/** The longest `event_name` and `identifier`, in characters (the real service's documented limit). */
export const MAX_NAME_LENGTH = 100;
/** The longest key of an event's payload, in characters: keys name meter fields, like event names. */
export const MAX_PAYLOAD_KEY_LENGTH = 100;
/**
 * The longest value of an event's payload, in characters. The real service does not document one
 * for payloads; this is its usual bound on a string parameter.
 */
export const MAX_PAYLOAD_VALUE_LENGTH = 5000;
/** How long a session token stays valid after it is created. */
export const SESSION_LIFETIME_MS = 15 * 60_000;

/** The shape of a date-time with an explicit zone; `ZonedDateTime` also checks that it is a real date. */
export const ZONED_DATE_TIME_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * An ISO 8601 date-time with an explicit zone (`Z` or `±hh:mm`): a usage moment without a zone would
 * be read in whatever zone the server happens to run in.
 */
export const ZonedDateTime = z
  .string()
  .check(
    z.refine(
      (value) => ZONED_DATE_TIME_PATTERN.test(value) && !Number.isNaN(Date.parse(value)),
      'must be an ISO 8601 date-time with a time zone, such as 2026-06-01T09:30:00.000Z',
    ),
  );

const name = z.string().check(z.minLength(1), z.maxLength(MAX_NAME_LENGTH));

/** A date-based release name such as `2026-01-28.preview`, sent as `Service-Version`. */
export const ServiceVersion = z
  .string()
  .check(
    z.refine(
      (value) =>
        /^\d{4}-\d{2}-\d{2}(\.[a-z][a-z0-9_]*)?$/.test(value) &&
        !Number.isNaN(Date.parse(value.slice(0, 10))),
      'must be a date-based release name such as 2026-01-28.preview',
    ),
  );

// ---- events ----

/** The rule a payload key named `__proto__` breaks. */
export const PROTO_KEY_RULE =
  'must not have a key named __proto__ (JavaScript objects cannot keep it as data)';

/**
 * An event's payload: string values under keys of up to 100 characters, values of up to 5000. A key
 * named `__proto__` is refused by name before the record is read, since the record would drop it
 * without a word (an object cannot keep it as data).
 */
export const MeterEventPayload = z.pipe(
  z.custom<Record<string, string>>(
    (value) => typeof value !== 'object' || value === null || !Object.hasOwn(value, '__proto__'),
    PROTO_KEY_RULE,
  ),
  z.record(
    z.string().check(z.maxLength(MAX_PAYLOAD_KEY_LENGTH)),
    z.string().check(z.maxLength(MAX_PAYLOAD_VALUE_LENGTH)),
  ),
);

/**
 * One usage event. `identifier` makes it count once however often it is sent (within 24 hours);
 * `timestamp` is when the usage happened (default: when the service receives it).
 */
export const MeterEvent = z.strictObject({
  /** The meter the event counts towards, 1 to 100 characters. */
  event_name: name,
  /**
   * The event's values as strings, such as the customer id and the `value` to count: keys of up to
   * 100 characters, values of up to 5000.
   */
  payload: MeterEventPayload,
  /**
   * Makes the event count once however often it is sent within 24 hours; the client fills one in
   * when it is missing.
   */
  identifier: z.optional(name),
  /** When the usage happened, with a time zone; without it, when the service receives the event. */
  timestamp: z.optional(ZonedDateTime),
});
/**
 * One usage event. `identifier` makes it count once however often it is sent (within 24 hours);
 * `timestamp` is when the usage happened (default: when the service receives it).
 */
export interface MeterEvent extends z.infer<typeof MeterEvent> {}

/** A meter event as it goes out from the client: always with an identifier. */
export type IdentifiedMeterEvent = MeterEvent & { identifier: string };

// ---- requests ----

/** The body of a stream request: 1 to 100 events. */
export const MeterEventStreamBody = z.strictObject({
  /** The events to count, 1 to 100. */
  events: z
    .array(MeterEvent as z.ZodMiniType<MeterEvent, z.input<typeof MeterEvent>>)
    .check(z.minLength(1), z.maxLength(MAX_EVENTS_PER_REQUEST)),
});
/** The body of a stream request: 1 to 100 events. */
export interface MeterEventStreamBody extends z.infer<typeof MeterEventStreamBody> {}

// ---- errors ----

/** The `code` of the 401 that says the session token has expired and a new session is needed. */
export const SESSION_EXPIRED_CODE = 'billing_meter_event_session_expired';
