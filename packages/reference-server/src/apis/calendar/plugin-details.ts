import type { CostDetails, DateDetails } from '@clientkit/contracts/calendar';
import { instantOf, parseLocal } from './dates';

/**
 * The derived fields the calendar plugin adds to its records: date parts, the time zone's
 * abbreviation, cost details and global ids.
 */

/** The parts of a `Y-m-d H:i:s` date as zero-padded text, as the plugin splits them. */
export function dateDetails(text: string): DateDetails {
  const [date = '', time = ''] = text.split(' ');
  const [year = '', month = '', day = ''] = date.split('-');
  const [hour = '', minutes = '', seconds = ''] = time.split(':');
  return { year, month, day, hour, minutes, seconds };
}

function icuAbbreviation(epochMs: number, timeZone: string, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(
    epochMs,
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * The abbreviation of a time zone at the event's start, as PHP's `T` format gives it: the name
 * where the zone has one (`EST`, `CET`, `UTC`), otherwise the offset (`+09`, `+0530`). ICU names
 * US zones in en-US and European ones in en-GB; zones it names only by offset get the offset.
 */
export function timezoneAbbreviation(startLocal: string, timeZone: string): string {
  const at = instantOf(parseLocal(startLocal), timeZone);
  for (const locale of ['en-US', 'en-GB']) {
    const name = icuAbbreviation(at, timeZone, locale);
    if (name !== '' && !/^GMT[+-]/.test(name)) return name;
  }
  const offset = /^GMT([+-])(\d{1,2})(?::(\d{2}))?$/.exec(icuAbbreviation(at, timeZone, 'en-US'));
  if (!offset) return 'UTC';
  const [, sign, hours = '0', minutes] = offset;
  return `${sign}${hours.padStart(2, '0')}${minutes ?? ''}`;
}

/**
 * The cost's amounts in ascending order: each number found in the cost text ("25 - 40" gives 25
 * and 40); text without numbers ("Free") is its own single value; no cost gives none.
 */
export function costValues(cost: string): string[] {
  const numbers = cost.match(/\d+(?:\.\d+)?/g);
  if (!numbers) return cost.trim() === '' ? [] : [cost.trim()];
  return [...numbers].sort((a, b) => Number(a) - Number(b));
}

export function costDetails(
  cost: string,
  currency: { symbol?: string | undefined; position?: string | undefined },
): CostDetails {
  return {
    currency_symbol: currency.symbol ?? '',
    currency_position: currency.position ?? '',
    values: costValues(cost),
  };
}

/**
 * A record's global id: the site's host and path with the post id as query, the form the plugin
 * uses to recognise records across sites. The lineage starts with it (imports would add theirs).
 */
export function globalIdOf(
  origin: string,
  id: number,
): { global_id: string; global_id_lineage: string[] } {
  const global = `${new URL(origin).hostname}?id=${id}`;
  return { global_id: global, global_id_lineage: [global] };
}
