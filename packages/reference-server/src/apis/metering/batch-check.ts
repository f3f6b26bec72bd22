import {
  MAX_EVENTS_PER_REQUEST,
  MAX_NAME_LENGTH,
  MAX_PAYLOAD_KEY_LENGTH,
  MAX_PAYLOAD_VALUE_LENGTH,
  type MeterEventStreamBody,
  ZONED_DATE_TIME_PATTERN,
} from '@clientkit/contracts/metering';

/**
 * The stream's fast path: true when a parsed body is certainly a valid batch, by plain loops. The
 * stream is the throughput path and checking each event with the zod schema cost more than the rest
 * of a request's work per event, so the common case is decided here; anything this is unsure of goes
 * to the schema, which stays the authority and names the field and rule broken. A property test
 * holds it to accepting only what the schema accepts, unchanged.
 */
export function isCertainlyValidBatch(body: unknown): body is MeterEventStreamBody {
  if (!isPlainObject(body)) return false;
  for (const key in body) if (key !== 'events') return false;
  const events = body.events;
  if (!Array.isArray(events) || events.length < 1 || events.length > MAX_EVENTS_PER_REQUEST) {
    return false;
  }
  for (const event of events) if (!isCertainlyValidEvent(event)) return false;
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

const isName = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= MAX_NAME_LENGTH;

function isTimestamp(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    ZONED_DATE_TIME_PATTERN.test(value) &&
    !Number.isNaN(Date.parse(value))
  );
}

function isCertainlyValidEvent(event: unknown): boolean {
  if (!isPlainObject(event)) return false;
  for (const key in event) {
    if (key !== 'event_name' && key !== 'payload' && key !== 'identifier' && key !== 'timestamp') {
      return false;
    }
  }
  const { event_name, payload, identifier, timestamp } = event;
  if (!isName(event_name) || !isPlainObject(payload)) return false;
  if (identifier !== undefined && !isName(identifier)) return false;
  if (timestamp !== undefined && !isTimestamp(timestamp)) return false;
  for (const key in payload) {
    const value = payload[key];
    // A key named __proto__ is refused by the schema, by name.
    if (key === '__proto__' || key.length > MAX_PAYLOAD_KEY_LENGTH) return false;
    if (typeof value !== 'string' || value.length > MAX_PAYLOAD_VALUE_LENGTH) return false;
  }
  return true;
}
