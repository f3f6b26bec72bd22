import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import {
  CreateVenueBody,
  LinkedPostListQuery,
  UpdateVenueBody,
  Venue,
  type VenueChanges,
  type VenueFilters,
  type VenueInput,
  VenueList,
} from '../schemas';
import { type PostRequests, postRequests } from './post-requests';

/** Venues, the places events happen: list, read, create, change and trash, by id or by slug. */
export class Venues {
  readonly #requests: PostRequests<Venue, VenueList, VenueFilters, VenueInput, VenueChanges>;

  constructor(transport: Transport) {
    this.#requests = postRequests(transport, {
      path: 'venues',
      item: Venue,
      list: VenueList,
      items: (raw: VenueList) => raw.venues,
      filters: LinkedPostListQuery,
      create: CreateVenueBody,
      update: UpdateVenueBody,
    });
  }

  /**
   * Venues by name; `event` keeps the venue of one event, `has_events` and `only_with_upcoming`
   * those with (upcoming) events, `search` looks in the name, description and address fields.
   *
   * @example
   * const page = await calendar.venues.list({ only_with_upcoming: true });
   */
  list(filters?: VenueFilters, options?: RequestOptions): PagePromise<Venue, VenueList> {
    return this.#requests.list(filters, options);
  }

  /** A venue by id. */
  get(id: number, options?: RequestOptions): APIPromise<Venue> {
    return this.#requests.get({ id }, undefined, options);
  }

  /** A venue by slug. */
  getBySlug(slug: string, options?: RequestOptions): APIPromise<Venue> {
    return this.#requests.get({ slug }, undefined, options);
  }

  /**
   * Creates a venue (needs an editor's credentials); `venue`, its name, is required.
   *
   * @example
   * const hall = await calendar.venues.create({ venue: 'Harbour Hall', city: 'Boston' });
   */
  create(input: VenueInput, options?: RequestOptions): APIPromise<Venue> {
    return this.#requests.create(input, options);
  }

  /** Changes the given fields of a venue. */
  update(id: number, changes: VenueChanges, options?: RequestOptions): APIPromise<Venue> {
    return this.#requests.update({ id }, changes, options);
  }

  /** Changes a venue found by slug; a `slug` in the changes renames it. */
  updateBySlug(slug: string, changes: VenueChanges, options?: RequestOptions): APIPromise<Venue> {
    return this.#requests.update({ slug }, changes, options);
  }

  /** Moves a venue to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Venue> {
    return this.#requests.delete({ id }, options);
  }

  /** Moves a venue found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Venue> {
    return this.#requests.delete({ slug }, options);
  }
}
