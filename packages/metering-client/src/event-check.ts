import {
  type IdentifiedMeterEvent,
  MAX_NAME_LENGTH,
  MAX_PAYLOAD_KEY_LENGTH,
  MAX_PAYLOAD_VALUE_LENGTH,
  type MeterEvent,
  MeterEvent as MeterEventSchema,
  ZONED_DATE_TIME_PATTERN,
} from '@clientkit/contracts/metering';
import { validateInput } from '@clientkit/core/contract';
import { withIdentifier } from './identifier';

/**
 * Checks one event for the stream and returns a copy of it (payload included, so that later changes
 * to the caller's object cannot alter what is sent) with an identifier.
 *
 * The stream checks every event as it is pushed, and parsing each one with the zod schema cost more
 * CPU than the rest of the client's work per event put together. So a plain check decides the common
 * case: it accepts only what the schema accepts (a property test holds it to that), and anything it
 * is unsure of goes to the schema, which stays the authority and names the field and rule it breaks.
 */
export function checkEvent(event: MeterEvent): IdentifiedMeterEvent {
  return quickCopy(event) ?? withIdentifier(validateInput(MeterEventSchema, event, 'meter event'));
}

const isName = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= MAX_NAME_LENGTH;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The copy when the event is certainly valid, otherwise undefined (valid or not: the schema decides). */
function quickCopy(event: unknown): IdentifiedMeterEvent | undefined {
  if (!isPlainObject(event)) return undefined;
  for (const key in event) {
    if (key !== 'event_name' && key !== 'payload' && key !== 'identifier' && key !== 'timestamp') {
      return undefined;
    }
  }
  const { event_name, payload, identifier, timestamp } = event;
  if (!isName(event_name) || !isPlainObject(payload)) return undefined;
  if (identifier !== undefined && !isName(identifier)) return undefined;
  if (
    timestamp !== undefined &&
    (typeof timestamp !== 'string' ||
      !ZONED_DATE_TIME_PATTERN.test(timestamp) ||
      Number.isNaN(Date.parse(timestamp)))
  ) {
    return undefined;
  }
  const payloadCopy: Record<string, string> = {};
  for (const key in payload) {
    const value = payload[key];
    // An own `__proto__` key cannot be copied by assignment: the schema's parse handles it.
    if (typeof value !== 'string' || key === '__proto__') return undefined;
    if (key.length > MAX_PAYLOAD_KEY_LENGTH || value.length > MAX_PAYLOAD_VALUE_LENGTH) {
      return undefined;
    }
    payloadCopy[key] = value;
  }
  const copy: IdentifiedMeterEvent = {
    event_name,
    payload: payloadCopy,
    identifier: identifier ?? crypto.randomUUID(),
  };
  if (timestamp !== undefined) copy.timestamp = timestamp;
  return copy;
}
