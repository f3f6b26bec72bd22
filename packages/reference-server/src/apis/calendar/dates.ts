import { type LocalDateTime, readDateTime, utcMsOf } from '@clientkit/contracts/calendar';

/**
 * Time zone arithmetic on the runtime's Intl data: the calendar stores wall-clock times with a
 * time zone, as WordPress does, and compares events by the instants they stand for.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at an instant. */
export function localAt(epochMs: number, timeZone: string): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

function offsetMsAt(epochMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  return utcMsOf(localAt(wholeSecond, timeZone)) - wholeSecond;
}

/**
 * The instant a wall-clock time in `timeZone` stands for. Two rounds settle the offset on either
 * side of a daylight-saving change; a time the change skips lands one offset step away.
 */
export function instantOf(local: LocalDateTime, timeZone: string): number {
  const asUtc = utcMsOf(local);
  const guess = asUtc - offsetMsAt(asUtc, timeZone);
  return asUtc - offsetMsAt(guess, timeZone);
}

/** `Y-m-d H:i:s`, the way the interface writes dates. */
export function formatLocal(local: LocalDateTime): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return (
    `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)} ` +
    `${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`
  );
}

/** An instant as `Y-m-d H:i:s` in `timeZone`. */
export function formatInZone(epochMs: number, timeZone: string): string {
  return formatLocal(localAt(epochMs, timeZone));
}

/** Reads a stored `Y-m-d H:i:s` text. */
export function parseLocal(text: string): LocalDateTime {
  const reading = readDateTime(text);
  if (reading?.kind !== 'local') throw new RangeError(`"${text}" is not a Y-m-d H:i:s date-time`);
  return reading.local;
}

/**
 * The instant a date-time text names: text without an offset is wall-clock time in `timeZone`.
 * The text has been checked by the request schema already.
 */
export function instantOfText(text: string, timeZone: string): number {
  const reading = readDateTime(text);
  if (!reading) throw new RangeError(`"${text}" is not a date-time`);
  return reading.kind === 'instant' ? reading.epochMs : instantOf(reading.local, timeZone);
}

/** The wall-clock time a date-time text names in `timeZone`. */
export function localOfText(text: string, timeZone: string): LocalDateTime {
  const reading = readDateTime(text);
  if (!reading) throw new RangeError(`"${text}" is not a date-time`);
  return reading.kind === 'local' ? reading.local : localAt(reading.epochMs, timeZone);
}

/** 00:00:00 of the day an instant falls on, in `timeZone`. */
export function startOfDay(epochMs: number, timeZone: string): number {
  return instantOf({ ...localAt(epochMs, timeZone), hour: 0, minute: 0, second: 0 }, timeZone);
}

/** 23:59:59 of the day an instant falls on, in `timeZone`. */
export function endOfDay(epochMs: number, timeZone: string): number {
  return instantOf({ ...localAt(epochMs, timeZone), hour: 23, minute: 59, second: 59 }, timeZone);
}

/** The same wall-clock time `months` later; a day the month lacks becomes its last day. */
export function addMonths(local: LocalDateTime, months: number): LocalDateTime {
  const monthIndex = local.month - 1 + months;
  const year = local.year + Math.floor(monthIndex / 12);
  const month = (((monthIndex % 12) + 12) % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { ...local, year, month, day: Math.min(local.day, lastDay) };
}

/** The same wall-clock time `days` later (or earlier). */
export function addDays(local: LocalDateTime, days: number): LocalDateTime {
  const shifted = new Date(utcMsOf(local) + days * 86_400_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: local.hour,
    minute: local.minute,
    second: local.second,
  };
}
