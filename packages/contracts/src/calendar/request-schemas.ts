/**
 * The request side of the calendar contract: the shared building blocks (ids, statuses, date-time
 * text, limits) and the path, query and body schemas, in the form they travel in: dates are text
 * (the client turns a `Date` into text before checking). Request schemas are strict: a field they
 * do not know is refused by name.
 *
 * @module
 */

import { secret } from '@clientkit/core/contract';
import * as z from 'zod/mini';
import { httpUrlString, isEmailAddress, isHttpUrl, numberBetween } from '../common';
import { isDateTimeText, isTimeZone } from './date-time';

/** The namespace of the interface, under the site's REST root. */
export const NAMESPACE = 'calendar/events/v1';
/** Items per page when `per_page` is left out. */
export const DEFAULT_PER_PAGE = 10;
/** The largest page; larger `per_page` values are lowered to it, by the client and the server alike. */
export const MAX_PER_PAGE = 50;

const nonEmpty = z.string().check(z.minLength(1));

/** The longest term name: WordPress keeps term names in a 200-character column. */
export const MAX_TERM_NAME_LENGTH = 200;
/** The longest slug, for terms and posts alike (a 200-character column in WordPress). */
export const MAX_SLUG_LENGTH = 200;
/** The longest title of an event, or name of a venue or organizer. */
export const MAX_TITLE_LENGTH = 1_000;
/** The longest short text field: addresses, phone numbers, costs and the like. */
export const MAX_SHORT_TEXT_LENGTH = 1_000;
/** The longest description or excerpt (HTML included). */
export const MAX_DESCRIPTION_LENGTH = 1_000_000;

const title = z.string().check(z.minLength(1), z.maxLength(MAX_TITLE_LENGTH));
const slug = z.string().check(z.minLength(1), z.maxLength(MAX_SLUG_LENGTH));
const termName = z.string().check(z.minLength(1), z.maxLength(MAX_TERM_NAME_LENGTH));
const description = z.string().check(z.maxLength(MAX_DESCRIPTION_LENGTH));
const shortText = z.string().check(z.maxLength(MAX_SHORT_TEXT_LENGTH));

/**
 * A whole number from `min` that JavaScript holds exactly; anything else, text of digits included,
 * gets `message`. One check rather than zod's number checks, so that a field refuses `-1`, `1.5`
 * and `'110'` with the same sentence, which says what the field takes.
 */
const wholeNumberFrom = (min: number, message: string) =>
  z.custom<number>((value) => Number.isSafeInteger(value) && (value as number) >= min, message);

/**
 * The id of a record (event, venue, organizer) or of a term, in a path, a filter or a body: a
 * positive whole number. Ids are numbers in every answer, so text such as `'110'` is refused too,
 * rather than read as a number in some places and not others.
 */
export const Id = wholeNumberFrom(1, 'must be a positive whole number');

/** The id of a parent (a category's, or an event's post), or 0 for none: the top level. */
export const ParentId = wholeNumberFrom(0, 'must be 0 or a positive whole number');

/** Several ids; sent in a query string as a comma-separated list. */
export const IdList = z.array(Id);

/** A page number, from 1: a positive whole number, by the same rule as an id. */
export const PageNumber = Id;

/**
 * Items per page: a positive whole number; values above 50 become 50, as the interface lowers
 * them, so that what a client asks for is what it gets.
 */
export const PerPage = Id.check(z.overwrite((size: number) => Math.min(size, MAX_PER_PAGE)));

/**
 * A date-time as the interface reads it: `Y-m-d H:i:s` (wall-clock time in the event's or the
 * site's time zone), ISO 8601, or a Unix timestamp in seconds.
 */
export const DateTimeText = z
  .string()
  .check(
    z.refine(isDateTimeText, 'must be a date-time: Y-m-d H:i:s, ISO 8601 or a Unix timestamp'),
  );

