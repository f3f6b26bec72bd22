import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import type { ListEnvelope } from '../listing';
import { type Resource, type ResourceConfig, resource } from './resource';

/**
 * Records that events link to, venues and organizers: list, read, create, change and trash, by id
 * or by slug. Changes are sent as PUT, which the interface treats as PATCH and POST, so a change is
 * retried like a read.
 */
export class LinkedRecords<
  Item,
  List extends ListEnvelope,
  Input,
  Changes,
  Filters extends object,
> {
  readonly #resource: Resource;

  constructor(transport: Transport, config: ResourceConfig) {
    this.#resource = resource(transport, config);
  }

  /**
   * The records by name; `event` keeps those of one event, `has_events` and `only_with_upcoming`
   * those with (upcoming) events, `search` looks in the name, the description and (venues) the
   * address fields or (organizers) the phone, website and email.
   *
   * @example
   * const page = await calendar.venues.list({ only_with_upcoming: true });
   */
  list(filters: Filters = {} as Filters, options?: RequestOptions): PagePromise<Item, List> {
    return this.#resource.list(filters, options);
  }

  /** A record by id. */
  get(id: number, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('get', 'GET', 'id', id, options);
  }

  /** A record by slug. */
  getBySlug(slug: string, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('getBySlug', 'GET', 'slug', slug, options);
  }

  /**
   * Creates a record (needs an editor's credentials); its name (`venue`, `organizer`) is required.
   * Never retried: a repeated create would make a second one.
   *
   * @example
   * const hall = await calendar.venues.create({ venue: 'Harbour Hall', city: 'Boston' });
   * const council = await calendar.organizers.create({ organizer: 'City Arts Council' });
   */
  create(input: Input, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('create', 'POST', '', undefined, options, input);
  }

  /** Changes the given fields of a record. */
  update(id: number, changes: Changes, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('update', 'PUT', 'id', id, options, changes);
  }

  /** Changes a record found by slug; a `slug` in the changes renames it. */
  updateBySlug(slug: string, changes: Changes, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('updateBySlug', 'PUT', 'slug', slug, options, changes);
  }

  /** Moves a record to the trash and resolves to it; deleting it again is a `GoneError`. */
  delete(id: number, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('delete', 'DELETE', 'id', id, options);
  }

  /** Moves a record found by slug to the trash and resolves to it. */
  deleteBySlug(slug: string, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('deleteBySlug', 'DELETE', 'slug', slug, options);
  }
}
