/**
 * The date-time forms the calendar interface reads: `Y-m-d H:i:s` (or a shorter `Y-m-d H:i`,
 * `Y-m-d`), ISO 8601 with an optional offset, and a Unix timestamp in seconds. Text without an
 * offset is wall-clock time, which the server places in a time zone (the event's, or the site's for
 * filters); text with an offset and timestamps name one instant.
 *
 * @module
 */

/** A wall-clock date and time, without a time zone. Months are 1 to 12. */
export interface LocalDateTime {
  /** The full year, such as 2026. */
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to 31. */
  day: number;
  /** 0 to 23. */
  hour: number;
  /** 0 to 59. */
  minute: number;
  /** 0 to 59. */
  second: number;
}

/** What a date-time text says: a wall-clock time to place in a zone, or one instant. */
export type DateTimeReading =
  | { kind: 'local'; local: LocalDateTime }
  | { kind: 'instant'; epochMs: number };

// Groups: year, month, day, hour, minute, second, then the zone: all of it, its sign, hours, minutes.
const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|([+-])(\d{2})(?::?(\d{2}))?)?)?$/i;

/** The groups of `dateTimePattern` as numbers (the whole match, the zone and its sign unused). */
type DateTimeParts = [
  unknown,
  number,
  number,
  number,
  number,
  number,
  number,
  unknown,
  unknown,
  number,
  number,
];

/** Instants are kept where every time zone still writes a four-digit year. */
const earliestMs = Date.UTC(1000, 0, 2);
const latestMs = Date.UTC(9999, 11, 30);

function instant(epochMs: number): DateTimeReading | undefined {
  return epochMs >= earliestMs && epochMs <= latestMs ? { kind: 'instant', epochMs } : undefined;
}

/** Reads a date-time text in one of the accepted forms; undefined when it is none of them. */
export function readDateTime(text: string): DateTimeReading | undefined {
  const trimmed = text.trim();
  if (/^\d{1,11}$/.test(trimmed)) return instant(Number(trimmed) * 1000);
  const match = dateTimePattern.exec(trimmed);
  if (!match) return undefined;
  // Missing parts (time, offset minutes) are 0; a `Z` zone has neither sign nor digits, so offset 0.
  const [, year, month, day, hour, minute, second, , , zoneHours, zoneMinutes] = match.map(
    (part = '0') => Number(part),
  ) as DateTimeParts;
  const local: LocalDateTime = { year, month, day, hour, minute, second };
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59)
    return undefined;
  // Day 0 of the next month is the last day of this one.
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return undefined;
  if (match[7] === undefined) return { kind: 'local', local };
  if (zoneHours > 23 || zoneMinutes > 59) return undefined;
  const offsetMinutes = (match[8] === '-' ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  return instant(utcMsOf(local) - offsetMinutes * 60_000);
}

/** True for text in one of the accepted date-time forms. */
export function isDateTimeText(text: string): boolean {
  return readDateTime(text) !== undefined;
}

/** Milliseconds since the epoch of a wall-clock time read as UTC. */
export function utcMsOf(local: LocalDateTime): number {
  return Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
}

/** True for an IANA time zone name the runtime knows, such as `Europe/Paris` or `UTC`. */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