/** An IANA time zone name such as `Europe/Paris`, or `UTC`. */
export const TimeZone = z
  .string()
  .check(z.refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris or UTC'));

/** Publication statuses a record can be written with; `trash` is reached only through DELETE. */
export const WritableStatus = z.enum(['publish', 'future', 'draft', 'pending', 'private']);
export type WritableStatus = z.infer<typeof WritableStatus>;

/** Publication statuses a listing can filter on. */
export const PublicationStatus = z.enum([
  'publish',
  'future',
  'draft',
  'pending',
  'private',
  'trash',
]);
export type PublicationStatus = z.infer<typeof PublicationStatus>;

/** An image: the id of an uploaded attachment (digits) or an http(s) URL. */
export const ImageRef = z
  .string()
  .check(
    z.refine(
      (value) => /^\d+$/.test(value) || /^https?:\/\/\S+$/i.test(value),
      'must be an attachment id or an http(s) URL',
    ),
  );

const optionalText = z.optional(z.nullable(shortText));

/**
 * What an event costs: a number, or text such as `Free` or `25 - 40`. One check rather than a union
 * of the two, so that the message says both forms.
 */
export const Cost = z.custom<string | number>(
  (value) =>
    Number.isFinite(value) || (typeof value === 'string' && value.length <= MAX_SHORT_TEXT_LENGTH),
  `must be a number, or text of at most ${MAX_SHORT_TEXT_LENGTH} characters`,
);

/** A website that empty text clears: an http(s) URL or `''`. */
export const WebsiteOrEmpty = z.custom<string>(
  (value) => typeof value === 'string' && (value === '' || isHttpUrl(value)),
  'must be an http(s) URL, or empty to clear it',
);

/** An email address that empty text clears: an address or `''`. */
export const EmailOrEmpty = z.custom<string>(
  (value) => typeof value === 'string' && (value === '' || isEmailAddress(value)),
  'must be a valid email address, or empty to clear it',
);

// ---- path and query parameters ----

/** The `{id}` of a record or term route. */
export const IdPath = z.strictObject({
  /** The record's id. */
  id: Id,
});

/** The `{slug}` of a by-slug route: non-empty text, and nothing else. */
export const SlugPath = z.strictObject({
  /** The record's name in URLs. */
  slug: z.custom<string>(
    (value) => typeof value === 'string' && value !== '',
    'must be a non-empty string',
  ),
});

/** Query of the namespace index: which namespace, and the context of the answer. */
export const IndexQuery = z.strictObject({
  /** The namespace to describe. */
  namespace: z.optional(nonEmpty),
  /** How much of each route to describe: `view`, `embed` or `edit`. */
  context: z.optional(z.enum(['view', 'embed', 'edit'])),
});
/** Query of the namespace index: which namespace, and the context of the answer. */
export interface IndexQuery extends z.infer<typeof IndexQuery> {}

/** The password of a password-protected event. */
export const PasswordQuery = z.strictObject({
  /** The event's password, to read the content of a password-protected event; logs show `[redacted]`. */
  password: z.optional(secret(z.string())),
});
/** The password of a password-protected event. */
export interface PasswordQuery extends z.infer<typeof PasswordQuery> {}

const pageQuery = {
  /** The page to read, from 1. */
  page: z.optional(PageNumber),
  /** How many records a page holds: 1 to 50, 10 when left out. */
  per_page: z.optional(PerPage),
};

const latitude = numberBetween(-90, 90);
const longitude = numberBetween(-180, 180);

/** Filters of GET `/events`. */
export const EventListQuery = z
  .strictObject({
    ...pageQuery,
    /** Events from this moment on; the server picks a default when left out. */
    start_date: z.optional(DateTimeText),
    /** Events up to this moment; the server picks a later default when left out. */
    end_date: z.optional(DateTimeText),
    /** Events that start before this moment. */
    starts_before: z.optional(DateTimeText),
    /** Events that start after this moment. */
    starts_after: z.optional(DateTimeText),
    /** Events that end before this moment. */
    ends_before: z.optional(DateTimeText),
    /** Events that end after this moment. */
    ends_after: z.optional(DateTimeText),
    /** Apply the date filters to the exact times given; otherwise whole days are included. */
    strict_dates: z.optional(z.boolean()),
    /** Text to look for in the title or description. */
    search: z.optional(z.string()),
    /** Events in any of these categories (ids). */
    categories: z.optional(IdList),
    /** Events with any of these tags (ids). */
    tags: z.optional(IdList),
    /** Events at any of these venues (ids). */
    venue: z.optional(IdList),
    /** Events run by any of these organizers (ids). */
    organizer: z.optional(IdList),
    /** Only featured events (true) or only the others (false). */
    featured: z.optional(z.boolean()),
    /** Events with this publication status; anything other than `publish` needs credentials. */
    status: z.optional(PublicationStatus),
    /** Filter by the venue's position (needs the calendar's professional add-on). */
    geoloc: z.optional(z.boolean()),
    /** With `geoloc_lng`: events near this latitude (needs the professional add-on). */
    geoloc_lat: z.optional(latitude),
    /** With `geoloc_lat`: events near this longitude (needs the professional add-on). */
    geoloc_lng: z.optional(longitude),
    /** Only the events with these ids; the date filters are then ignored. */
    include: z.optional(IdList),
    /** Only the events whose parent post has this id. */
    post_parent: z.optional(ParentId),
    /** Only events with tickets (true) or only those without (false). */
    ticketed: z.optional(z.boolean()),
  })
  .check(
    z.refine((query) => query.geoloc_lat === undefined || query.geoloc_lng !== undefined, {
      message: 'is required when geoloc_lat is given',
      path: ['geoloc_lng'],
    }),
    z.refine((query) => query.geoloc_lng === undefined || query.geoloc_lat !== undefined, {
      message: 'is required when geoloc_lng is given',
      path: ['geoloc_lat'],
    }),
  );
/** Filters of GET `/events`. */
export interface EventListQuery extends z.input<typeof EventListQuery> {}

/** Filters of GET `/venues` and GET `/organizers`. */
export const LinkedRecordListQuery = z.strictObject({
  ...pageQuery,
  /** Text to look for in names and descriptions. */
  search: z.optional(z.string()),
  /** Only the ones linked to the event with this id. */
  event: z.optional(Id),
  /** Only those with events (true) or only those without (false). */
  has_events: z.optional(z.boolean()),
  /** Only those with events still to come. */
  only_with_upcoming: z.optional(z.boolean()),
  /** Records with this publication status; anything other than `publish` needs credentials. */
  status: z.optional(PublicationStatus),
});
/** Filters of GET `/venues` and GET `/organizers`. */
export interface LinkedRecordListQuery extends z.input<typeof LinkedRecordListQuery> {}

/** Term attributes a term listing can be sorted by. */
export const TermOrderBy = z.enum(['id', 'include', 'name', 'slug', 'description', 'count']);
export type TermOrderBy = z.infer<typeof TermOrderBy>;

const termQuery = {
  ...pageQuery,
  /** Text to look for in names. */
  search: z.optional(z.string()),
  /** Leave out the terms with these ids. */
  exclude: z.optional(IdList),
  /** Only the terms with these ids. */
  include: z.optional(IdList),
  /** `asc` (the default) or `desc`. */
  order: z.optional(z.enum(['asc', 'desc'])),
  /** What to sort by: `id`, `include`, `name` (the default), `slug`, `description` or `count`. */
  orderby: z.optional(TermOrderBy),
  /** Leave out terms no published event carries. */
  hide_empty: z.optional(z.boolean()),
  /** Only the terms of the event with this id. */
  post: z.optional(Id),
  /** The same as `post`; give one of them, or the same id. */
  event: z.optional(Id),
  /** Only the term with this slug. */
  slug: z.optional(nonEmpty),
};

const eventAliasRule = z.refine<{ post?: number | undefined; event?: number | undefined }>(
  (query) => query.post === undefined || query.event === undefined || query.post === query.event,
  { message: 'is an alias of post: give one of them, or the same id', path: ['event'] },
);

/** Filters of GET `/categories`. */
export const CategoryListQuery = z
  .strictObject({
    ...termQuery,
    /** Only the children of the category with this id (0: the top level). */
    parent: z.optional(ParentId),
  })
  .check(eventAliasRule);
/** Filters of GET `/categories`. */
export interface CategoryListQuery extends z.input<typeof CategoryListQuery> {}

/** Filters of GET `/tags`. */
export const TagListQuery = z.strictObject(termQuery).check(eventAliasRule);
/** Filters of GET `/tags`. */
export interface TagListQuery extends z.input<typeof TagListQuery> {}

// ---- request bodies ----

const optionalIds = z.optional(z.nullable(IdList));

const eventFields = {
  /** The id of the user to credit. */
  author: z.optional(Id),
  /**
   * When to publish it, in the site's time zone; a future date with `status: 'future'` schedules
   * it.
   */
  date: z.optional(DateTimeText),
  /** The same, in UTC. */
  date_utc: z.optional(DateTimeText),
  /** Its description, as HTML. */
  description: z.optional(description),
  /** Its name in URLs; made from the title when left out. */
  slug: z.optional(slug),
  /** A short summary. */
  excerpt: z.optional(description),
  /** The publication status: `publish`, `future`, `draft`, `pending` or `private`. */
  status: z.optional(WritableStatus),
  /** The IANA time zone its dates are wall-clock times in; the site's when left out. */
  timezone: z.optional(TimeZone),
  /** Whether it lasts whole days. */
  all_day: z.optional(z.boolean()),
  /** Its featured image: an attachment id or an http(s) URL; null removes it. */
  image: z.optional(z.nullable(ImageRef)),
  /** What it costs, as text or a number; null clears it. */
  cost: z.optional(z.nullable(Cost)),
  /** Its website, or null to clear it. */
  website: z.optional(z.nullable(httpUrlString())),
  /** Show a map of the venue on its page. */
  show_map: z.optional(z.boolean()),
  /** Link to a map of the venue on its page. */
  show_map_link: z.optional(z.boolean()),
  /** Leave it out of the site's event lists. */
  hide_from_listings: z.optional(z.boolean()),
  /** Keep it at the top of its day in month views. */
  sticky: z.optional(z.boolean()),
  /** Feature it. */
  featured: z.optional(z.boolean()),
  /** The ids of its categories; null or an empty array removes them all. */
  categories: optionalIds,
  /** The ids of its tags; null or an empty array removes them all. */
  tags: optionalIds,
  /** The id of its venue, as an array of at most one; null or empty removes it. */
  venue: z.optional(z.nullable(IdList.check(z.maxLength(1)))),
  /** The ids of its organizers; null or an empty array removes them all. */
  organizer: optionalIds,
};

/** The body of POST `/events`: `title`, `start_date` and `end_date` are required. */
export const CreateEventBody = z.strictObject({
  /** The event's title. */
  title,
  /**
   * When it starts: a Date, or wall-clock text in its `timezone` (`Y-m-d H:i:s`, ISO 8601 or a Unix
   * timestamp).
   */
  start_date: DateTimeText,
  /** When it ends, in the same forms as `start_date`. */
  end_date: DateTimeText,
  ...eventFields,
});
/** The body of POST `/events`: `title`, `start_date` and `end_date` are required. */
export interface CreateEventBody extends z.input<typeof CreateEventBody> {}

/** The body of an event update: every field is optional. */
export const UpdateEventBody = z.strictObject({
  /** A new title. */
  title: z.optional(title),
  /** A new start: a Date, or wall-clock text in the event's `timezone`. */
  start_date: z.optional(DateTimeText),
  /** A new end, in the same forms as `start_date`. */
  end_date: z.optional(DateTimeText),
  ...eventFields,
});
/** The body of an event update: every field is optional. */
export interface UpdateEventBody extends z.input<typeof UpdateEventBody> {}

const MAP_FLAG_TEXTS: readonly unknown[] = ['true', 'false', '1', '0'];

/** Whether to show a map: a boolean, or the same as text (WordPress sends these as strings). */
export const MapFlag = z.custom<boolean | 'true' | 'false' | '1' | '0'>(
  (value) => typeof value === 'boolean' || MAP_FLAG_TEXTS.includes(value),
  'must be a boolean, or one of "true", "false", "1", "0"',
);
export type MapFlag = z.infer<typeof MapFlag>;

const linkedRecordFields = {
  /** The id of the user to credit. */
  author: z.optional(Id),
  /** When to publish it, in the site's time zone. */
  date: z.optional(DateTimeText),
  /** The same, in UTC. */
  date_utc: z.optional(DateTimeText),
  /** Its description, as HTML; null clears it. */
  description: z.optional(z.nullable(description)),
  /** The publication status: `publish`, `future`, `draft`, `pending` or `private`. */
  status: z.optional(WritableStatus),
  /** Its name in URLs; made from the name when left out. */
  slug: z.optional(slug),
  /** Its featured image: an attachment id or an http(s) URL; null removes it. */
  image: z.optional(z.nullable(ImageRef)),
  /** A phone number; null clears it. */
  phone: optionalText,
  /** Its website; empty or null clears it. */
  website: z.optional(z.nullable(WebsiteOrEmpty)),
};

const venueFields = {
  ...linkedRecordFields,
  /** Show a map on its events' pages: a boolean, or the same as text. */
  show_map: z.optional(z.nullable(MapFlag)),
  /** Link to a map on its events' pages: a boolean, or the same as text. */
  show_map_link: z.optional(z.nullable(MapFlag)),
  /** The street address; null clears it. */
  address: optionalText,
  /** The city; null clears it. */
  city: optionalText,
  /** The country; null clears it. */
  country: optionalText,
  /** The province, outside the United States; null clears it. */
  province: optionalText,
  /** The state, in the United States; null clears it. */
  state: optionalText,
  /** The postal code; null clears it. */
  zip: optionalText,
  /** The state or province, when it does not matter which; null clears it. */
  stateprovince: optionalText,
};

/** The body of POST `/venues`: `venue` (the name) is required. */
export const CreateVenueBody = z.strictObject({
  /** The venue's name. */
  venue: title,
  ...venueFields,
});
/** The body of POST `/venues`: `venue` (the name) is required. */
export interface CreateVenueBody extends z.input<typeof CreateVenueBody> {}

/** The body of a venue update: every field is optional. */
export const UpdateVenueBody = z.strictObject({
  /** A new name. */
  venue: z.optional(title),
  ...venueFields,
});
/** The body of a venue update: every field is optional. */
export interface UpdateVenueBody extends z.input<typeof UpdateVenueBody> {}

const organizerFields = {
  ...linkedRecordFields,
  /** An email address; empty or null clears it. */
  email: z.optional(z.nullable(EmailOrEmpty)),
};

/** The body of POST `/organizers`: `organizer` (the name) is required. */
export const CreateOrganizerBody = z.strictObject({
  /** The organizer's name. */
  organizer: title,
  ...organizerFields,
});
/** The body of POST `/organizers`: `organizer` (the name) is required. */
export interface CreateOrganizerBody extends z.input<typeof CreateOrganizerBody> {}

/** The body of an organizer update: every field is optional. */
export const UpdateOrganizerBody = z.strictObject({
  /** A new name. */
  organizer: z.optional(title),
  ...organizerFields,
});
/** The body of an organizer update: every field is optional. */
export interface UpdateOrganizerBody extends z.input<typeof UpdateOrganizerBody> {}

const termFields = {
  /** Its description. */
  description: z.optional(description),
  /** Its name in URLs; made from the name when left out. */
  slug: z.optional(slug),
};
const parentField = {
  /** The id of the parent category; 0 for the top level. */
  parent: z.optional(ParentId),
};

/** The body of POST `/categories`: `name` is required; `parent` 0 means top level. */
export const CreateCategoryBody = z.strictObject({
  /** The category's name. */
  name: termName,
  ...termFields,
  ...parentField,
});
/** The body of POST `/categories`: `name` is required; `parent` 0 means top level. */
export interface CreateCategoryBody extends z.input<typeof CreateCategoryBody> {}

/** Changes to a category: any of its fields. */
export const UpdateCategoryBody = z.strictObject({
  /** A new name. */
  name: z.optional(termName),
  ...termFields,
  ...parentField,
});
/** Changes to a category: any of its fields. */
export interface UpdateCategoryBody extends z.input<typeof UpdateCategoryBody> {}

/** The body of POST `/tags`: `name` is required. */
export const CreateTagBody = z.strictObject({
  /** The tag's name. */
  name: termName,
  ...termFields,
});
/** The body of POST `/tags`: `name` is required. */
export interface CreateTagBody extends z.input<typeof CreateTagBody> {}

/** Changes to a tag: any of its fields. */
export const UpdateTagBody = z.strictObject({
  /** A new name. */
  name: z.optional(termName),
  ...termFields,
});
/** Changes to a tag: any of its fields. */
export interface UpdateTagBody extends z.input<typeof UpdateTagBody> {}
