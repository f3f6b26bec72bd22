/**
 * The schemas of the calendar's answers: records, lists, the error body and the namespace's index
 * and OpenAPI document. Only `validateResponses` needs them, so the client loads this module on
 * demand, and applications that do not check answers never load it. Records type the fields they
 * declare, and fields the interface adds later still pass through.
 *
 * @module
 */

import * as z from 'zod/mini';
import { record } from '../common';

// A field that holds another model's schema casts it to that model's interface
// (`Term as z.ZodMiniType<Term, ...>`), so that its type, and the API reference, name the model
// instead of spelling its fields out again. A cast adds no code.

/** An image of a record: `false` when there is none. */
export const Image = z.union([
  z.custom<false>((value) => value === false, 'must be false'),
  record({ id: z.nullable(z.number()), url: z.string() }),
]);
export type Image = z.infer<typeof Image>;

/** A category or a tag. */
export const Term = record({
  /** The term's id. */
  id: z.number(),
  /** Its name. */
  name: z.string(),
  /** Its name in URLs. */
  slug: z.string(),
  /** Its description, or empty. */
  description: z.string(),
  /** The id of the parent category, or 0 at the top level (always 0 for tags). */
  parent: z.number(),
  /** How many published events carry it. */
  count: z.number(),
  /** `tribe_events_cat` for a category, `post_tag` for a tag. */
  taxonomy: z.string(),
  /** Its REST addresses: `self`, its `collection`, and `up` to its parent when it has one. */
  urls: record({
    self: z.string(),
    collection: z.string(),
    up: z.optional(z.string()),
  }),
});
/** A category or a tag. */
export interface Term extends z.infer<typeof Term> {}

/** A date split into its parts, each zero-padded text (`month: '03'`), as the plugin answers them. */
export const DateDetails = record({
  /** The year, four digits. */
  year: z.string(),
  /** The month, `01` to `12`. */
  month: z.string(),
  /** The day of the month, `01` to `31`. */
  day: z.string(),
  /** The hour on a 24-hour clock, `00` to `23`. */
  hour: z.string(),
  /** The minutes, `00` to `59`. */
  minutes: z.string(),
  /** The seconds, `00` to `59`. */
  seconds: z.string(),
});
/** A date split into its parts, each zero-padded text (`month: '03'`), as the plugin answers them. */
export interface DateDetails extends z.infer<typeof DateDetails> {}

/**
 * The cost of an event taken apart: its currency (empty when the event has none) and the amounts
 * found in the cost text, lowest first.
 */
export const CostDetails = record({
  /** The currency's symbol, such as `$` or `€`; empty when the event has no currency. */
  currency_symbol: z.string(),
  /** `prefix` or `suffix`, or empty when the event has no currency. */
  currency_position: z.string(),
  /** The amounts found in the cost text, lowest first; the text itself when it has no number. */
  values: z.array(z.string()),
});
/**
 * The cost of an event taken apart: its currency (empty when the event has none) and the amounts
 * found in the cost text, lowest first.
 */
export interface CostDetails extends z.infer<typeof CostDetails> {}

/**
 * How a record is recognised across sites: `global_id` is the site's host with the post id
 * (`events.example.com?id=12`); the lineage lists it and the ids of the records it was imported from.
 */
const globalIdFields = {
  /** Its id across sites: the site's host with its post id, such as `events.example.com?id=12`. */
  global_id: z.string(),
  /** Its own global id first, then those of the records it was imported from. */
  global_id_lineage: z.array(z.string()),
};

const recordFields = {
  /** The record's id. */
  id: z.number(),
  /** The id of the user who created it. */
  author: z.number(),
  /** Its publication status, such as `publish` or `draft`. */
  status: z.string(),
  /** When it was published, in the site's time zone (`Y-m-d H:i:s`). */
  date: z.string(),
  /** The same moment in UTC. */
  date_utc: z.string(),
  /** When it last changed, in the site's time zone. */
  modified: z.string(),
  /** The same moment in UTC. */
  modified_utc: z.string(),
  /** Its page on the site. */
  url: z.string(),
  /** Its address in this interface. */
  rest_url: z.string(),
  /** Its name in URLs. */
  slug: z.string(),
};

