import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import {
  CreateOrganizerBody,
  LinkedPostListQuery,
  Organizer,
  type OrganizerChanges,
  type OrganizerFilters,
  type OrganizerInput,
  OrganizerList,
  UpdateOrganizerBody,
} from '../schemas';
import { type PostRequests, postRequests } from './post-requests';

/** Organizers, who run events: list, read, create, change and trash, by id or by slug. */
export class Organizers {
  readonly #requests: PostRequests<
    Organizer,
    OrganizerList,
    OrganizerFilters,
    OrganizerInput,
    OrganizerChanges
  >;

  constructor(transport: Transport) {
    this.#requests = postRequests(transport, {
      path: 'organizers',
      item: Organizer,
      list: OrganizerList,
      items: (raw: OrganizerList) => raw.organizers,
      filters: LinkedPostListQuery,
      create: CreateOrganizerBody,
      update: UpdateOrganizerBody,
    });
  }

  /**
   * Organizers by name; `event` keeps the organizers of one event, `has_events` and
   * `only_with_upcoming` those with (upcoming) events, `search` looks in the name, description,
   * phone, website and email.
   *
   * @example
   * const page = await calendar.organizers.list({ only_with_upcoming: true });
   */
  list(
    filters?: OrganizerFilters,
    options?: RequestOptions,
  ): PagePromise<Organizer, OrganizerList> {
    return this.#requests.list(filters, options);
  }

  /** An organizer by id. */
  get(id: number, options?: RequestOptions): APIPromise<Organizer> {
    return this.#requests.get({ id }, undefined, options);
  }

  /** An organizer by slug. */
  getBySlug(slug: string, options?: RequestOptions): APIPromise<Organizer> {
    return this.#requests.get({ slug }, undefined, options);
  }

  /**
   * Creates an organizer (needs an editor's credentials); `organizer`, its name, is required.
   *
   * @example
   * const council = await calendar.organizers.create({ organizer: 'City Arts Council' });
   */
  create(input: OrganizerInput, options?: RequestOptions): APIPromise<Organizer> {
    return this.#requests.create(input, options);
  }

  /** Changes the given fields of an organizer. */
  update(id: number, changes: OrganizerChanges, options?: RequestOptions): APIPromise<Organizer> {
    return this.#requests.update({ id }, changes, options);
  }

  /** Changes an organizer found by slug; a `slug` in the changes renames it. */
  updateBySlug(
    slug: string,
    changes: OrganizerChanges,
    options?: RequestOptions,
  ): APIPromise<Organizer> {
    return this.#requests.update({ slug }, changes, options);
  }

  /** Moves an organizer to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Organizer> {
    return this.#requests.delete({ id }, options);
  }

  /** Moves an organizer found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Organizer> {
    return this.#requests.delete({ slug }, options);
  }
}
