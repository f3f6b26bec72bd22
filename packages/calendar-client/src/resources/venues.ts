import {
  type CreateVenueBody,
  calendar,
  type LinkedRecordListQuery,
  type UpdateVenueBody,
  type Venue,
  type VenueList,
} from '@clientkit/contracts/calendar';
import type { APIPromise, ClientCore, PagePromise, RequestOptions } from '@clientkit/core';
import { PUBLICATION_DATES, type WithDateInputs, wireDates } from '../dates';

const { operations } = calendar;

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
export class Venues {
  readonly #core: ClientCore<typeof calendar>;

  constructor(core: ClientCore<typeof calendar>) {
    this.#core = core;
  }

  /**
   * Venues by name; `event` keeps those of one event, `has_events` and `only_with_upcoming` those
   * with (upcoming) events, `search` looks in the name, the description and the address fields.
   *
   * @example
   * const page = await calendar.venues.list({ only_with_upcoming: true });
   */
  list(filters: VenueFilters = {}, options?: RequestOptions): PagePromise<Venue, VenueList> {
    return this.#core.list<Venue, VenueList>(
      operations['venues.list'],
      { query: filters },
      options,
    );
  }

  /** A venue by id. */
  get(id: number, options?: RequestOptions): APIPromise<Venue> {
    return this.#core.call(operations['venues.get'], { path: { id } }, options);
  }

  /** A venue by slug. */
  getBySlug(slug: string, options?: RequestOptions): APIPromise<Venue> {
    return this.#core.call(operations['venues.getBySlug'], { path: { slug } }, options);
  }

  /**
   * Creates a venue (needs an editor's credentials); `venue`, its name, is required. Never retried:
   * a repeated create would make a second one.
   *
   * @example
   * const hall = await calendar.venues.create({ venue: 'Harbour Hall', city: 'Boston' });
   */
  create(input: VenueInput, options?: RequestOptions): APIPromise<Venue> {
    const body = wireDates(input, PUBLICATION_DATES);
    return this.#core.call(operations['venues.create'], { body }, options);
  }

  /** Changes the given fields of a venue; the others stay as they are. */
  update(id: number, changes: VenueChanges, options?: RequestOptions): APIPromise<Venue> {
    const body = wireDates(changes, PUBLICATION_DATES);
    return this.#core.call(operations['venues.update'], { path: { id }, body }, options);
  }

  /** Changes a venue found by slug; a `slug` in the changes renames it. */
  updateBySlug(slug: string, changes: VenueChanges, options?: RequestOptions): APIPromise<Venue> {
    const body = wireDates(changes, PUBLICATION_DATES);
    return this.#core.call(operations['venues.updateBySlug'], { path: { slug }, body }, options);
  }

  /** Moves a venue to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Venue> {
    return this.#core.call(operations['venues.delete'], { path: { id } }, options);
  }

  /** Moves a venue found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Venue> {
    return this.#core.call(operations['venues.deleteBySlug'], { path: { slug } }, options);
  }
}
