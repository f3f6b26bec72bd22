import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import { listing } from '../listing';
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

/**
 * Calendar events: list with filters, read, create, change and trash, by id or by slug. Changes are
 * sent as PUT, which the interface treats as PATCH and POST: applying the same changes twice leaves
 * the same event, so a change is retried like a read.
 */
export class Events {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
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
  list(filters: EventFilters = {}, options?: RequestOptions): PagePromise<Event, EventList> {
    return listing(
      this.#transport,
      {
        operation: 'calendar.events.list',
        path: 'events',
        querySchema: EventListQuery,
        responseSchema: EventList,
        ...options,
      },
      filters,
      (raw: EventList) => raw.events,
    );
  }

  /**
   * An event by id. A password-protected event needs its `password` unless the credentials may
   * edit it; otherwise the answer is a `PermissionDeniedError` (`event-password-protected`).
   *
   * @example
   * const event = await calendar.events.get(1234, { password: 'opensesame' });
   */
  get(id: number, params: PasswordQuery = {}, options?: RequestOptions): APIPromise<Event> {
    return this.#transport.request({
      operation: 'calendar.events.get',
      method: 'GET',
      path: 'events/{id}',
      pathParams: { id },
      query: params,
      querySchema: PasswordQuery,
      responseSchema: Event,
      ...options,
    });
  }

  /** An event by slug; `password` opens a password-protected one. */
  getBySlug(slug: string, params: PasswordQuery = {}, options?: RequestOptions): APIPromise<Event> {
    return this.#transport.request({
      operation: 'calendar.events.getBySlug',
      method: 'GET',
      path: 'events/by-slug/{slug}',
      pathParams: { slug },
      query: params,
      querySchema: PasswordQuery,
      responseSchema: Event,
      ...options,
    });
  }

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
  create(input: EventInput, options?: RequestOptions): APIPromise<Event> {
    return this.#transport.request({
      operation: 'calendar.events.create',
      method: 'POST',
      path: 'events',
      body: input,
      bodySchema: CreateEventBody,
      responseSchema: Event,
      ...options,
    });
  }

  /** Changes the given fields of an event; the others stay as they are. */
  update(id: number, changes: EventChanges, options?: RequestOptions): APIPromise<Event> {
    return this.#transport.request({
      operation: 'calendar.events.update',
      method: 'PUT',
      path: 'events/{id}',
      pathParams: { id },
      body: changes,
      bodySchema: UpdateEventBody,
      responseSchema: Event,
      ...options,
    });
  }

  /** Changes an event found by slug; a `slug` in the changes renames it. */
  updateBySlug(slug: string, changes: EventChanges, options?: RequestOptions): APIPromise<Event> {
    return this.#transport.request({
      operation: 'calendar.events.updateBySlug',
      method: 'PUT',
      path: 'events/by-slug/{slug}',
      pathParams: { slug },
      body: changes,
      bodySchema: UpdateEventBody,
      responseSchema: Event,
      ...options,
    });
  }

  /** Moves an event to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Event> {
    return this.#transport.request({
      operation: 'calendar.events.delete',
      method: 'DELETE',
      path: 'events/{id}',
      pathParams: { id },
      responseSchema: Event,
      ...options,
    });
  }

  /** Moves an event found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Event> {
    return this.#transport.request({
      operation: 'calendar.events.deleteBySlug',
      method: 'DELETE',
      path: 'events/by-slug/{slug}',
      pathParams: { slug },
      responseSchema: Event,
      ...options,
    });
  }
}
