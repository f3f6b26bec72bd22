import {
  type CreateTagBody,
  calendar,
  type TagList,
  type TagListQuery,
  type Term,
  type UpdateTagBody,
} from '@clientkit/contracts/calendar';
import type { APIPromise, ClientCore, PagePromise, RequestOptions } from '@clientkit/core';

const { operations } = calendar;

/** Filters of `calendar.tags.list`. */
export interface TagFilters extends TagListQuery {}

/** What `calendar.tags.create` takes: `name` is required. */
export interface TagInput extends CreateTagBody {}

/** What `calendar.tags.update` takes: any field of a tag. */
export interface TagChanges extends UpdateTagBody {}

/**
 * Event tags: list, read, create, change and delete, by id. Terms have no trash: delete removes
 * them for good.
 */
export class Tags {
  readonly #core: ClientCore<typeof calendar>;

  constructor(core: ClientCore<typeof calendar>) {
    this.#core = core;
  }

  /**
   * Tags by name. Tags no published event uses are left out unless `hide_empty` is false;
   * `post` (or `event`) keeps those of one event.
   *
   * @example
   * const tags = await calendar.tags.list({ event: 1234 }).toArray();
   */
  list(filters: TagFilters = {}, options?: RequestOptions): PagePromise<Term, TagList> {
    return this.#core.list<Term, TagList>(operations['tags.list'], { query: filters }, options);
  }

  /** A tag by id. */
  get(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#core.call(operations['tags.get'], { path: { id } }, options);
  }

  /**
   * Creates a tag (needs an editor's credentials); `name` is required. Never retried: a
   * repeated create would make a second one.
   *
   * @example
   * const indoor = await calendar.tags.create({ name: 'Indoor' });
   */
  create(input: TagInput, options?: RequestOptions): APIPromise<Term> {
    return this.#core.call(operations['tags.create'], { body: input }, options);
  }

  /** Changes the given fields of a tag; sent as PUT, so it is retried like a read. */
  update(id: number, changes: TagChanges, options?: RequestOptions): APIPromise<Term> {
    return this.#core.call(operations['tags.update'], { path: { id }, body: changes }, options);
  }

  /**
   * Deletes a tag for good and resolves to it; events that had it lose it.
   */
  delete(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#core.call(operations['tags.delete'], { path: { id } }, options);
  }
}
