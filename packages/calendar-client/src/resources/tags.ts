import type {
  CreateTagBody,
  TagList,
  TagListQuery,
  Term,
  UpdateTagBody,
} from '@clientkit/contracts/calendar';
import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';

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
export interface Tags {
  /**
   * Tags by name. Tags no published event uses are left out unless `hide_empty` is false;
   * `post` (or `event`) keeps those of one event.
   *
   * @example
   * const tags = await calendar.tags.list({ event: 1234 }).toArray();
   */
  list(filters?: TagFilters, options?: RequestOptions): PagePromise<Term, TagList>;

  /** A tag by id. */
  get(id: number, options?: RequestOptions): APIPromise<Term>;

  /**
   * Creates a tag (needs an editor's credentials); `name` is required. Never retried: a
   * repeated create would make a second one.
   *
   * @example
   * const indoor = await calendar.tags.create({ name: 'Indoor' });
   */
  create(input: TagInput, options?: RequestOptions): APIPromise<Term>;

  /** Changes the given fields of a tag; sent as PUT, so it is retried like a read. */
  update(id: number, changes: TagChanges, options?: RequestOptions): APIPromise<Term>;

  /**
   * Deletes a tag for good and resolves to it; events that had it lose it.
   */
  delete(id: number, options?: RequestOptions): APIPromise<Term>;
}
