import type { EventListQuery, PublicationStatus } from '@clientkit/contracts/calendar';
import type { output } from 'zod/v4/core';
import { addMonths, endOfDay, instantOf, instantOfText, localAt, startOfDay } from './dates';
import { eventSpan } from './present';
import type { StoredEvent, StoredVenue } from './state';

export type EventQuery = output<typeof EventListQuery>;

/** What selecting events needs besides the query. */
export interface EventSelection {
  now: number;
  siteTimezone: string;
  /** The one status the listing shows (publish unless an editor asked for another). */
  status: PublicationStatus;
  venue: (id: number) => StoredVenue | undefined;
}

type Predicate = (event: StoredEvent, span: { start: number; end: number }) => boolean;

/**
 * The bounds of the date filters. Text without an offset is read in the site's time zone.
 * Without `strict_dates`, lower bounds move to 00:00:00 of their day and upper bounds to
 * 23:59:59, so that a date names the whole day. `start_date` defaults to the start of today and
 * `end_date` to 24 months after `start_date`.
 */
function datePredicates(query: EventQuery, selection: EventSelection): Predicate[] {
  const zone = selection.siteTimezone;
  const strict = query.strict_dates === true;
  const at = (text: string) => instantOfText(text, zone);
  const lower = (text: string) => (strict ? at(text) : startOfDay(at(text), zone));
  const upper = (text: string) => (strict ? at(text) : endOfDay(at(text), zone));

  const from =
    query.start_date === undefined ? startOfDay(selection.now, zone) : lower(query.start_date);
  const defaultUntil = instantOf(addMonths(localAt(from, zone), 24), zone);
  const until =
    query.end_date === undefined
      ? strict
        ? defaultUntil
        : endOfDay(defaultUntil, zone)
      : upper(query.end_date);

  const predicates: Predicate[] = [(_, span) => span.start >= from, (_, span) => span.end <= until];
  const { starts_after, starts_before, ends_after, ends_before } = query;
  if (starts_after !== undefined) {
    const bound = lower(starts_after);
    predicates.push((_, span) => (strict ? span.start > bound : span.start >= bound));
  }
  if (starts_before !== undefined) {
    const bound = upper(starts_before);
    predicates.push((_, span) => (strict ? span.start < bound : span.start <= bound));
  }
  if (ends_after !== undefined) {
    const bound = lower(ends_after);
    predicates.push((_, span) => (strict ? span.end > bound : span.end >= bound));
  }
  if (ends_before !== undefined) {
    const bound = upper(ends_before);
    predicates.push((_, span) => (strict ? span.end < bound : span.end <= bound));
  }
  return predicates;
}

const anyOf = (wanted: number[] | undefined, has: number[]) =>
  wanted === undefined || wanted.some((id) => has.includes(id));

function contains(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.toLowerCase());
}

/** Great-circle distance in kilometres. */
export function distanceKm(
  from: { lat: number; lng: number },
  to: { lat: number; lng: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(to.lat - from.lat);
  const dLng = radians(to.lng - from.lng);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * Math.sin(dLng / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

/**
 * The events a listing shows, in order: earliest start first (then lowest id), or nearest venue
 * first when `geoloc_lat` and `geoloc_lng` are given. The geolocation filters are only reached
 * when the professional add-on is on (the route refuses them otherwise).
 */
export function selectEvents(
  events: StoredEvent[],
  query: EventQuery,
  selection: EventSelection,
): StoredEvent[] {
  const coordinatesOf = (event: StoredEvent) => {
    const venue = event.venue === null ? undefined : selection.venue(event.venue);
    if (!venue || venue.geo_lat === null || venue.geo_lng === null) return undefined;
    return { lat: venue.geo_lat, lng: venue.geo_lng };
  };
  const predicates: Predicate[] = [(event) => event.status === selection.status];
  if (query.include !== undefined) {
    const include = query.include;
    predicates.push((event) => include.includes(event.id));
  } else {
    predicates.push(...datePredicates(query, selection));
  }
  const { search } = query;
  if (search !== undefined && search !== '') {
    predicates.push(
      (event) => contains(event.title, search) || contains(event.description, search),
    );
  }
  predicates.push(
    (event) => anyOf(query.categories, event.categories),
    (event) => anyOf(query.tags, event.tags),
    (event) => anyOf(query.venue, event.venue === null ? [] : [event.venue]),
    (event) => anyOf(query.organizer, event.organizer),
  );
  if (query.featured !== undefined) predicates.push((event) => event.featured === query.featured);
  if (query.ticketed !== undefined) predicates.push((event) => event.ticketed === query.ticketed);
  if (query.post_parent !== undefined) {
    predicates.push((event) => event.post_parent === query.post_parent);
  }
  const point =
    query.geoloc_lat !== undefined && query.geoloc_lng !== undefined
      ? { lat: query.geoloc_lat, lng: query.geoloc_lng }
      : undefined;
  if (query.geoloc !== undefined) {
    predicates.push((event) => (coordinatesOf(event) !== undefined) === query.geoloc);
  }
  if (point) predicates.push((event) => coordinatesOf(event) !== undefined);

  const selected = events
    .map((event) => ({ event, span: eventSpan(event) }))
    .filter(({ event, span }) => predicates.every((predicate) => predicate(event, span)));
  selected.sort((a, b) => {
    if (point) {
      const byDistance =
        distanceKm(point, coordinatesOf(a.event)!) - distanceKm(point, coordinatesOf(b.event)!);
      if (byDistance !== 0) return byDistance;
    }
    return a.span.start - b.span.start || a.event.id - b.event.id;
  });
  return selected.map(({ event }) => event);
}
