/**
 * The wire contract of the events calendar interface, as zod schemas. The client checks its inputs
 * with them and the reference server validates requests with the same ones (and generates its
 * OpenAPI document from them), so the three can never disagree. Response schemas are loose: fields
 * the interface adds later pass through.
 *
 * @module
 */

import { emailString, httpUrlString, integer, oneOf, recordOf } from '@clientkit/core';
import * as z from 'zod/mini';
import { formatDateForWire, isDateTimeText, isTimeZone } from './date-time';

export {
  type DateTimeReading,
  formatDateForWire,
  isDateTimeText,
  isTimeZone,
  type LocalDateTime,
  readDateTime,
  utcMsOf,
} from './date-time';

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

/** A post id (event, venue, organizer) or a term id: a positive integer. */
export const Id = integer(1);

/** Several ids; sent in a query string as a comma-separated list. */
export const IdList = z.array(Id);

/** A page number, from 1. */
export const PageNumber = integer(1);

/** Items per page: at least 1; values above 50 become 50. */
export const PerPage = z.pipe(
  integer(1),
  z.transform((size: number) => Math.min(size, MAX_PER_PAGE)),
);

const dateTimeRule = 'must be a date-time: Y-m-d H:i:s, ISO 8601 or a Unix timestamp';

/** A date-time as the interface reads it: `Y-m-d H:i:s`, ISO 8601, or a Unix timestamp in seconds. */
export const DateTimeText = z.string().check(z.refine(isDateTimeText, dateTimeRule));

/**
 * A date-time given by a caller: a `Date` (sent as ISO 8601 in UTC) or text the interface reads
 * (`Y-m-d H:i:s` in the event's or the site's time zone, ISO 8601, or a Unix timestamp).
 */
export const DateTimeInput = z.pipe(
  z.pipe(
    z.custom<Date | string>(
      (value) => value instanceof Date || typeof value === 'string',
      'must be a Date or a date-time string',
    ),
    z.transform((value: Date | string) =>
      value instanceof Date ? formatDateForWire(value) : value,
    ),
  ),
  DateTimeText,
);
export type DateTimeInput = z.input<typeof DateTimeInput>;

/** An IANA time zone name such as `Europe/Paris`, or `UTC`. */
export const TimeZone = z
  .string()
  .check(z.refine(isTimeZone, 'must be an IANA time zone such as Europe/Paris or UTC'));

/** Publication statuses a record can be written with; `trash` is reached only through DELETE. */
export const WritableStatus = oneOf(['publish', 'future', 'draft', 'pending', 'private']);
export type WritableStatus = z.infer<typeof WritableStatus>;

/** Publication statuses a listing can filter on. */
export const PostStatus = oneOf(['publish', 'future', 'draft', 'pending', 'private', 'trash']);
export type PostStatus = z.infer<typeof PostStatus>;

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

// ---- responses ----

/** An image of a record: `false` when there is none. */
export const Image = z.union([
  z.custom<false>((value) => value === false, 'must be false'),
  z.looseObject({ id: z.nullable(z.number()), url: z.string() }),
]);
export type Image = z.infer<typeof Image>;

/** A category or a tag. */
export const Term = z.looseObject({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  parent: z.number(),
  count: z.number(),
  taxonomy: z.string(),
  urls: z.looseObject({
    self: z.string(),
    collection: z.string(),
    up: z.optional(z.string()),
  }),
});
export type Term = z.infer<typeof Term>;

const postFields = {
  id: z.number(),
  author: z.number(),
  status: z.string(),
  date: z.string(),
  date_utc: z.string(),
  modified: z.string(),
  modified_utc: z.string(),
  url: z.string(),
  rest_url: z.string(),
  slug: z.string(),
};

/** A place where events happen. `geo_lat` and `geo_lng` are null when its position is unknown. */
export const Venue = z.looseObject({
  ...postFields,
  venue: z.string(),
  description: z.string(),
  address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  country: z.nullable(z.string()),
  province: z.nullable(z.string()),
  state: z.nullable(z.string()),
  stateprovince: z.nullable(z.string()),
  zip: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  website: z.nullable(z.string()),
  image: Image,
  show_map: z.boolean(),
  show_map_link: z.boolean(),
  geo_lat: z.nullable(z.number()),
  geo_lng: z.nullable(z.number()),
});
export type Venue = z.infer<typeof Venue>;