/** A place where events happen. `geo_lat` and `geo_lng` are null when its position is unknown. */
export const Venue = record({
  ...recordFields,
  ...globalIdFields,
  /** The venue's name. */
  venue: z.string(),
  /** Its description, as HTML. */
  description: z.string(),
  /** The short description; empty when there is none. */
  excerpt: z.string(),
  /** The street address. */
  address: z.nullable(z.string()),
  /** The city. */
  city: z.nullable(z.string()),
  /** The country. */
  country: z.nullable(z.string()),
  /** The province, outside the United States. */
  province: z.nullable(z.string()),
  /** The state, in the United States. */
  state: z.nullable(z.string()),
  /** The state or province, whichever was given. */
  stateprovince: z.nullable(z.string()),
  /** The postal code. */
  zip: z.nullable(z.string()),
  /** A phone number. */
  phone: z.nullable(z.string()),
  /** Its website. */
  website: z.nullable(z.string()),
  /** Its featured image, or `false` when it has none. */
  image: Image,
  /** Whether its events show a map. */
  show_map: z.boolean(),
  /** Whether its events show a link to a map. */
  show_map_link: z.boolean(),
  /** Its latitude, or null when its position is unknown. */
  geo_lat: z.nullable(z.number()),
  /** Its longitude, or null when its position is unknown. */
  geo_lng: z.nullable(z.number()),
});
/** A place where events happen. `geo_lat` and `geo_lng` are null when its position is unknown. */
export interface Venue extends z.infer<typeof Venue> {}

/** A person or group that runs events. */
export const Organizer = record({
  ...recordFields,
  ...globalIdFields,
  /** The organizer's name. */
  organizer: z.string(),
  /** Its description, as HTML. */
  description: z.string(),
  /** The short description; empty when there is none. */
  excerpt: z.string(),
  /** A phone number. */
  phone: z.nullable(z.string()),
  /** Its website. */
  website: z.nullable(z.string()),
  /** An email address. */
  email: z.nullable(z.string()),
  /** Its featured image, or `false` when it has none. */
  image: Image,
});
/** A person or group that runs events. */
export interface Organizer extends z.infer<typeof Organizer> {}

/** An event. `venue` is the venue, or an empty array when the event has none. */
export const Event = record({
  ...recordFields,
  ...globalIdFields,
  /** The event's title. */
  title: z.string(),
  /** Its description, as HTML. */
  description: z.string(),
  /** A short summary, as HTML. */
  excerpt: z.string(),
  /** Its featured image, or `false` when it has none. */
  image: Image,
  /** Whether it lasts whole days, without start and end times. */
  all_day: z.boolean(),
  /** When it starts, wall-clock time in its `timezone` (`Y-m-d H:i:s`). */
  start_date: z.string(),
  /** `start_date` split into its parts. */
  start_date_details: DateDetails as z.ZodMiniType<DateDetails, z.input<typeof DateDetails>>,
  /** When it ends, wall-clock time in its `timezone`. */
  end_date: z.string(),
  /** `end_date` split into its parts. */
  end_date_details: DateDetails as z.ZodMiniType<DateDetails, z.input<typeof DateDetails>>,
  /** When it starts, in UTC. */
  utc_start_date: z.string(),
  /** `utc_start_date` split into its parts. */
  utc_start_date_details: DateDetails as z.ZodMiniType<DateDetails, z.input<typeof DateDetails>>,
  /** When it ends, in UTC. */
  utc_end_date: z.string(),
  /** `utc_end_date` split into its parts. */
  utc_end_date_details: DateDetails as z.ZodMiniType<DateDetails, z.input<typeof DateDetails>>,
  /** Its IANA time zone, such as `America/New_York`. */
  timezone: z.string(),
  /** The time zone's abbreviation when the event starts (`CET`, `EST`), or its offset (`+09`). */
  timezone_abbr: z.string(),
  /** What it costs, as text; empty when free or unknown. */
  cost: z.string(),
  /** The cost's currency and amounts. */
  cost_details: CostDetails as z.ZodMiniType<CostDetails, z.input<typeof CostDetails>>,
  /** Its website. */
  website: z.nullable(z.string()),
  /** Whether its page shows a map of the venue. */
  show_map: z.boolean(),
  /** Whether its page links to a map of the venue. */
  show_map_link: z.boolean(),
  /** Whether it is left out of the site's event lists. */
  hide_from_listings: z.boolean(),
  /** Whether it stays at the top of its day in month views. */
  sticky: z.boolean(),
  /** Whether it is featured. */
  featured: z.boolean(),
  /** Its categories. */
  categories: z.array(Term as z.ZodMiniType<Term, z.input<typeof Term>>),
  /** Its tags. */
  tags: z.array(Term as z.ZodMiniType<Term, z.input<typeof Term>>),
  /** Its venue, or an empty array when it has none. */
  venue: z.union([
    Venue as z.ZodMiniType<Venue, z.input<typeof Venue>>,
    z.custom<never[]>(
      (value) => Array.isArray(value) && value.length === 0,
      'must be an empty array',
    ),
  ]),
  /** Its organizers. */
  organizer: z.array(Organizer as z.ZodMiniType<Organizer, z.input<typeof Organizer>>),
  /** Whether tickets are sold for it. */
  ticketed: z.optional(z.boolean()),
  /** The id of its parent post, when it has one. */
  post_parent: z.optional(z.number()),
  /** Whether its content needs a password; without it, description and excerpt are empty. */
  password_protected: z.optional(z.boolean()),
});
/** An event. `venue` is the venue, or an empty array when the event has none. */
export interface Event extends z.infer<typeof Event> {}

