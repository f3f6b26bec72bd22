import { addDays, formatLocal, instantOf, localAt } from './dates';
import type {
  CalendarState,
  StoredEvent,
  StoredOrganizer,
  StoredTerm,
  StoredUser,
  StoredVenue,
} from './state';

/** The application passwords of the seeded users, printed by the CLI. */
export const developmentPasswords = {
  editor: 'EdiT oRPa ssW0 rdCa lEnD ar01',
  subscriber: 'SubS cRiB erPa ssW0 rdCa l001',
} as const;

/** The password of the seeded password-protected event. */
export const PREVIEW_PASSWORD = 'opensesame';

const users: StoredUser[] = [
  { id: 1, login: 'admin', name: 'Ada Admin', role: 'administrator', application_password: null },
  {
    id: 2,
    login: 'editor',
    name: 'Eddie Editor',
    role: 'editor',
    application_password: developmentPasswords.editor,
  },
  {
    id: 3,
    login: 'subscriber',
    name: 'Sam Subscriber',
    role: 'subscriber',
    application_password: developmentPasswords.subscriber,
  },
];

const categories: StoredTerm[] = [
  { id: 1, name: 'Music', slug: 'music', description: 'Concerts and festivals', parent: 0 },
  { id: 2, name: 'Jazz', slug: 'jazz', description: 'Swing, bebop and beyond', parent: 1 },
  { id: 3, name: 'Workshops', slug: 'workshops', description: 'Learn by doing', parent: 0 },
  { id: 4, name: 'Sports', slug: 'sports', description: 'No events yet', parent: 0 },
];

const tags: StoredTerm[] = [
  { id: 5, name: 'Family friendly', slug: 'family-friendly', description: '', parent: 0 },
  { id: 6, name: 'Outdoor', slug: 'outdoor', description: '', parent: 0 },
  { id: 7, name: 'Free', slug: 'free', description: 'No ticket needed', parent: 0 },
  { id: 8, name: 'Archived', slug: 'archived', description: 'Used by no event', parent: 0 },
];

/**
 * Deterministic seed data, placed around the day the clock shows in the site's time zone (day
 * D): events in the past, today, soon, far ahead and beyond the default 24-month window; all-day
 * and timed ones in several time zones; featured, ticketed, password-protected, draft, private and
 * trashed ones; a recurring series (children point at their parent with `post_parent`); venues with
 * and without coordinates; organizers; a category tree; and an empty category and tag, which
 * `hide_empty` leaves out.
 */
