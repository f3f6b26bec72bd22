import {
  type CreateOrganizerBody,
  calendar,
  type LinkedRecordListQuery,
  type Organizer,
  type OrganizerList,
  type UpdateOrganizerBody,
} from '@clientkit/contracts/calendar';
import type { APIPromise, ClientCore, PagePromise, RequestOptions } from '@clientkit/core';
import { PUBLICATION_DATES, type WithDateInputs, wireDates } from '../dates';

const { operations } = calendar;

/** Filters of `calendar.organizers.list`. */
export interface OrganizerFilters extends LinkedRecordListQuery {}

/** What `calendar.organizers.create` takes: `organizer`, the name, is required. */
export interface OrganizerInput
  extends WithDateInputs<CreateOrganizerBody, (typeof PUBLICATION_DATES)[number]> {}

/** What `calendar.organizers.update` takes: any field of an organizer; dates take a `Date`. */
export interface OrganizerChanges
  extends WithDateInputs<UpdateOrganizerBody, (typeof PUBLICATION_DATES)[number]> {}

/**
 * Organizers, who run events: list, read, create, change and trash, by id or by slug.
 * Changes are sent as PUT, which the interface treats as PATCH and POST, so a change is retried
 * like a read.
 */
export class Organizers {
  readonly #core: ClientCore<typeof calendar>;

  constructor(core: ClientCore<typeof calendar>) {
    this.#core = core;
  }

  /**
   * Organizers by name; `event` keeps those of one event, `has_events` and `only_with_upcoming`
   * those with (upcoming) events, `search` looks in the name, the description, the phone, the
   * website and the email.
   *
   * @example
   * const council = await calendar.organizers.list({ search: 'council' }).toArray();
   */
  list(
    filters: OrganizerFilters = {},
    options?: RequestOptions,
  ): PagePromise<Organizer, OrganizerList> {
    return this.#core.list<Organizer, OrganizerList>(
      operations['organizers.list'],
      { query: filters },
      options,
    );
  }

  /** An organizer by id. */
  get(id: number, options?: RequestOptions): APIPromise<Organizer> {
    return this.#core.call(operations['organizers.get'], { path: { id } }, options);
  }

  /** An organizer by slug. */
  getBySlug(slug: string, options?: RequestOptions): APIPromise<Organizer> {
    return this.#core.call(operations['organizers.getBySlug'], { path: { slug } }, options);
  }

  /**
   * Creates an organizer (needs an editor's credentials); `organizer`, its name, is required.
   * Never retried: a repeated create would make a second one.
   *
   * @example
   * const council = await calendar.organizers.create({ organizer: 'City Arts Council' });
   */
  create(input: OrganizerInput, options?: RequestOptions): APIPromise<Organizer> {
    const body = wireDates(input, PUBLICATION_DATES);
    return this.#core.call(operations['organizers.create'], { body }, options);
  }

  /** Changes the given fields of an organizer; the others stay as they are. */
  update(id: number, changes: OrganizerChanges, options?: RequestOptions): APIPromise<Organizer> {
    const body = wireDates(changes, PUBLICATION_DATES);
    return this.#core.call(operations['organizers.update'], { path: { id }, body }, options);
  }

  /** Changes an organizer found by slug; a `slug` in the changes renames it. */
  updateBySlug(
    slug: string,
    changes: OrganizerChanges,
    options?: RequestOptions,
  ): APIPromise<Organizer> {
    const body = wireDates(changes, PUBLICATION_DATES);
    return this.#core.call(
      operations['organizers.updateBySlug'],
      { path: { slug }, body },
      options,
    );
  }

  /** Moves an organizer to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Organizer> {
    return this.#core.call(operations['organizers.delete'], { path: { id } }, options);
  }

  /** Moves an organizer found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Organizer> {
    return this.#core.call(operations['organizers.deleteBySlug'], { path: { slug } }, options);
  }
}
