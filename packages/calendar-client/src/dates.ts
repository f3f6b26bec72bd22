/**
 * Dates as the calendar's callers give them: a `Date`, or text in one of the forms the interface
 * reads. The contract checks the text; a `Date` is turned into text here, before the check, so
 * that what is checked is what is sent.
 *
 * @module
 */

/**
 * A date-time: a `Date` (sent as ISO 8601 in UTC, to the second), or text the interface reads:
 * `Y-m-d H:i:s` (wall-clock time in the event's or the site's time zone), ISO 8601, or a Unix
 * timestamp in seconds.
 */
export type DateTimeInput = Date | string;

/** The fields named `Dates` of `Wire` (its text dates) accept a `Date` too. */
export type WithDateInputs<Wire, Dates extends keyof Wire> = {
  [Key in keyof Wire]: Key extends Dates ? Exclude<Wire[Key], string> | DateTimeInput : Wire[Key];
};

/** The same input with every `Date` turned into text. */
type AsWire<Input> = { [Key in keyof Input]: Exclude<Input[Key], Date> };

/**
 * A Date as the ISO 8601 text the interface reads, in UTC and to the second. An invalid Date
 * becomes text that the contract refuses, naming the field.
 *
 * @example
 * formatDateForWire(new Date('2026-07-01T18:00:00.250Z')); // '2026-07-01T18:00:00Z'
 */
export function formatDateForWire(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The input with the `Date` values of the named fields turned into text; anything else is left
 * for the contract to check (and refuse by name when it is wrong).
 */
export function wireDates<Input>(input: Input, fields: readonly string[]): AsWire<Input> {
  if (input === null || typeof input !== 'object') return input as AsWire<Input>;
  const given = input as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const field of fields) {
    const value = Object.hasOwn(given, field) ? given[field] : undefined;
    if (!(value instanceof Date)) continue;
    copy ??= { ...given };
    copy[field] = formatDateForWire(value);
  }
  return (copy ?? given) as AsWire<Input>;
}

/** The date filters of an event listing. */
export const EVENT_FILTER_DATES = [
  'start_date',
  'end_date',
  'starts_before',
  'starts_after',
  'ends_before',
  'ends_after',
] as const;

/** The dates of a post: when it is (or was) published, in the site's time zone and in UTC. */
export const PUBLICATION_DATES = ['date', 'date_utc'] as const;

/** The dates of an event: when it starts and ends, and when it is published. */
export const EVENT_DATES = ['start_date', 'end_date', ...PUBLICATION_DATES] as const;
