import {
  calendar,
  type Event,
  type Image,
  type Organizer,
  type Term,
  type Venue,
} from '@clientkit/contracts/calendar';
import type { Viewer } from './auth';
import { formatInZone, instantOf, parseLocal } from './dates';
import { costDetails, dateDetails, globalIdOf, timezoneAbbreviation } from './plugin-details';
import type { StoredEvent, StoredOrganizer, StoredTerm, StoredVenue } from './state';
import { type CalendarStore, isVisible, type Taxonomy } from './store';

/** Where the namespace is served: under the site's REST root, `/wp-json` on the reference server. */
export const CALENDAR_BASE = `/wp-json${calendar.base}`;

/** What turning a record into its wire form needs: where, for whom, and in which time zone. */
export interface PresentContext {
  origin: string;
  store: CalendarStore;
  viewer: Viewer;
  siteTimezone: string;
}

const taxonomyName: Record<Taxonomy, string> = {
  categories: 'tribe_events_cat',
  tags: 'post_tag',
};

function restBase(context: PresentContext): string {
  return `${context.origin}${CALENDAR_BASE}`;
}

function imageOf(reference: string | null, context: PresentContext): Image {
  if (!reference) return false;
  if (/^\d+$/.test(reference)) {
    return {
      id: Number(reference),
      url: `${context.origin}/wp-content/uploads/attachment-${reference}.jpg`,
    };
  }
  return { id: null, url: reference };
}

function publicationDates(
  post: { date_utc: string; modified_utc: string },
  context: PresentContext,
) {
  const published = Date.parse(post.date_utc);
  const modified = Date.parse(post.modified_utc);
  return {
    date: formatInZone(published, context.siteTimezone),
    date_utc: formatInZone(published, 'UTC'),
    modified: formatInZone(modified, context.siteTimezone),
    modified_utc: formatInZone(modified, 'UTC'),
  };
}

/** A category or tag. */
export function presentTerm(taxonomy: Taxonomy, term: StoredTerm, context: PresentContext): Term {
  const collection = `${restBase(context)}/${taxonomy}`;
  return {
    id: term.id,
    name: term.name,
    slug: term.slug,
    description: term.description,
    parent: term.parent,
    count: context.store.termCount(taxonomy, term.id),
    taxonomy: taxonomyName[taxonomy],
    urls: {
      self: `${collection}/${term.id}`,
      collection,
      ...(term.parent > 0 ? { up: `${collection}/${term.parent}` } : {}),
    },
  };
}

export function presentVenue(venue: StoredVenue, context: PresentContext): Venue {
  return {
    id: venue.id,
    author: venue.author,
    status: venue.status,
    ...publicationDates(venue, context),
    url: `${context.origin}/venue/${venue.slug}/`,
    rest_url: `${restBase(context)}/venues/${venue.id}`,
    slug: venue.slug,
    ...globalIdOf(context.origin, venue.id),
    venue: venue.venue,
    description: venue.description,
    excerpt: venue.excerpt ?? '',
    address: venue.address,
    city: venue.city,
    country: venue.country,
    province: venue.province,
    state: venue.state,
    stateprovince: venue.stateprovince,
    zip: venue.zip,
    phone: venue.phone,
    website: venue.website,
    image: imageOf(venue.image, context),
    show_map: venue.show_map,
    show_map_link: venue.show_map_link,
    geo_lat: venue.geo_lat,
    geo_lng: venue.geo_lng,
  };
}

export function presentOrganizer(organizer: StoredOrganizer, context: PresentContext): Organizer {
  return {
    id: organizer.id,
    author: organizer.author,
    status: organizer.status,
    ...publicationDates(organizer, context),
    url: `${context.origin}/organizer/${organizer.slug}/`,
    rest_url: `${restBase(context)}/organizers/${organizer.id}`,
    slug: organizer.slug,
    ...globalIdOf(context.origin, organizer.id),
    organizer: organizer.organizer,
    description: organizer.description,
    excerpt: organizer.excerpt ?? '',
    phone: organizer.phone,
    website: organizer.website,
    email: organizer.email,
    image: imageOf(organizer.image, context),
  };
}

/** The instants an event starts and ends. */
export function eventSpan(event: StoredEvent): { start: number; end: number } {
  return {
    start: instantOf(parseLocal(event.start_date), event.timezone),
    end: instantOf(parseLocal(event.end_date), event.timezone),
  };
}

/** True when the viewer may read the content of a password-protected event without its password. */
export function opensWithoutPassword(event: StoredEvent, viewer: Viewer): boolean {
  return !event.password || viewer.canEdit;
}

/**
 * An event with its terms, venue and organizers. Linked records the viewer may not see (drafts,
 * trash) are left out. In listings the content of a password-protected event is withheld.
 */
export function presentEvent(event: StoredEvent, context: PresentContext, withheld = false): Event {
  const { store, viewer } = context;
  const span = eventSpan(event);
  const utcStart = formatInZone(span.start, 'UTC');
  const utcEnd = formatInZone(span.end, 'UTC');
  const venue = event.venue === null ? undefined : store.venue(event.venue);
  const terms = (taxonomy: Taxonomy) =>
    event[taxonomy]
      .map((id) => store.term(taxonomy, id))
      .filter((term): term is StoredTerm => term !== undefined)
      .map((term) => presentTerm(taxonomy, term, context));
  return {
    id: event.id,
    ...globalIdOf(context.origin, event.id),
    author: event.author,
    status: event.status,
    ...publicationDates(event, context),
    url: `${context.origin}/event/${event.slug}/`,
    rest_url: `${restBase(context)}/events/${event.id}`,
    title: event.title,
    description: withheld ? '' : event.description,
    excerpt: withheld ? '' : event.excerpt,
    slug: event.slug,
    image: imageOf(event.image, context),
    all_day: event.all_day,
    start_date: event.start_date,
    start_date_details: dateDetails(event.start_date),
    end_date: event.end_date,
    end_date_details: dateDetails(event.end_date),
    utc_start_date: utcStart,
    utc_start_date_details: dateDetails(utcStart),
    utc_end_date: utcEnd,
    utc_end_date_details: dateDetails(utcEnd),
    timezone: event.timezone,
    timezone_abbr: timezoneAbbreviation(event.start_date, event.timezone),
    cost: event.cost,
    cost_details: costDetails(event.cost, {
      symbol: event.currency_symbol,
      position: event.currency_position,
    }),
    website: event.website,
    show_map: event.show_map,
    show_map_link: event.show_map_link,
    hide_from_listings: event.hide_from_listings,
    sticky: event.sticky,
    featured: event.featured,
    categories: terms('categories'),
    tags: terms('tags'),
    venue:
      venue && venue.status !== 'trash' && isVisible(venue, viewer)
        ? presentVenue(venue, context)
        : [],
    organizer: event.organizer
      .map((id) => store.organizer(id))
      .filter(
        (organizer): organizer is StoredOrganizer =>
          organizer !== undefined && organizer.status !== 'trash' && isVisible(organizer, viewer),
      )
      .map((organizer) => presentOrganizer(organizer, context)),
    ticketed: event.ticketed,
    post_parent: event.post_parent,
    password_protected: Boolean(event.password),
  };
}
