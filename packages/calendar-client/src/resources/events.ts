import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import {
  CreateEventBody,
  Event,
  type EventChanges,
  type EventFilters,
  type EventInput,
  EventList,
  EventListQuery,
  PasswordQuery,
  UpdateEventBody,
} from '../schemas';
import { type PostRequests, postRequests } from './post-requests';

/** Calendar events: list with filters, read, create, change and trash, by id or by slug. */
export class Events {
  readonly #requests: PostRequests<Event, EventList, EventFilters, EventInput, EventChanges>;

  constructor(transport: Transport) {
    this.#requests = postRequests(transport, {
      path: 'events',
      item: Event,
      list: EventList,
      items: (raw: EventList) => raw.events,
      filters: EventListQuery,
      create: CreateEventBody,
      update: UpdateEventBody,
      read: PasswordQuery,
    });
  }

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
  list(filters?: EventFilters, options?: RequestOptions): PagePromise<Event, EventList> {
    return this.#requests.list(filters, options);
  }

  /**
   * An event by id. A password-protected event needs its `password` unless the credentials may
   * edit it; otherwise the answer is a `PermissionDeniedError` (`event-password-protected`).
   *
   * @example
   * const event = await calendar.events.get(1234, { password: 'opensesame' });
   */
  get(id: number, params: PasswordQuery = {}, options?: RequestOptions): APIPromise<Event> {
    return this.#requests.get({ id }, params, options);
  }

  /** An event by slug; `password` opens a password-protected one. */
  getBySlug(slug: string, params: PasswordQuery = {}, options?: RequestOptions): APIPromise<Event> {
    return this.#requests.get({ slug }, params, options);
  }

  /**
   * Creates an event (needs an editor's credentials). `title`, `start_date` and `end_date` are
   * required; text dates without an offset are read in the event's `timezone`.
   *
   * @example
   * const event = await calendar.events.create({
   *   title: 'Jazz night', start_date: '2026-07-01 20:00:00', end_date: '2026-07-01 23:00:00',
   *   timezone: 'Europe/Paris', venue: [venue.id], categories: [jazz.id],
   * });
   */
  create(input: EventInput, options?: RequestOptions): APIPromise<Event> {
    return this.#requests.create(input, options);
  }

  /** Changes the given fields of an event; the others stay as they are. */
  update(id: number, changes: EventChanges, options?: RequestOptions): APIPromise<Event> {
    return this.#requests.update({ id }, changes, options);
  }

  /** Changes an event found by slug; a `slug` in the changes renames it. */
  updateBySlug(slug: string, changes: EventChanges, options?: RequestOptions): APIPromise<Event> {
    return this.#requests.update({ slug }, changes, options);
  }

  /** Moves an event to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Event> {
    return this.#requests.delete({ id }, options);
  }

  /** Moves an event found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Event> {
    return this.#requests.delete({ slug }, options);
  }
}
