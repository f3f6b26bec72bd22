import type { Event, Organizer, Term, Venue } from '@clientkit/calendar-client';

/** Wire records for unit tests, shaped as the interface sends them. */
const base = 'http://calendar.test/wp-json/calendar/events/v1';
const dates = {
  date: '2026-04-16 09:00:00',
  date_utc: '2026-04-16 09:00:00',
  modified: '2026-04-16 09:00:00',
  modified_utc: '2026-04-16 09:00:00',
};

/** The plugin's global id of a post of the test site, and the lineage it starts. */
const globalIds = (id: number) => ({
  global_id: `calendar.test?id=${id}`,
  global_id_lineage: [`calendar.test?id=${id}`],
});

/** The parts of a `Y-m-d H:i:s` date, as the interface splits them. */
export function dateDetailsOf(text: string) {
  return {
    year: text.slice(0, 4),
    month: text.slice(5, 7),
    day: text.slice(8, 10),
    hour: text.slice(11, 13),
    minutes: text.slice(14, 16),
    seconds: text.slice(17, 19),
  };
}

export function termFixture(id: number, name = `Term ${id}`): Term {
  return {
    id,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    description: '',
    parent: 0,
    count: 1,
    taxonomy: 'tribe_events_cat',
    urls: { self: `${base}/categories/${id}`, collection: `${base}/categories` },
  };
}

export function venueFixture(id: number): Venue {
  return {
    id,
    author: 2,
    status: 'publish',
    ...dates,
    url: `http://calendar.test/venue/v-${id}/`,
    rest_url: `${base}/venues/${id}`,
    slug: `v-${id}`,
    ...globalIds(id),
    venue: `Venue ${id}`,
    description: '',
    excerpt: '',
    address: null,
    city: 'Boston',
    country: null,
    province: null,
    state: null,
    stateprovince: null,
    zip: null,
    phone: null,
    website: null,
    image: false,
    show_map: true,
    show_map_link: true,
    geo_lat: null,
    geo_lng: null,
  };
}

export function organizerFixture(id: number): Organizer {
  return {
    id,
    author: 2,
    status: 'publish',
    ...dates,
    url: `http://calendar.test/organizer/o-${id}/`,
    rest_url: `${base}/organizers/${id}`,
    slug: `o-${id}`,
    ...globalIds(id),
    organizer: `Organizer ${id}`,
    description: '',
    excerpt: '',
    phone: null,
    website: null,
    email: null,
    image: false,
  };
}

export function eventFixture(id: number): Event {
  return {
    id,
    ...globalIds(id),
    author: 2,
    status: 'publish',
    ...dates,
    url: `http://calendar.test/event/e-${id}/`,
    rest_url: `${base}/events/${id}`,
    title: `Event ${id}`,
    description: '',
    excerpt: '',
    slug: `e-${id}`,
    image: false,
    all_day: false,
    start_date: '2026-06-20 19:00:00',
    start_date_details: dateDetailsOf('2026-06-20 19:00:00'),
    end_date: '2026-06-20 22:00:00',
    end_date_details: dateDetailsOf('2026-06-20 22:00:00'),
    utc_start_date: '2026-06-20 19:00:00',
    utc_start_date_details: dateDetailsOf('2026-06-20 19:00:00'),
    utc_end_date: '2026-06-20 22:00:00',
    utc_end_date_details: dateDetailsOf('2026-06-20 22:00:00'),
    timezone: 'UTC',
    timezone_abbr: 'UTC',
    cost: '',
    cost_details: { currency_symbol: '', currency_position: '', values: [] },
    website: null,
    show_map: true,
    show_map_link: true,
    hide_from_listings: false,
    sticky: false,
    featured: false,
    categories: [termFixture(1)],
    tags: [],
    venue: [],
    organizer: [],
  };
}

/** A listing page as the interface answers it. */
export function listFixture<K extends string, T>(
  key: K,
  items: T[],
  page: number,
  totalPages: number,
  total: number,
) {
  return {
    [key]: items,
    rest_url: `${base}/${key}?page=${page}`,
    ...(page < totalPages ? { next_rest_url: `${base}/${key}?page=${page + 1}` } : {}),
    total,
    total_pages: totalPages,
  } as Record<K, T[]> & { rest_url: string; total: number; total_pages: number };
}
