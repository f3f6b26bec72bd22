import { CalendarClient, formatDateForWire } from '@clientkit/calendar-client';
import { readDateTime, utcMsOf } from '@clientkit/calendar-client/schemas';
import fc from 'fast-check';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkRow,
  fieldRows,
  OMIT,
  otherThan,
  type Row,
  recordingFetch,
} from '../../../test-support/input-properties';

describe('date-time text (property)', () => {
  it('reads back every Date the client sends as the same instant, to the second', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('9000-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const reading = readDateTime(formatDateForWire(date));
          expect(reading).toEqual({
            kind: 'instant',
            epochMs: Math.floor(date.getTime() / 1000) * 1000,
          });
        },
      ),
    );
  });

  it('reads Y-m-d H:i:s as the same wall-clock time, and ISO with an offset as that instant', () => {
    const pad = (value: number, width = 2) => String(value).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.record({
          // From 1001: an instant in the first day of year 1000 is outside the range the reader
          // keeps (every zone must still write a four-digit year), tested on its own in 'date-time range'.
          year: fc.integer({ min: 1001, max: 9998 }),
          month: fc.integer({ min: 1, max: 12 }),
          day: fc.integer({ min: 1, max: 28 }),
          hour: fc.integer({ min: 0, max: 23 }),
          minute: fc.integer({ min: 0, max: 59 }),
          second: fc.integer({ min: 0, max: 59 }),
        }),
        fc.integer({ min: -12 * 60, max: 14 * 60 }),
        (local, offsetMinutes) => {
          const date = `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}`;
          const time = `${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
          expect(readDateTime(`${date} ${time}`)).toEqual({ kind: 'local', local });
          const sign = offsetMinutes < 0 ? '-' : '+';
          const zone = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
          expect(readDateTime(`${date}T${time}${zone}`)).toEqual({
            kind: 'instant',
            epochMs: utcMsOf(local) - offsetMinutes * 60_000,
          });
        },
      ),
    );
  });
});

describe('date-time range', () => {
  it('reads instants only from 1000-01-02 to 9999-12-30 UTC, where every zone writes a four-digit year', () => {
    expect(readDateTime('1000-01-01T00:00:00+14:00')).toBeUndefined();
    expect(readDateTime('1000-01-02T00:00:00Z')).toEqual({
      kind: 'instant',
      epochMs: Date.UTC(1000, 0, 2),
    });
    expect(readDateTime('9999-12-31T00:00:00Z')).toBeUndefined();
  });
});

describe('listing pagination (property)', () => {
  it('asks for exactly max(1, ceil(total / per_page)) pages and yields every item once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 50 }),
        async (total, perPage) => {
          const requested: number[] = [];
          const totalPages = Math.ceil(total / perPage);
          const calendar = new CalendarClient({
            apiRoot: 'http://calendar.test/wp-json',
            fetch: async (input) => {
              const url = new URL(input instanceof Request ? input.url : String(input));
              const page = Number(url.searchParams.get('page') ?? '1');
              requested.push(page);
              if (page > Math.max(1, totalPages)) {
                return Response.json(
                  {
                    code: 'event-archive-page-not-found',
                    message: 'past the end',
                    data: { status: 404 },
                  },
                  { status: 404 },
                );
              }
              const first = (page - 1) * perPage;
              const tags = Array.from(
                { length: Math.max(0, Math.min(perPage, total - first)) },
                (_, index) => ({
                  id: first + index + 1,
                }),
              );
              return Response.json({
                tags,
                rest_url: url.toString(),
                total,
                total_pages: totalPages,
              });
            },
          });
          const items = await calendar.tags.list({ per_page: perPage }).toArray();
          expect(items.map((item) => item.id)).toEqual(
            Array.from({ length: total }, (_, index) => index + 1),
          );
          expect(requested).toEqual(
            Array.from({ length: Math.max(1, totalPages) }, (_, index) => index + 1),
          );
        },
      ),
      { numRuns: 60 },
    );
  });
});

/*
 * Input validation: for every method that takes input, a value that breaks one rule of one field
 * (wrong type, out of range, empty, bad format, unknown value, missing) while every other field is
 * valid is refused with a RequestValidationError that names that field, and no request is made. The
 * client is given a `fetch` that records every call, and points at an unroutable address with nock
 * refusing real connections, so a request attempt could not pass as a validation error.
 */

const { fetch: recordedFetch, calls: fetchCalls } = recordingFetch();

const calendar = new CalendarClient({
  apiRoot: 'http://127.0.0.1:9/wp-json',
  retry: 0,
  fetch: recordedFetch,
});

/** A string that is none of `known` (their upper-case forms among them). */
const unknownValue = (known: readonly string[]) => {
  const other = fc.string().filter((text) => !known.includes(text));
  const upper = known.map((value) => value.toUpperCase()).filter((value) => !known.includes(value));
  return upper.length > 0 ? fc.oneof(other, fc.constantFrom(...upper)) : other;
};

const nonInteger = fc.oneof(
  fc.double().filter((value) => !Number.isInteger(value)),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
/** Not an integer of at least `min`. */
const notIntegerFrom = (min: number) =>
  fc.oneof(fc.integer({ max: min - 1 }), nonInteger, otherThan('number'));
/** Not a positive integer (ids, page numbers, page sizes). */
const invalidPositive = notIntegerFrom(1);
/** A path id: not a positive integer, or missing. */
const invalidId = fc.oneof(invalidPositive, fc.constant(undefined));
const invalidNonEmpty = fc.oneof(fc.constant(''), otherThan('string'));
const invalidSlug = fc.oneof(invalidNonEmpty, fc.constant(undefined));
/** Not an array of positive integers: another type, or an array with one bad id in it. */
const invalidIdList = fc.oneof(
  otherThan('array'),
  fc
    .tuple(fc.array(fc.integer({ min: 1 }), { maxLength: 3 }), invalidPositive)
    .map(([ids, bad]) => [...ids, bad]),
);
/** Like `invalidIdList`, where null is allowed (an event's id lists take null to clear them). */
const invalidNullableIdList = fc.oneof(
  otherThan('array', 'null'),
  fc
    .tuple(fc.array(fc.integer({ min: 1 }), { maxLength: 3 }), invalidPositive)
    .map(([ids, bad]) => [...ids, bad]),
);
/**
 * Not a date-time the interface reads: text that does not start with a digit, impossible dates
 * and times, a timestamp of 12 digits or more, an invalid Date, or another type.
 */
const invalidDateTime = fc.oneof(
  fc.string().filter((text) => !/^\d/.test(text.trim())),
  fc.integer({ min: 13, max: 99 }).map((month) => `2026-${month}-01 10:00:00`),
  fc.integer({ min: 30, max: 31 }).map((day) => `2026-02-${day}`),
  fc.integer({ min: 24, max: 99 }).map((hour) => `2026-07-01 ${hour}:00:00`),
  fc.integer({ min: 60, max: 99 }).map((minute) => `2026-07-01T10:${minute}:00Z`),
  fc.stringMatching(/^\d{12,15}$/),
  fc.constant(new Date(Number.NaN)),
  otherThan('string'),
);
const invalidTimeZone = fc.oneof(
  fc.constantFrom('Mars/Olympus', 'Europe/Atlantis', 'Nowhere', 'UTC+25', '', '   '),
  fc.stringMatching(/^Nowhere\/[A-Za-z]{1,12}$/),
  otherThan('string'),
);
/** Neither the digits of an attachment id nor an http(s) URL. */
const invalidImage = fc.oneof(
  fc.constantFrom('', '12a', 'ftp://img.example/a.png', 'https://', 'https://img example/a.png'),
  fc.stringMatching(/^[a-z]{1,12}$/),
  otherThan('string', 'null'),
);
const notHttpUrl = fc.oneof(
  fc.constantFrom('ftp://example.com', 'mailto:a@example.com', 'example.com', 'https//example.com'),
  fc.string({ minLength: 1 }).filter((text) => !text.includes(':')),
);
const invalidEmail = fc.oneof(
  fc.constantFrom('a@b', '@example.com', 'a b@example.com', 'a@@example.com', 'a@example'),
  fc.stringMatching(/^[a-z]{1,12}$/),
);
const invalidLatitude = fc.oneof(
  fc.double({ min: 90, minExcluded: true }),
  fc.double({ max: -90, maxExcluded: true }),
  fc.constant(Number.NaN),
  otherThan('number'),
);
const invalidLongitude = fc.oneof(
  fc.double({ min: 180, minExcluded: true }),
  fc.double({ max: -180, maxExcluded: true }),
  fc.constant(Number.NaN),
  otherThan('number'),
);

const WRITABLE = ['publish', 'future', 'draft', 'pending', 'private'];
const invalidWritableStatus = fc.oneof(
  fc.constant('trash'),
  unknownValue([...WRITABLE, 'trash']),
  otherThan('string'),
);
const invalidListStatus = fc.oneof(unknownValue([...WRITABLE, 'trash']), otherThan('string'));
const notBoolean = otherThan('boolean');
const notText = otherThan('string', 'null');

// ---- the table: one row per method and field ----

type Target = number | string;
interface RecordMethods {
  list(filters: never): PromiseLike<unknown>;
  get(id: number, params?: never): PromiseLike<unknown>;
  getBySlug(slug: string, params?: never): PromiseLike<unknown>;
  create(input: never): PromiseLike<unknown>;
  update(id: number, changes: never): PromiseLike<unknown>;
  updateBySlug(slug: string, changes: never): PromiseLike<unknown>;
  delete(id: number): PromiseLike<unknown>;
  deleteBySlug(slug: string): PromiseLike<unknown>;
}

/** Rows of the id and slug of the single-record methods of a kind of record. */
function targetRows(kind: string, resource: RecordMethods, changes: object): Row[] {
  const byId = (op: string, call: (id: Target) => unknown): Row => ({
    op: `${kind}.${op}`,
    field: 'id',
    invalid: invalidId,
    call: (value) => call(value as Target),
  });
  const bySlug = (op: string, call: (slug: Target) => unknown): Row => ({
    op: `${kind}.${op}`,
    field: 'slug',
    invalid: invalidSlug,
    call: (value) => call(value as Target),
  });
  return [
    byId('get', (id) => resource.get(id as number)),
    bySlug('getBySlug', (slug) => resource.getBySlug(slug as string)),
    byId('update', (id) => resource.update(id as number, changes as never)),
    bySlug('updateBySlug', (slug) => resource.updateBySlug(slug as string, changes as never)),
    byId('delete', (id) => resource.delete(id as number)),
    bySlug('deleteBySlug', (slug) => resource.deleteBySlug(slug as string)),
  ];
}

/** Rows of every field of a create body, and of the same fields (all optional) in an update. */
function bodyRows(
  kind: string,
  resource: RecordMethods | TermMethods,
  base: Record<string, unknown>,
  required: Record<string, fc.Arbitrary<unknown>>,
  optional: Record<string, fc.Arbitrary<unknown>>,
): Row[] {
  const withMissing = Object.fromEntries(
    Object.entries(required).map(([field, values]) => [field, fc.oneof(fc.constant(OMIT), values)]),
  );
  const rows = [
    ...fieldRows(`${kind}.create`, base, { ...withMissing, ...optional }, (body) =>
      resource.create(body as never),
    ),
    ...fieldRows(`${kind}.update`, base, { ...required, ...optional }, (body) =>
      resource.update(7, body as never),
    ),
  ];
  if ('updateBySlug' in resource) {
    rows.push(
      ...fieldRows(`${kind}.updateBySlug`, base, { ...required, ...optional }, (body) =>
        resource.updateBySlug('a-slug', body as never),
      ),
    );
  }
  return rows;
}

const pageFields = { page: invalidPositive, per_page: invalidPositive };

const eventBase = {
  title: 'Jazz night',
  start_date: '2026-07-01 20:00:00',
  end_date: new Date('2026-07-01T23:00:00Z'),
  author: 1,
  date: '2026-06-01T09:00:00+02:00',
  date_utc: '1780300800',
  description: 'Live jazz',
  slug: 'jazz-night',
  excerpt: 'Jazz',
  status: 'publish',
  timezone: 'Europe/Paris',
  all_day: false,
  image: 'https://img.example/jazz.png',
  cost: 10,
  website: 'https://jazz.example',
  show_map: true,
  show_map_link: false,
  hide_from_listings: false,
  sticky: false,
  featured: true,
  categories: [1, 2],
  tags: [3],
  venue: [4],
  organizer: [5, 6],
};
const eventRequired = {
  title: invalidNonEmpty,
  start_date: invalidDateTime,
  end_date: invalidDateTime,
};
const eventOptional = {
  author: invalidPositive,
  date: invalidDateTime,
  date_utc: invalidDateTime,
  description: otherThan('string'),
  slug: invalidNonEmpty,
  excerpt: otherThan('string'),
  status: invalidWritableStatus,
  timezone: invalidTimeZone,
  all_day: notBoolean,
  image: invalidImage,
  cost: otherThan('string', 'number', 'null'),
  website: fc.oneof(notHttpUrl, notText),
  show_map: notBoolean,
  show_map_link: notBoolean,
  hide_from_listings: notBoolean,
  sticky: notBoolean,
  featured: notBoolean,
  categories: invalidNullableIdList,
  tags: invalidNullableIdList,
  // at most one venue
  venue: fc.oneof(
    invalidNullableIdList,
    fc.array(fc.integer({ min: 1 }), { minLength: 2, maxLength: 4 }),
  ),
  organizer: invalidNullableIdList,
};

const eventFilters = {
  page: 2,
  per_page: 20,
  start_date: new Date('2026-06-15T00:00:00Z'),
  end_date: '2026-12-31 23:59:59',
  starts_before: '2026-12-01',
  starts_after: '1781704800',
  ends_before: '2026-12-31T23:00:00+01:00',
  ends_after: '2026-06-16',
  strict_dates: true,
  search: 'jazz',
  categories: [1, 2],
  tags: [5],
  venue: [10],
  organizer: [20],
  featured: false,
  status: 'trash',
  geoloc: true,
  geoloc_lat: 40.78,
  geoloc_lng: -73.97,
  include: [100, 101],
  post_parent: 0,
  ticketed: true,
};
const eventFilterInvalid = {
  ...pageFields,
  start_date: invalidDateTime,
  end_date: invalidDateTime,
  starts_before: invalidDateTime,
  starts_after: invalidDateTime,
  ends_before: invalidDateTime,
  ends_after: invalidDateTime,
  strict_dates: notBoolean,
  search: otherThan('string'),
  categories: invalidIdList,
  tags: invalidIdList,
  venue: invalidIdList,
  organizer: invalidIdList,
  featured: notBoolean,
  status: invalidListStatus,
  geoloc: notBoolean,
  // each of the pair needs the other: leaving one out names the one left out
  geoloc_lat: fc.oneof(fc.constant(OMIT), invalidLatitude),
  geoloc_lng: fc.oneof(fc.constant(OMIT), invalidLongitude),
  include: invalidIdList,
  post_parent: notIntegerFrom(0),
  ticketed: notBoolean,
};

const linkedRecordFilters = {
  page: 1,
  per_page: 50,
  search: 'hall',
  event: 3,
  has_events: true,
  only_with_upcoming: false,
  status: 'publish',
};
const linkedRecordFilterInvalid = {
  ...pageFields,
  search: otherThan('string'),
  event: invalidPositive,
  has_events: notBoolean,
  only_with_upcoming: notBoolean,
  status: invalidListStatus,
};

const linkedRecordBase = {
  author: 1,
  date: '2026-06-01 09:00:00',
  date_utc: new Date('2026-06-01T07:00:00Z'),
  description: null,
  status: 'draft',
  slug: 'a-slug',
  image: '42',
  phone: '+1 555 0100',
  website: '',
};
const linkedRecordOptional = {
  author: invalidPositive,
  date: invalidDateTime,
  date_utc: invalidDateTime,
  description: notText,
  status: invalidWritableStatus,
  slug: invalidNonEmpty,
  image: invalidImage,
  phone: notText,
  website: fc.oneof(notHttpUrl, notText),
};
const invalidMapFlag = fc.oneof(
  unknownValue(['true', 'false', '1', '0']),
  otherThan('string', 'boolean', 'null'),
);

const termFilters = {
  page: 1,
  per_page: 10,
  search: 'jazz',
  exclude: [1],
  include: [2, 3],
  order: 'desc',
  orderby: 'count',
  hide_empty: false,
  slug: 'jazz',
};
const termFilterInvalid = {
  ...pageFields,
  search: otherThan('string'),
  exclude: invalidIdList,
  include: invalidIdList,
  order: fc.oneof(unknownValue(['asc', 'desc']), otherThan('string')),
  orderby: fc.oneof(
    unknownValue(['id', 'include', 'name', 'slug', 'description', 'count']),
    otherThan('string'),
  ),
  hide_empty: notBoolean,
  post: invalidPositive,
  event: invalidPositive,
  slug: invalidNonEmpty,
};

interface TermMethods {
  list(filters: never): PromiseLike<unknown>;
  get(id: number): PromiseLike<unknown>;
  create(input: never): PromiseLike<unknown>;
  update(id: number, changes: never): PromiseLike<unknown>;
  delete(id: number): PromiseLike<unknown>;
}

function termRows(kind: 'categories' | 'tags', resource: TermMethods): Row[] {
  const parent = kind === 'categories';
  const filterInvalid = parent
    ? { ...termFilterInvalid, parent: notIntegerFrom(0) }
    : termFilterInvalid;
  const base = parent
    ? { name: 'Jazz', description: 'Music', slug: 'jazz', parent: 0 }
    : { name: 'Jazz', description: 'Music', slug: 'jazz' };
  const bodyOptional = {
    description: otherThan('string'),
    slug: invalidNonEmpty,
    ...(parent ? { parent: notIntegerFrom(0) } : {}),
  };
  const id = (op: string, call: (value: unknown) => unknown): Row => ({
    op: `${kind}.${op}`,
    field: 'id',
    invalid: invalidId,
    call,
  });
  return [
    ...fieldRows(`${kind}.list`, termFilters, filterInvalid, (filters) =>
      resource.list(filters as never),
    ),
    // `event` is an alias of `post`: two different ids name `event`
    {
      op: `${kind}.list`,
      field: 'event',
      invalid: fc
        .tuple(fc.integer({ min: 1 }), fc.integer({ min: 1 }))
        .filter(([post, event]) => post !== event),
      call: (pair) => {
        const [post, event] = pair as [number, number];
        return resource.list({ ...termFilters, post, event } as never);
      },
    },
    id('get', (value) => resource.get(value as number)),
    id('update', (value) => resource.update(value as number, { name: 'Blues' } as never)),
    id('delete', (value) => resource.delete(value as number)),
    ...bodyRows(kind, resource, base, { name: invalidNonEmpty }, bodyOptional),
  ];
}

const rows: Row[] = [
  ...fieldRows(
    'getIndex',
    { namespace: 'calendar/events/v1', context: 'edit' },
    {
      namespace: invalidNonEmpty,
      context: fc.oneof(unknownValue(['view', 'embed', 'edit']), otherThan('string')),
    },
    (params) => calendar.getIndex(params as never),
  ),

  // events
  ...fieldRows('events.list', eventFilters, eventFilterInvalid, (filters) =>
    calendar.events.list(filters as never),
  ),
  ...targetRows('events', calendar.events as unknown as RecordMethods, { title: 'Blues night' }),
  {
    op: 'events.get',
    field: 'password',
    invalid: otherThan('string'),
    call: (password) => calendar.events.get(1, { password } as never),
  },
  {
    op: 'events.getBySlug',
    field: 'password',
    invalid: otherThan('string'),
    call: (password) => calendar.events.getBySlug('jazz-night', { password } as never),
  },
  ...bodyRows(
    'events',
    calendar.events as unknown as RecordMethods,
    eventBase,
    eventRequired,
    eventOptional,
  ),

  // venues
  ...fieldRows('venues.list', linkedRecordFilters, linkedRecordFilterInvalid, (filters) =>
    calendar.venues.list(filters as never),
  ),
  ...targetRows('venues', calendar.venues as unknown as RecordMethods, { city: 'Boston' }),
  ...bodyRows(
    'venues',
    calendar.venues as unknown as RecordMethods,
    {
      venue: 'Harbour Hall',
      ...linkedRecordBase,
      show_map: 'true',
      show_map_link: false,
      address: '1 Quay St',
      city: 'Boston',
      country: 'United States',
      province: null,
      state: 'MA',
      zip: '02110',
      stateprovince: 'MA',
    },
    { venue: invalidNonEmpty },
    {
      ...linkedRecordOptional,
      show_map: invalidMapFlag,
      show_map_link: invalidMapFlag,
      address: notText,
      city: notText,
      country: notText,
      province: notText,
      state: notText,
      zip: notText,
      stateprovince: notText,
    },
  ),

  // organizers
  ...fieldRows('organizers.list', linkedRecordFilters, linkedRecordFilterInvalid, (filters) =>
    calendar.organizers.list(filters as never),
  ),
  ...targetRows('organizers', calendar.organizers as unknown as RecordMethods, { phone: '555' }),
  ...bodyRows(
    'organizers',
    calendar.organizers as unknown as RecordMethods,
    { organizer: 'City Arts Council', ...linkedRecordBase, email: 'arts@example.org' },
    { organizer: invalidNonEmpty },
    { ...linkedRecordOptional, email: fc.oneof(invalidEmail, notText) },
  ),

  // categories and tags
  ...termRows('categories', calendar.categories as unknown as TermMethods),
  ...termRows('tags', calendar.tags as unknown as TermMethods),

  // request options, which every method takes
  {
    op: 'events.get',
    field: 'timeout',
    invalid: fc.oneof(
      fc.integer({ max: 0 }),
      fc.double({ min: 2 ** 31, max: 2 ** 53, noNaN: true, noDefaultInfinity: true }),
      fc.constant(Number.NaN),
    ),
    call: (timeout) => calendar.events.get(1, {}, { timeout: timeout as number }),
  },
];

describe('CalendarClient input validation (property)', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => {
    expect(fetchCalls.splice(0)).toEqual([]);
    expect(nock.pendingMocks()).toEqual([]);
  });
  afterAll(() => nock.enableNetConnect());

  for (const row of rows) checkRow(row, fetchCalls);
});
