import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import { listing } from '../listing';
import {
  CreateVenueBody,
  LinkedRecordListQuery,
  UpdateVenueBody,
  Venue,
  type VenueChanges,
  type VenueFilters,
  type VenueInput,
  VenueList,
} from '../schemas';

/**
 * Venues, the places events happen: list, read, create, change and trash, by id or by slug. Changes are sent
 * as PUT, which the interface treats as PATCH and POST, so a change is retried like a read.
 */
export class Venues {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Venues by name; `event` keeps the venue of one event, `has_events` and `only_with_upcoming`
   * those with (upcoming) events, `search` looks in the name, description and address fields.
   *
   * @example
   * const page = await calendar.venues.list({ only_with_upcoming: true });
   */
  list(filters: VenueFilters = {}, options?: RequestOptions): PagePromise<Venue, VenueList> {
    return listing(
      this.#transport,
      {
        operation: 'calendar.venues.list',
        path: 'venues',
        querySchema: LinkedRecordListQuery,
        responseSchema: VenueList,
        ...options,
      },
      filters,
      (raw: VenueList) => raw.venues,
    );
  }

  /** A venue by id. */
  get(id: number, options?: RequestOptions): APIPromise<Venue> {
    return this.#transport.request({
      operation: 'calendar.venues.get',
      method: 'GET',
      path: 'venues/{id}',
      pathParams: { id },
      responseSchema: Venue,
      ...options,
    });
  }

  /** A venue by slug. */
  getBySlug(slug: string, options?: RequestOptions): APIPromise<Venue> {
    return this.#transport.request({
      operation: 'calendar.venues.getBySlug',
      method: 'GET',
      path: 'venues/by-slug/{slug}',
      pathParams: { slug },
      responseSchema: Venue,
      ...options,
    });
  }

  /**
   * Creates a venue (needs an editor's credentials); `venue`, its name, is required. Never
   * retried: a repeated create would make a second one.
   *
   * @example
   * const hall = await calendar.venues.create({ venue: 'Harbour Hall', city: 'Boston' });
   */
  create(input: VenueInput, options?: RequestOptions): APIPromise<Venue> {
    return this.#transport.request({
      operation: 'calendar.venues.create',
      method: 'POST',
      path: 'venues',
      body: input,
      bodySchema: CreateVenueBody,
      responseSchema: Venue,
      ...options,
    });
  }

  /** Changes the given fields of a venue. */
  update(id: number, changes: VenueChanges, options?: RequestOptions): APIPromise<Venue> {
    return this.#transport.request({
      operation: 'calendar.venues.update',
      method: 'PUT',
      path: 'venues/{id}',
      pathParams: { id },
      body: changes,
      bodySchema: UpdateVenueBody,
      responseSchema: Venue,
      ...options,
    });
  }

  /** Changes a venue found by slug; a `slug` in the changes renames it. */
  updateBySlug(slug: string, changes: VenueChanges, options?: RequestOptions): APIPromise<Venue> {
    return this.#transport.request({
      operation: 'calendar.venues.updateBySlug',
      method: 'PUT',
      path: 'venues/by-slug/{slug}',
      pathParams: { slug },
      body: changes,
      bodySchema: UpdateVenueBody,
      responseSchema: Venue,
      ...options,
    });
  }

  /** Moves a venue to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Venue> {
    return this.#transport.request({
      operation: 'calendar.venues.delete',
      method: 'DELETE',
      path: 'venues/{id}',
      pathParams: { id },
      responseSchema: Venue,
      ...options,
    });
  }

  /** Moves a venue found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Venue> {
    return this.#transport.request({
      operation: 'calendar.venues.deleteBySlug',
      method: 'DELETE',
      path: 'venues/by-slug/{slug}',
      pathParams: { slug },
      responseSchema: Venue,
      ...options,
    });
  }
}