/** A person or group that runs events. */
export const Organizer = z.looseObject({
  ...postFields,
  organizer: z.string(),
  description: z.string(),
  phone: z.nullable(z.string()),
  website: z.nullable(z.string()),
  email: z.nullable(z.string()),
  image: Image,
});
export type Organizer = z.infer<typeof Organizer>;

/** An event. `venue` is the venue, or an empty array when the event has none. */
export const Event = z.looseObject({
  ...postFields,
  title: z.string(),
  description: z.string(),
  excerpt: z.string(),
  image: Image,
  all_day: z.boolean(),
  start_date: z.string(),
  end_date: z.string(),
  utc_start_date: z.string(),
  utc_end_date: z.string(),
  timezone: z.string(),
  cost: z.string(),
  website: z.nullable(z.string()),
  show_map: z.boolean(),
  show_map_link: z.boolean(),
  hide_from_listings: z.boolean(),
  sticky: z.boolean(),
  featured: z.boolean(),
  categories: z.array(Term),
  tags: z.array(Term),
  venue: z.union([
    Venue,
    z.custom<never[]>(
      (value) => Array.isArray(value) && value.length === 0,
      'must be an empty array',
    ),
  ]),
  organizer: z.array(Organizer),
  ticketed: z.optional(z.boolean()),
  post_parent: z.optional(z.number()),
  password_protected: z.optional(z.boolean()),
});
export type Event = z.infer<typeof Event>;

const listEnvelope = {
  rest_url: z.string(),
  next_rest_url: z.optional(z.string()),
  previous_rest_url: z.optional(z.string()),
  total: z.number(),
  total_pages: z.number(),
};

/** A page of events, with the totals and the URLs of the neighbouring pages. */
export const EventList = z.looseObject({ events: z.array(Event), ...listEnvelope });
export type EventList = z.infer<typeof EventList>;
/** A page of venues, with the totals and the URLs of the neighbouring pages. */
export const VenueList = z.looseObject({ venues: z.array(Venue), ...listEnvelope });
export type VenueList = z.infer<typeof VenueList>;
/** A page of organizers, with the totals and the URLs of the neighbouring pages. */
export const OrganizerList = z.looseObject({ organizers: z.array(Organizer), ...listEnvelope });
export type OrganizerList = z.infer<typeof OrganizerList>;
/** A page of categories, with the totals and the URLs of the neighbouring pages. */
export const CategoryList = z.looseObject({ categories: z.array(Term), ...listEnvelope });
export type CategoryList = z.infer<typeof CategoryList>;
/** A page of tags, with the totals and the URLs of the neighbouring pages. */
export const TagList = z.looseObject({ tags: z.array(Term), ...listEnvelope });
export type TagList = z.infer<typeof TagList>;

/** The routes of the namespace, with their methods and arguments. */
export const NamespaceIndex = z.looseObject({
  namespace: z.string(),
  routes: recordOf(
    z.looseObject({
      namespace: z.string(),
      methods: z.array(z.string()),
      endpoints: z.array(
        z.looseObject({
          methods: z.array(z.string()),
          args: recordOf(z.unknown()),
        }),
      ),
    }),
  ),
});
export type NamespaceIndex = z.infer<typeof NamespaceIndex>;

/** An OpenAPI 3.1 document of the interface. */
export const OpenApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: recordOf(z.unknown()),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

/**
 * The error body: `params` maps each bad parameter to what is wrong with it (an array of names
 * for missing parameters).
 */
export const CalendarErrorBody = z.looseObject({
  code: z.string(),
  message: z.string(),
  data: z.looseObject({
    status: z.number(),
    params: z.optional(
      z.union([recordOf(z.string(), 'must be an object of strings'), z.array(z.string())]),
    ),
    details: z.optional(recordOf(z.unknown())),
  }),
});
export type CalendarErrorBody = z.infer<typeof CalendarErrorBody>;

// ---- path and query parameters ----

/** The `{id}` of a record route: a positive integer. */
export const IdPath = z.object({ id: Id });
/** The `{slug}` of a by-slug route: non-empty text. */
export const SlugPath = z.object({ slug: nonEmpty });

/** Query of the namespace index: which namespace, and the context of the answer. */
export const IndexQuery = z.object({
  namespace: z.optional(nonEmpty),
  context: z.optional(oneOf(['view', 'embed', 'edit'])),
});
export type IndexQuery = z.input<typeof IndexQuery>;

