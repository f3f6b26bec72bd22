import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import type { ListEnvelope } from '../listing';
import { type Resource, type ResourceConfig, resource } from './resource';

/**
 * Terms of events, categories (a tree: each category may have a `parent`) and tags: list, read,
 * create, change and delete, by id. Terms have no trash: delete removes them for good.
 */
export class Terms<Item, List extends ListEnvelope, Input, Changes, Filters extends object> {
  readonly #resource: Resource;

  constructor(transport: Transport, config: ResourceConfig) {
    this.#resource = resource(transport, config);
  }

  /**
   * Terms by name. Terms no published event uses are left out unless `hide_empty` is false;
   * `post` (or `event`) keeps those of one event, and for categories `parent` the children of one
   * category (0: top level).
   *
   * @example
   * const { items } = await calendar.categories.list({ parent: 0, hide_empty: false });
   * const tags = await calendar.tags.list({ event: 1234 }).toArray();
   */
  list(filters: Filters = {} as Filters, options?: RequestOptions): PagePromise<Item, List> {
    return this.#resource.list(filters, options);
  }

  /** A term by id. */
  get(id: number, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('get', 'GET', 'id', id, options);
  }

  /**
   * Creates a term (needs an editor's credentials); `name` is required. Never retried: a repeated
   * create would make a second one.
   *
   * @example
   * const jazz = await calendar.categories.create({ name: 'Jazz', parent: music.id });
   */
  create(input: Input, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('create', 'POST', '', undefined, options, input);
  }

  /** Changes the given fields of a term; sent as PUT, so it is retried like a read. */
  update(id: number, changes: Changes, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('update', 'PUT', 'id', id, options, changes);
  }

  /**
   * Deletes a term for good and resolves to it; the children of a category move up to its parent,
   * events that had a tag lose it.
   */
  delete(id: number, options?: RequestOptions): APIPromise<Item> {
    return this.#resource.send('delete', 'DELETE', 'id', id, options);
  }
}
