import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import { listing } from '../listing';
import {
  CreateOrganizerBody,
  LinkedRecordListQuery,
  Organizer,
  type OrganizerChanges,
  type OrganizerFilters,
  type OrganizerInput,
  OrganizerList,
  UpdateOrganizerBody,
} from '../schemas';

/**
 * Organizers, who run events: list, read, create, change and trash, by id or by slug. Changes are sent
 * as PUT, which the interface treats as PATCH and POST, so a change is retried like a read.
 */
export class Organizers {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Organizers by name; `event` keeps the organizers of one event, `has_events` and `only_with_upcoming`
   * those with (upcoming) events, `search` looks in the name, description, phone, website and email.
   *
   * @example
   * const page = await calendar.organizers.list({ only_with_upcoming: true });
   */
  list(
    filters: OrganizerFilters = {},
    options?: RequestOptions,
  ): PagePromise<Organizer, OrganizerList> {
    return listing(
      this.#transport,
      {
        operation: 'calendar.organizers.list',
        path: 'organizers',
        querySchema: LinkedRecordListQuery,
        responseSchema: OrganizerList,
        ...options,
      },
      filters,
      (raw: OrganizerList) => raw.organizers,
    );
  }

  /** An organizer by id. */
  get(id: number, options?: RequestOptions): APIPromise<Organizer> {
    return this.#transport.request({
      operation: 'calendar.organizers.get',
      method: 'GET',
      path: 'organizers/{id}',
      pathParams: { id },
      responseSchema: Organizer,
      ...options,
    });
  }

  /** An organizer by slug. */
  getBySlug(slug: string, options?: RequestOptions): APIPromise<Organizer> {
    return this.#transport.request({
      operation: 'calendar.organizers.getBySlug',
      method: 'GET',
      path: 'organizers/by-slug/{slug}',
      pathParams: { slug },
      responseSchema: Organizer,
      ...options,
    });
  }

  /**
   * Creates an organizer (needs an editor's credentials); `organizer`, its name, is required. Never
   * retried: a repeated create would make a second one.
   *
   * @example
   * const council = await calendar.organizers.create({ organizer: 'City Arts Council' });
   */
  create(input: OrganizerInput, options?: RequestOptions): APIPromise<Organizer> {
    return this.#transport.request({
      operation: 'calendar.organizers.create',
      method: 'POST',
      path: 'organizers',
      body: input,
      bodySchema: CreateOrganizerBody,
      responseSchema: Organizer,
      ...options,
    });
  }

  /** Changes the given fields of an organizer. */
  update(id: number, changes: OrganizerChanges, options?: RequestOptions): APIPromise<Organizer> {
    return this.#transport.request({
      operation: 'calendar.organizers.update',
      method: 'PUT',
      path: 'organizers/{id}',
      pathParams: { id },
      body: changes,
      bodySchema: UpdateOrganizerBody,
      responseSchema: Organizer,
      ...options,
    });
  }

  /** Changes an organizer found by slug; a `slug` in the changes renames it. */
  updateBySlug(
    slug: string,
    changes: OrganizerChanges,
    options?: RequestOptions,
  ): APIPromise<Organizer> {
    return this.#transport.request({
      operation: 'calendar.organizers.updateBySlug',
      method: 'PUT',
      path: 'organizers/by-slug/{slug}',
      pathParams: { slug },
      body: changes,
      bodySchema: UpdateOrganizerBody,
      responseSchema: Organizer,
      ...options,
    });
  }

  /** Moves an organizer to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Organizer> {
    return this.#transport.request({
      operation: 'calendar.organizers.delete',
      method: 'DELETE',
      path: 'organizers/{id}',
      pathParams: { id },
      responseSchema: Organizer,
      ...options,
    });
  }

  /** Moves an organizer found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Organizer> {
    return this.#transport.request({
      operation: 'calendar.organizers.deleteBySlug',
      method: 'DELETE',
      path: 'organizers/by-slug/{slug}',
      pathParams: { slug },
      responseSchema: Organizer,
      ...options,
    });
  }
}
