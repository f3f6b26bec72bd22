import type { UpdateEventBody } from '@clientkit/contracts/calendar';
import type { output } from 'zod/v4/core';
import type { Viewer } from './auth';
import { formatLocal, instantOf, localOfText, parseLocal } from './dates';
import { invalidParams } from './errors';
import { missingIds, writePostFields } from './post-writes';
import type { StoredEvent } from './state';
import type { CalendarStore } from './store';

/** A create body is an update body whose title and dates are present. */
export type EventWrite = output<typeof UpdateEventBody>;

/**
 * When an event happens. Text dates without an offset are wall-clock times in the event's time
 * zone; changing only the time zone keeps the wall-clock times. All-day events run from 00:00:00
 * of their first day to 23:59:59 of their last.
 */
function schedule(
  existing: StoredEvent | undefined,
  input: EventWrite,
  siteTimezone: string,
  problems: Record<string, string>,
): Pick<StoredEvent, 'start_date' | 'end_date' | 'timezone' | 'all_day'> {
  const timezone = input.timezone ?? existing?.timezone ?? siteTimezone;
  const allDay = input.all_day ?? existing?.all_day ?? false;
  const localOf = (given: string | undefined, stored: string | undefined) =>
    given === undefined ? parseLocal(stored!) : localOfText(given, timezone);
  let start = localOf(input.start_date, existing?.start_date);
  let end = localOf(input.end_date, existing?.end_date);
  if (allDay) {
    start = { ...start, hour: 0, minute: 0, second: 0 };
    end = { ...end, hour: 23, minute: 59, second: 59 };
  }
  if (instantOf(end, timezone) < instantOf(start, timezone)) {
    problems.end_date = 'must not be before start_date';
  }
  return { start_date: formatLocal(start), end_date: formatLocal(end), timezone, all_day: allDay };
}

/** `null` clears a list; leaving it out keeps what the event had. */
function idsOf(given: number[] | null | undefined, stored: number[] | undefined): number[] {
  if (given === undefined) return stored ?? [];
  return given ?? [];
}

function costOf(given: string | number | null | undefined, stored: string | undefined): string {
  if (given === undefined) return stored ?? '';
  return given === null ? '' : String(given);
}

/**
 * The event a create (no `existing`) or an update makes, after checking that every referenced
 * author, term, venue and organizer exists. Nothing is stored here; all problems are reported at
 * once as `rest_invalid_param`.
 */
export function writeEvent(
  store: CalendarStore,
  existing: StoredEvent | undefined,
  input: EventWrite,
  context: { viewer: Viewer; siteTimezone: string },
): StoredEvent {
  const problems: Record<string, string> = {};
  const id = existing?.id ?? store.nextPostId();
  const title = input.title ?? existing?.title ?? '';
  const post = writePostFields(
    store,
    'events',
    { id, existing, name: title },
    input,
    context,
    problems,
  );
  const categories = idsOf(input.categories, existing?.categories);
  const tags = idsOf(input.tags, existing?.tags);
  const storedVenue = existing && (existing.venue === null ? [] : [existing.venue]);
  const venueIds = idsOf(input.venue, storedVenue);
  const organizers = idsOf(input.organizer, existing?.organizer);
  const live = (record: { status: string } | undefined) =>
    record !== undefined && record.status !== 'trash';
  const references = {
    categories: missingIds(
      categories,
      (ref) => store.term('categories', ref) !== undefined,
      'category',
    ),
    tags: missingIds(tags, (ref) => store.term('tags', ref) !== undefined, 'tag'),
    venue: missingIds(venueIds, (ref) => live(store.venue(ref)), 'venue'),
    organizer: missingIds(organizers, (ref) => live(store.organizer(ref)), 'organizer'),
  };
  for (const [name, problem] of Object.entries(references)) if (problem) problems[name] = problem;
  const when = schedule(existing, input, context.siteTimezone, problems);
  if (Object.keys(problems).length > 0) throw invalidParams(problems);

  const keep = <K extends keyof StoredEvent>(key: K, fallback: StoredEvent[K]): StoredEvent[K] =>
    (input[key as keyof EventWrite] as StoredEvent[K] | undefined) ?? existing?.[key] ?? fallback;
  return {
    id,
    ...post,
    title,
    description: keep('description', ''),
    excerpt: keep('excerpt', ''),
    image: input.image === undefined ? (existing?.image ?? null) : input.image,
    ...when,
    cost: costOf(input.cost, existing?.cost),
    website: input.website === undefined ? (existing?.website ?? null) : input.website,
    show_map: keep('show_map', true),
    show_map_link: keep('show_map_link', true),
    hide_from_listings: keep('hide_from_listings', false),
    sticky: keep('sticky', false),
    featured: keep('featured', false),
    categories,
    tags,
    venue: venueIds[0] ?? null,
    organizer: organizers,
    ticketed: existing?.ticketed ?? false,
    post_parent: existing?.post_parent ?? 0,
    password: existing?.password ?? null,
  };
}
