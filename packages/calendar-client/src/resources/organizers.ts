import type {
  CreateOrganizerBody,
  LinkedRecordListQuery,
  Organizer,
  OrganizerList,
  UpdateOrganizerBody,
} from '@clientkit/contracts/calendar';
import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import type { PUBLICATION_DATES, WithDateInputs } from '../dates';

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
export interface Organizers {
  /**
   * Organizers by name; `event` keeps those of one event, `has_events` and `only_with_upcoming`
   * those with (upcoming) events, `search` looks in the name, the description, the phone, the
   * website and the email.
   *
   * @example
   * const council = await calendar.organizers.list({ search: 'council' }).toArray();
   */
  list(filters?: OrganizerFilters, options?: RequestOptions): PagePromise<Organizer, OrganizerList>;

  /** An organizer by id. */
  get(id: number, options?: RequestOptions): APIPromise<Organizer>;

  /** An organizer by slug. */
  getBySlug(slug: string, options?: RequestOptions): APIPromise<Organizer>;

  /**
   * Creates an organizer (needs an editor's credentials); `organizer`, its name, is required.
   * Never retried: a repeated create would make a second one.
   *
   * @example
   * const council = await calendar.organizers.create({ organizer: 'City Arts Council' });
   */
  create(input: OrganizerInput, options?: RequestOptions): APIPromise<Organizer>;

  /** Changes the given fields of an organizer; the others stay as they are. */
  update(id: number, changes: OrganizerChanges, options?: RequestOptions): APIPromise<Organizer>;

  /** Changes an organizer found by slug; a `slug` in the changes renames it. */
  updateBySlug(
    slug: string,
    changes: OrganizerChanges,
    options?: RequestOptions,
  ): APIPromise<Organizer>;

  /** Moves an organizer to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Organizer>;

  /** Moves an organizer found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Organizer>;
}
