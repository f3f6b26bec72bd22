import { PublicationStatus, TimeZone } from '@clientkit/contracts/calendar';
import { z } from 'zod/mini';

/**
 * The calendar's stored records, as zod schemas so that seed data from a file or the admin route
 * is checked before it replaces the state. Times of records are UTC ISO instants; event times are
 * wall-clock `Y-m-d H:i:s` in the event's time zone, as WordPress stores them.
 */

const instant = z
  .string()
  .check(z.refine((text) => !Number.isNaN(Date.parse(text)), 'must be an ISO 8601 instant'));
const wallClock = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'must be Y-m-d H:i:s'));
const id = z.int().check(z.positive());
const text = z.nullable(z.string());

export const Role = z.enum(['administrator', 'editor', 'subscriber']);
export type Role = z.infer<typeof Role>;

export const StoredUser = z.object({
  id,
  login: z.string().check(z.minLength(1)),
  name: z.string(),
  role: Role,
  /** Left out of `inspect()`: a secret. */
  application_password: z.optional(z.nullable(z.string())),
});
export type StoredUser = z.infer<typeof StoredUser>;

const postFields = {
  id,
  author: id,
  status: PublicationStatus,
  slug: z.string().check(z.minLength(1)),
  date_utc: instant,
  modified_utc: instant,
};

export const StoredEvent = z.object({
  ...postFields,
  title: z.string(),
  description: z.string(),
  excerpt: z.string(),
  image: text,
  all_day: z.boolean(),
  start_date: wallClock,
  end_date: wallClock,
  timezone: TimeZone,
  cost: z.string(),
  /** The currency of the cost, as the plugin stores it per event; none when left out. */
  currency_symbol: z.optional(z.string()),
  currency_position: z.optional(z.enum(['prefix', 'suffix'])),
  website: text,
  show_map: z.boolean(),
  show_map_link: z.boolean(),
  hide_from_listings: z.boolean(),
  sticky: z.boolean(),
  featured: z.boolean(),
  categories: z.array(id),
  tags: z.array(id),
  venue: z.nullable(id),
  organizer: z.array(id),
  ticketed: z.boolean(),
  post_parent: z.int().check(z.minimum(0)),
  /** Left out of `inspect()`: a secret. */
  password: z.optional(z.nullable(z.string())),
});
export type StoredEvent = z.infer<typeof StoredEvent>;

export const StoredVenue = z.object({
  ...postFields,
  venue: z.string(),
  description: z.string(),
  /** The short description; empty when left out. */
  excerpt: z.optional(z.string()),
  address: text,
  city: text,
  country: text,
  province: text,
  state: text,
  zip: text,
  phone: text,
  stateprovince: text,
  website: text,
  image: text,
  show_map: z.boolean(),
  show_map_link: z.boolean(),
  geo_lat: z.nullable(z.number()),
  geo_lng: z.nullable(z.number()),
});
export type StoredVenue = z.infer<typeof StoredVenue>;

export const StoredOrganizer = z.object({
  ...postFields,
  organizer: z.string(),
  description: z.string(),
  /** The short description; empty when left out. */
  excerpt: z.optional(z.string()),
  phone: text,
  website: text,
  email: text,
  image: text,
});
export type StoredOrganizer = z.infer<typeof StoredOrganizer>;

export const StoredTerm = z.object({
  id,
  name: z.string().check(z.minLength(1)),
  slug: z.string().check(z.minLength(1)),
  description: z.string(),
  parent: z.int().check(z.minimum(0)),
});
export type StoredTerm = z.infer<typeof StoredTerm>;

export const CalendarState = z.object({
  users: z.array(StoredUser),
  events: z.array(StoredEvent),
  venues: z.array(StoredVenue),
  organizers: z.array(StoredOrganizer),
  categories: z.array(StoredTerm),
  tags: z.array(StoredTerm),
});
export type CalendarState = z.infer<typeof CalendarState>;

/** Events, venues and organizers share one id sequence, as WordPress posts do. */
export type StoredPost = StoredEvent | StoredVenue | StoredOrganizer;
