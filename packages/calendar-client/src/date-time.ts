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

const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const timestampPattern = /^\d{1,11}$/;

/** Instants are kept where every time zone still writes a four-digit year. */
const earliestMs = Date.UTC(1000, 0, 2);
const latestMs = Date.UTC(9999, 11, 30);

function instant(epochMs: number): DateTimeReading | undefined {
  return epochMs >= earliestMs && epochMs <= latestMs ? { kind: 'instant', epochMs } : undefined;
}

/** Reads a date-time text in one of the accepted forms; undefined when it is none of them. */
export function readDateTime(text: string): DateTimeReading | undefined {
  const trimmed = text.trim();
  if (timestampPattern.test(trimmed)) return instant(Number(trimmed) * 1000);
  const match = dateTimePattern.exec(trimmed);
  if (!match) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0', zone] = match;
  const local: LocalDateTime = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
  };
  if (!isValidLocal(local)) return undefined;
  if (zone === undefined) return { kind: 'local', local };
  const offsetMinutes = zoneOffsetMinutes(zone);
  if (offsetMinutes === undefined) return undefined;
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

/** A Date as the ISO 8601 text the interface reads, in UTC and to the second. */
export function formatDateForWire(date: Date): string {
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
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

function isValidLocal(local: LocalDateTime): boolean {
  if (local.month < 1 || local.month > 12 || local.day < 1) return false;
  if (local.hour > 23 || local.minute > 59 || local.second > 59) return false;
  const daysInMonth = new Date(Date.UTC(local.year, local.month, 0)).getUTCDate();
  return local.day <= daysInMonth;
}

function zoneOffsetMinutes(zone: string): number | undefined {
  if (zone.toUpperCase() === 'Z') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const minutes = Number(match[3] ?? '0');
  if (hours > 23 || minutes > 59) return undefined;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}