/** The password of a password-protected event. */
export const PasswordQuery = z.object({ password: z.optional(z.string()) });
export type PasswordQuery = z.input<typeof PasswordQuery>;

const pageQuery = {
  page: z.optional(PageNumber),
  per_page: z.optional(PerPage),
};

const latitude = z.number().check(z.gte(-90), z.lte(90));
const longitude = z.number().check(z.gte(-180), z.lte(180));

/** Filters of GET `/events`. */
export const EventListQuery = z
  .object({
    ...pageQuery,
    start_date: z.optional(DateTimeInput),
    end_date: z.optional(DateTimeInput),
    starts_before: z.optional(DateTimeInput),
    starts_after: z.optional(DateTimeInput),
    ends_before: z.optional(DateTimeInput),
    ends_after: z.optional(DateTimeInput),
    strict_dates: z.optional(z.boolean()),
    search: z.optional(z.string()),
    categories: z.optional(IdList),
    tags: z.optional(IdList),
    venue: z.optional(IdList),
    organizer: z.optional(IdList),
    featured: z.optional(z.boolean()),
    status: z.optional(PostStatus),
    geoloc: z.optional(z.boolean()),
    geoloc_lat: z.optional(latitude),
    geoloc_lng: z.optional(longitude),
    include: z.optional(IdList),
    post_parent: z.optional(integer(0)),
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
/** Filters of `calendar.events.list`. */
export type EventFilters = z.input<typeof EventListQuery>;

/** Filters of GET `/venues` and GET `/organizers`. */
export const LinkedPostListQuery = z.object({
  ...pageQuery,
  search: z.optional(z.string()),
  event: z.optional(Id),
  has_events: z.optional(z.boolean()),
  only_with_upcoming: z.optional(z.boolean()),
  status: z.optional(PostStatus),
});
/** Filters of `calendar.venues.list`. */
export type VenueFilters = z.input<typeof LinkedPostListQuery>;
/** Filters of `calendar.organizers.list`. */
export type OrganizerFilters = z.input<typeof LinkedPostListQuery>;

/** Term attributes a term listing can be sorted by. */
export const TermOrderBy = oneOf(['id', 'include', 'name', 'slug', 'description', 'count']);
export type TermOrderBy = z.infer<typeof TermOrderBy>;

const termQuery = {
  ...pageQuery,
  search: z.optional(z.string()),
  exclude: z.optional(IdList),
  include: z.optional(IdList),
  order: z.optional(oneOf(['asc', 'desc'])),
  orderby: z.optional(TermOrderBy),
  hide_empty: z.optional(z.boolean()),
  post: z.optional(Id),
  event: z.optional(Id),
  slug: z.optional(nonEmpty),
};

const postAliasRule = z.refine<{ post?: number | undefined; event?: number | undefined }>(
  (query) => query.post === undefined || query.event === undefined || query.post === query.event,
  { message: 'is an alias of post: give one of them, or the same id', path: ['event'] },
);

/** Filters of GET `/categories`. */
export const CategoryListQuery = z
  .object({ ...termQuery, parent: z.optional(integer(0)) })
  .check(postAliasRule);
/** Filters of `calendar.categories.list`. */
export type CategoryFilters = z.input<typeof CategoryListQuery>;

/** Filters of GET `/tags`. */
export const TagListQuery = z.object(termQuery).check(postAliasRule);
/** Filters of `calendar.tags.list`. */
export type TagFilters = z.input<typeof TagListQuery>;

// ---- request bodies ----

const optionalIds = z.optional(z.nullable(IdList));

const eventFields = {
  author: z.optional(Id),
  date: z.optional(DateTimeInput),
  date_utc: z.optional(DateTimeInput),
  description: z.optional(description),
  slug: z.optional(slug),
  excerpt: z.optional(description),
  status: z.optional(WritableStatus),
  timezone: z.optional(TimeZone),
  all_day: z.optional(z.boolean()),
  image: z.optional(z.nullable(ImageRef)),
  cost: z.optional(z.nullable(z.union([shortText, z.number()]))),
  website: z.optional(z.nullable(httpUrlString())),
  show_map: z.optional(z.boolean()),
  show_map_link: z.optional(z.boolean()),
  hide_from_listings: z.optional(z.boolean()),
  sticky: z.optional(z.boolean()),
  featured: z.optional(z.boolean()),
  categories: optionalIds,
  tags: optionalIds,
  venue: z.optional(z.nullable(IdList.check(z.maxLength(1)))),
  organizer: optionalIds,
};

/** The body of POST `/events`: `title`, `start_date` and `end_date` are required. */
export const CreateEventBody = z.object({
  title,
  start_date: DateTimeInput,
  end_date: DateTimeInput,
  ...eventFields,
});
/** What `calendar.events.create` takes. */
export type EventInput = z.input<typeof CreateEventBody>;

/** The body of an event update: every field is optional. */
export const UpdateEventBody = z.object({
  title: z.optional(title),
  start_date: z.optional(DateTimeInput),
  end_date: z.optional(DateTimeInput),
  ...eventFields,
});
/** What `calendar.events.update` takes. */
export type EventChanges = z.input<typeof UpdateEventBody>;

/** Whether to show a map: a boolean, or the same as text (WordPress sends these as strings). */
export const MapFlag = z.union([z.boolean(), oneOf(['true', 'false', '1', '0'])]);
export type MapFlag = z.infer<typeof MapFlag>;

const linkedPostFields = {
  author: z.optional(Id),
  date: z.optional(DateTimeInput),
  date_utc: z.optional(DateTimeInput),
  description: z.optional(z.nullable(description)),
  status: z.optional(WritableStatus),
  slug: z.optional(slug),
  image: z.optional(z.nullable(ImageRef)),
  phone: optionalText,
  website: z.optional(z.nullable(z.union([oneOf(['']), httpUrlString()]))),
};

const venueFields = {
  ...linkedPostFields,
  show_map: z.optional(z.nullable(MapFlag)),
  show_map_link: z.optional(z.nullable(MapFlag)),
  address: optionalText,
  city: optionalText,
  country: optionalText,
  province: optionalText,
  state: optionalText,
  zip: optionalText,
  stateprovince: optionalText,
};

/** The body of POST `/venues`: `venue` (the name) is required. */
export const CreateVenueBody = z.object({ venue: title, ...venueFields });
/** What `calendar.venues.create` takes. */
export type VenueInput = z.input<typeof CreateVenueBody>;

/** The body of a venue update: every field is optional. */
export const UpdateVenueBody = z.object({ venue: z.optional(title), ...venueFields });
/** What `calendar.venues.update` takes. */
export type VenueChanges = z.input<typeof UpdateVenueBody>;

const organizerFields = {
  ...linkedPostFields,
  email: z.optional(z.nullable(z.union([oneOf(['']), emailString()]))),
};

/** The body of POST `/organizers`: `organizer` (the name) is required. */
export const CreateOrganizerBody = z.object({ organizer: title, ...organizerFields });
/** What `calendar.organizers.create` takes. */
export type OrganizerInput = z.input<typeof CreateOrganizerBody>;

/** The body of an organizer update: every field is optional. */
export const UpdateOrganizerBody = z.object({
  organizer: z.optional(title),
  ...organizerFields,
});
/** What `calendar.organizers.update` takes. */
export type OrganizerChanges = z.input<typeof UpdateOrganizerBody>;

const termFields = {
  description: z.optional(description),
  slug: z.optional(slug),
};
const parentField = { parent: z.optional(integer(0)) };

/** The body of POST `/categories`: `name` is required; `parent` 0 means top level. */
export const CreateCategoryBody = z.object({ name: termName, ...termFields, ...parentField });
/** What `calendar.categories.create` takes. */
export type CategoryInput = z.input<typeof CreateCategoryBody>;

/** Changes to a category: any of its fields. */
export const UpdateCategoryBody = z.object({
  name: z.optional(termName),
  ...termFields,
  ...parentField,
});
/** What `calendar.categories.update` takes. */
export type CategoryChanges = z.input<typeof UpdateCategoryBody>;

/** The body of POST `/tags`: `name` is required. */
export const CreateTagBody = z.object({ name: termName, ...termFields });
/** What `calendar.tags.create` takes. */
export type TagInput = z.input<typeof CreateTagBody>;

/** Changes to a tag: any of its fields. */
export const UpdateTagBody = z.object({ name: z.optional(termName), ...termFields });
/** What `calendar.tags.update` takes. */
export type TagChanges = z.input<typeof UpdateTagBody>;
