/**
 * The wire contract of the events calendar interface, as zod schemas. The client checks its inputs
 * with them and the reference server validates requests with the same ones (and generates its
 * OpenAPI document from them), so the three can never disagree. Request schemas are strict: a field
 * they do not know is refused by name rather than dropped (`calendar.request()` sends what they do
 * not know yet). Response schemas are loose: fields the interface adds later pass through.
 *
 * @module
 */

export {
  type DateTimeReading,
  formatDateForWire,
  isDateTimeText,
  isTimeZone,
  type LocalDateTime,
  readDateTime,
  utcMsOf,
} from './date-time';
export * from './request-schemas';
export * from './response-schemas';
