import type {
  CreateEventBody,
  Event,
  EventList,
  EventListQuery,
  PasswordQuery,
  UpdateEventBody,
} from '@clientkit/contracts/calendar';
import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import type { EVENT_DATES, EVENT_FILTER_DATES, WithDateInputs } from '../dates';

/** Filters of `calendar.events.list`; the date filters take a `Date` or date-time text. */
export interface EventFilters
  extends WithDateInputs<EventListQuery, (typeof EVENT_FILTER_DATES)[number]> {}

/** What `calendar.events.create` takes; its dates take a `Date` or date-time text. */
export interface EventInput extends WithDateInputs<CreateEventBody, (typeof EVENT_DATES)[number]> {}

/** What `calendar.events.update` takes: any field of an event; dates as for `EventInput`. */
export interface EventChanges
  extends WithDateInputs<UpdateEventBody, (typeof EVENT_DATES)[number]> {}

/**
 * Calendar events: list with filters, read, create, change and trash, by id or by slug. Changes are
 * sent as PUT, which the interface treats as PATCH and POST: applying the same changes twice leaves
 * the same event, so a change is retried like a read.
 */
export interface Events {
  /**
   * Events that match the filters, earliest first. Without date filters the window runs from the
   * start of today to 24 months later; `include` ignores every date filter. Dates accept a `Date`
   * or text, id lists are sent comma-separated, and `per_page` above 50 is lowered to 50.
   *
   * @example
   * for await (const event of calendar.events.list({ categories: [12], starts_after: new Date() })) {
   *   console.log(event.start_date, event.title);
   * }
   */
  list(filters?: EventFilters, options?: RequestOptions): PagePromise<Event, EventList>;

  /**
   * An event by id. A password-protected event needs its `password` unless the credentials may
   * edit it; otherwise the answer is a `PermissionDeniedError` (`event-password-protected`).
   *
   * @example
   * const event = await calendar.events.get(1234, { password: 'opensesame' });
   */
  get(id: number, params?: PasswordQuery, options?: RequestOptions): APIPromise<Event>;

  /** An event by slug; `password` opens a password-protected one. */
  getBySlug(slug: string, params?: PasswordQuery, options?: RequestOptions): APIPromise<Event>;

  /**
   * Creates an event (needs an editor's credentials). `title`, `start_date` and `end_date` are
   * required; text dates without an offset are read in the event's `timezone`. Never retried: a
   * repeated create would make a second event.
   *
   * @example
   * const event = await calendar.events.create({
   *   title: 'Jazz night', start_date: '2026-07-01 20:00:00', end_date: '2026-07-01 23:00:00',
   *   timezone: 'Europe/Paris', venue: [venue.id], categories: [jazz.id],
   * });
   */
  create(input: EventInput, options?: RequestOptions): APIPromise<Event>;

  /** Changes the given fields of an event; the others stay as they are. */
  update(id: number, changes: EventChanges, options?: RequestOptions): APIPromise<Event>;

  /** Changes an event found by slug; a `slug` in the changes renames it. */
  updateBySlug(slug: string, changes: EventChanges, options?: RequestOptions): APIPromise<Event>;

  /** Moves an event to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Event>;

  /** Moves an event found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Event>;
}
