import type {
  CreateVenueBody,
  LinkedRecordListQuery,
  UpdateVenueBody,
  Venue,
  VenueList,
} from '@clientkit/contracts/calendar';
import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import type { PUBLICATION_DATES, WithDateInputs } from '../dates';

/** Filters of `calendar.venues.list`. */
export interface VenueFilters extends LinkedRecordListQuery {}

/** What `calendar.venues.create` takes: `venue` (the name) is required; dates take a `Date`. */
export interface VenueInput
  extends WithDateInputs<CreateVenueBody, (typeof PUBLICATION_DATES)[number]> {}

/** What `calendar.venues.update` takes: any field of a venue; dates as for `VenueInput`. */
export interface VenueChanges
  extends WithDateInputs<UpdateVenueBody, (typeof PUBLICATION_DATES)[number]> {}

/**
 * Venues, the places events happen: list, read, create, change and trash, by id or by slug.
 * Changes are sent as PUT, which the interface treats as PATCH and POST, so a change is retried
 * like a read.
 */
export interface Venues {
  /**
   * Venues by name; `event` keeps those of one event, `has_events` and `only_with_upcoming` those
   * with (upcoming) events, `search` looks in the name, the description and the address fields.
   *
   * @example
   * const page = await calendar.venues.list({ only_with_upcoming: true });
   */
  list(filters?: VenueFilters, options?: RequestOptions): PagePromise<Venue, VenueList>;

  /** A venue by id. */
  get(id: number, options?: RequestOptions): APIPromise<Venue>;

  /** A venue by slug. */
  getBySlug(slug: string, options?: RequestOptions): APIPromise<Venue>;

  /**
   * Creates a venue (needs an editor's credentials); `venue`, its name, is required. Never retried:
   * a repeated create would make a second one.
   *
   * @example
   * const hall = await calendar.venues.create({ venue: 'Harbour Hall', city: 'Boston' });
   */
  create(input: VenueInput, options?: RequestOptions): APIPromise<Venue>;

  /** Changes the given fields of a venue; the others stay as they are. */
  update(id: number, changes: VenueChanges, options?: RequestOptions): APIPromise<Venue>;

  /** Changes a venue found by slug; a `slug` in the changes renames it. */
  updateBySlug(slug: string, changes: VenueChanges, options?: RequestOptions): APIPromise<Venue>;

  /** Moves a venue to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Venue>;

  /** Moves a venue found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Venue>;
}