const listEnvelope = {
  /** The address of this page. */
  rest_url: z.string(),
  /** The address of the next page; missing on the last one. */
  next_rest_url: z.optional(z.string()),
  /** The address of the previous page; missing on the first one. */
  previous_rest_url: z.optional(z.string()),
  /** The number of records the listing has in all. */
  total: z.number(),
  /** The number of pages at this page size. */
  total_pages: z.number(),
};

/** A page of events, with the totals and the URLs of the neighbouring pages. */
export const EventList = record({
  /** The events on this page. */
  events: z.array(Event as z.ZodMiniType<Event, z.input<typeof Event>>),
  ...listEnvelope,
});
/** A page of events, with the totals and the URLs of the neighbouring pages. */
export interface EventList extends z.infer<typeof EventList> {}
/** A page of venues, with the totals and the URLs of the neighbouring pages. */
export const VenueList = record({
  /** The venues on this page. */
  venues: z.array(Venue as z.ZodMiniType<Venue, z.input<typeof Venue>>),
  ...listEnvelope,
});
/** A page of venues, with the totals and the URLs of the neighbouring pages. */
export interface VenueList extends z.infer<typeof VenueList> {}
/** A page of organizers, with the totals and the URLs of the neighbouring pages. */
export const OrganizerList = record({
  /** The organizers on this page. */
  organizers: z.array(Organizer as z.ZodMiniType<Organizer, z.input<typeof Organizer>>),
  ...listEnvelope,
});
/** A page of organizers, with the totals and the URLs of the neighbouring pages. */
export interface OrganizerList extends z.infer<typeof OrganizerList> {}
/** A page of categories, with the totals and the URLs of the neighbouring pages. */
export const CategoryList = record({
  /** The categories on this page. */
  categories: z.array(Term as z.ZodMiniType<Term, z.input<typeof Term>>),
  ...listEnvelope,
});
/** A page of categories, with the totals and the URLs of the neighbouring pages. */
export interface CategoryList extends z.infer<typeof CategoryList> {}
/** A page of tags, with the totals and the URLs of the neighbouring pages. */
export const TagList = record({
  /** The tags on this page. */
  tags: z.array(Term as z.ZodMiniType<Term, z.input<typeof Term>>),
  ...listEnvelope,
});
/** A page of tags, with the totals and the URLs of the neighbouring pages. */
export interface TagList extends z.infer<typeof TagList> {}

/** The routes of the namespace, with their methods and arguments. */
export const NamespaceIndex = record({
  /** The namespace, `calendar/events/v1`. */
  namespace: z.string(),
  /** Each route of the namespace, with its methods and the arguments of each endpoint. */
  routes: z.record(
    z.string(),
    record({
      namespace: z.string(),
      methods: z.array(z.string()),
      endpoints: z.array(
        record({
          methods: z.array(z.string()),
          args: z.record(z.string(), z.unknown()),
        }),
      ),
    }),
  ),
});
/** The routes of the namespace, with their methods and arguments. */
export interface NamespaceIndex extends z.infer<typeof NamespaceIndex> {}

/** An OpenAPI 3.1 document of the interface. */
export const OpenApiDocument = record({
  /** The OpenAPI version, `3.1.0`. */
  openapi: z.string(),
  /** The interface's title and version. */
  info: record({ title: z.string(), version: z.string() }),
  /** Each route and its operations. */
  paths: z.record(z.string(), z.unknown()),
  /** Where the interface is served: the namespace's URL as the caller reached it. */
  servers: z.optional(z.array(record({ url: z.string() }))),
  /** The schemas the operations refer to, and the ways to authenticate. */
  components: z.optional(z.record(z.string(), z.unknown())),
});
/** An OpenAPI 3.1 document of the interface. */
export interface OpenApiDocument extends z.infer<typeof OpenApiDocument> {}

/**
 * The error body: `params` maps each bad parameter to what is wrong with it (an array of names
 * for missing parameters).
 */
export const CalendarErrorBody = record({
  /** A machine-readable code, such as `rest_invalid_param` or `rest_post_invalid_id`. */
  code: z.string(),
  /** What went wrong, for people. */
  message: z.string(),
  /** The HTTP `status`, and for bad parameters which ones (`params`) and why (`details`). */
  data: record({
    status: z.number(),
    params: z.optional(z.union([z.record(z.string(), z.string()), z.array(z.string())])),
    details: z.optional(z.record(z.string(), z.unknown())),
  }),
});
/**
 * The error body: `params` maps each bad parameter to what is wrong with it (an array of names
 * for missing parameters).
 */
export interface CalendarErrorBody extends z.infer<typeof CalendarErrorBody> {}