export function calendarSeed(now: number, siteTimezone: string): CalendarState {
  const today = localAt(now, siteTimezone);
  const published = new Date(
    instantOf({ ...addDays(today, -60), hour: 9, minute: 0, second: 0 }, siteTimezone),
  ).toISOString();
  const post = {
    author: 2,
    status: 'publish' as const,
    date_utc: published,
    modified_utc: published,
  };
  const at = (dayOffset: number, time: string) =>
    `${formatLocal(addDays(today, dayOffset)).slice(0, 10)} ${time}`;

  const venue = (fields: Partial<StoredVenue> & Pick<StoredVenue, 'id' | 'venue' | 'slug'>) => ({
    ...post,
    description: '',
    address: null,
    city: null,
    country: null,
    province: null,
    state: null,
    zip: null,
    phone: null,
    stateprovince: null,
    website: null,
    image: null,
    show_map: true,
    show_map_link: true,
    geo_lat: null,
    geo_lng: null,
    ...fields,
  });
  const organizer = (
    fields: Partial<StoredOrganizer> & Pick<StoredOrganizer, 'id' | 'organizer' | 'slug'>,
  ) => ({
    ...post,
    description: '',
    phone: null,
    website: null,
    email: null,
    image: null,
    ...fields,
  });
  const event = (
    fields: Partial<StoredEvent> &
      Pick<StoredEvent, 'id' | 'title' | 'slug' | 'start_date' | 'end_date'>,
  ): StoredEvent => ({
    ...post,
    description: '',
    excerpt: '',
    image: null,
    all_day: false,
    timezone: siteTimezone,
    cost: '',
    website: null,
    show_map: true,
    show_map_link: true,
    hide_from_listings: false,
    sticky: false,
    featured: false,
    categories: [],
    tags: [],
    venue: null,
    organizer: [],
    ticketed: false,
    post_parent: 0,
    password: null,
    ...fields,
  });

  return {
    users: structuredClone(users),
    categories: structuredClone(categories),
    tags: structuredClone(tags),
    venues: [
      venue({
        id: 10,
        venue: 'Harbour Hall',
        slug: 'harbour-hall',
        description: 'A concert hall on the waterfront',
        excerpt: 'Waterfront concerts',
        address: '1 Harbour Way',
        city: 'Boston',
        country: 'United States',
        state: 'MA',
        stateprovince: 'MA',
        zip: '02110',
        phone: '+1 617 555 0100',
        website: 'https://harbourhall.example.org',
        geo_lat: 42.3601,
        geo_lng: -71.0589,
      }),
      venue({
        id: 11,
        venue: 'Riverside Park',
        slug: 'riverside-park',
        description: 'Lawns and a bandstand by the river',
        city: 'New York',
        country: 'United States',
        state: 'NY',
        stateprovince: 'NY',
        geo_lat: 40.8007,
        geo_lng: -73.97,
      }),
      venue({
        id: 12,
        venue: 'Community Library',
        slug: 'community-library',
        address: '12 Elm Street',
        city: 'Springfield',
        country: 'United States',
      }),
      venue({
        id: 13,
        venue: 'Old Warehouse',
        slug: 'old-warehouse',
        status: 'draft',
        city: 'Boston',
      }),
      venue({ id: 14, venue: 'Empty Lot', slug: 'empty-lot', city: 'Cambridge' }),
    ],
    organizers: [
      organizer({
        id: 20,
        organizer: 'City Arts Council',
        slug: 'city-arts-council',
        email: 'arts@city.example.org',
        phone: '+1 617 555 0120',
        website: 'https://arts.city.example.org',
      }),
      organizer({
        id: 21,
        organizer: 'Jazz Collective',
        slug: 'jazz-collective',
        email: 'hello@jazzcollective.example.org',
        description: 'Musicians who jam every week',
        excerpt: 'Weekly jams',
      }),
      organizer({ id: 22, organizer: 'Library Friends', slug: 'library-friends' }),
      organizer({ id: 23, organizer: 'Volunteer Network', slug: 'volunteer-network' }),
      organizer({ id: 24, organizer: 'Secret Society', slug: 'secret-society', status: 'draft' }),
    ],
    events: [
      event({
        id: 100,
        title: 'Late Jazz Night',
        slug: 'late-jazz-night',
        start_date: at(-30, '19:00:00'),
        end_date: at(-30, '22:00:00'),
        timezone: 'America/New_York',
        venue: 10,
        organizer: [21],
        categories: [1, 2],
        tags: [7],
      }),
      event({
        id: 101,
        title: 'Library Book Sale',
        slug: 'library-book-sale',
        all_day: true,
        start_date: at(-10, '00:00:00'),
        end_date: at(-10, '23:59:59'),
        venue: 12,
        organizer: [22],
        categories: [3],
        tags: [5, 7],
      }),
      event({
        id: 102,
        title: 'Sunrise Yoga',
        slug: 'sunrise-yoga',
        description: 'Stretch by the river before work',
        start_date: at(0, '06:00:00'),
        end_date: at(0, '07:00:00'),
        venue: 11,
        organizer: [20],
        tags: [5, 6],
      }),
      event({
        id: 103,
        title: 'Harbour Lights Festival',
        slug: 'harbour-lights-festival',
        start_date: at(-1, '10:00:00'),
        end_date: at(1, '22:00:00'),
        venue: 10,
        organizer: [20],
        categories: [1],
        tags: [6],
        featured: true,
      }),
      event({
        id: 104,
        title: 'Evening Lecture: City History',
        slug: 'evening-lecture-city-history',
        description: 'Three centuries of the harbour, told by the archivist',
        start_date: at(0, '18:00:00'),
        end_date: at(0, '19:30:00'),
        organizer: [20],
        categories: [3],
        tags: [7],
      }),
      event({
        id: 105,
        title: 'Jazz Jam Session',
        slug: 'jazz-jam-session',
        start_date: at(1, '20:00:00'),
        end_date: at(1, '23:00:00'),
        timezone: 'America/New_York',
        venue: 10,
        organizer: [21],
        categories: [2],
      }),
      ...[8, 15].map((offset, index) =>
        event({
          id: 106 + index,
          title: 'Jazz Jam Session',
          slug: `jazz-jam-session-${index + 2}`,
          start_date: at(offset, '20:00:00'),
          end_date: at(offset, '23:00:00'),
          timezone: 'America/New_York',
          venue: 10,
          organizer: [21],
          categories: [2],
          post_parent: 105,
        }),
      ),
      event({
        id: 108,
        title: 'Riverside Music Festival',
        slug: 'riverside-music-festival',
        description: 'Three days of jazz and folk on the lawns',
        excerpt: 'Three days of music',
        all_day: true,
        start_date: at(5, '00:00:00'),
        end_date: at(7, '23:59:59'),
        timezone: 'Europe/Paris',
        venue: 11,
        organizer: [20, 21],
        categories: [1],
        tags: [5, 6],
        featured: true,
        ticketed: true,
        cost: '25',
        currency_symbol: '€',
        currency_position: 'suffix',
        website: 'https://festival.example.org',
        image: 'https://festival.example.org/poster.jpg',
      }),
      event({
        id: 109,
        title: 'Pottery Workshop',
        slug: 'pottery-workshop',
        description: 'Throw your first bowl',
        start_date: at(2, '10:00:00'),
        end_date: at(2, '12:00:00'),
        timezone: 'America/Chicago',
        venue: 10,
        categories: [3],
        ticketed: true,
        cost: '40',
        currency_symbol: '$',
        currency_position: 'prefix',
      }),
      event({
        id: 110,
        title: "Members' Preview",
        slug: 'members-preview',
        description: 'The secret set list',
        excerpt: 'For members only',
        start_date: at(3, '18:00:00'),
        end_date: at(3, '20:00:00'),
        venue: 10,
        categories: [1],
        password: PREVIEW_PASSWORD,
      }),
      event({
        id: 111,
        title: 'Patrons Gala',
        slug: 'patrons-gala',
        status: 'draft',
        start_date: at(60, '19:00:00'),
        end_date: at(60, '23:00:00'),
        venue: 13,
        organizer: [24],
        categories: [1],
      }),
      event({
        id: 112,
        title: 'Board Meeting',
        slug: 'board-meeting',
        status: 'private',
        start_date: at(4, '09:00:00'),
        end_date: at(4, '10:00:00'),
      }),
      event({
        id: 113,
        title: 'Anniversary Concert',
        slug: 'anniversary-concert',
        start_date: at(200, '20:00:00'),
        end_date: at(200, '23:00:00'),
        venue: 10,
        categories: [1],
        featured: true,
        ticketed: true,
        cost: '60',
      }),
      event({
        id: 114,
        title: 'Far Future Expo',
        slug: 'far-future-expo',
        start_date: at(800, '09:00:00'),
        end_date: at(800, '17:00:00'),
        categories: [3],
      }),
      event({
        id: 115,
        title: 'Cancelled Parade',
        slug: 'cancelled-parade',
        status: 'trash',
        start_date: at(9, '11:00:00'),
        end_date: at(9, '13:00:00'),
        tags: [6],
      }),
    ],
  };
}
