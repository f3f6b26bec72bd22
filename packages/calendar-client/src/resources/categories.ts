import type {
  CategoryList,
  CategoryListQuery,
  CreateCategoryBody,
  Term,
  UpdateCategoryBody,
} from '@clientkit/contracts/calendar';
import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';

/** Filters of `calendar.categories.list`. */
export interface CategoryFilters extends CategoryListQuery {}

/** What `calendar.categories.create` takes: `name` is required. */
export interface CategoryInput extends CreateCategoryBody {}

/** What `calendar.categories.update` takes: any field of a category. */
export interface CategoryChanges extends UpdateCategoryBody {}

/**
 * Event categories, a tree in which each category may have a `parent`: list, read, create, change
 * and delete, by id. Terms have no trash: delete removes them for good.
 */
export interface Categories {
  /**
   * Categories by name. Categories no published event uses are left out unless `hide_empty` is
   * false; `post` (or `event`) keeps those of one event, and `parent` the children of one category
   * (0: the top level).
   *
   * @example
   * const { items } = await calendar.categories.list({ parent: 0, hide_empty: false });
   */
  list(filters?: CategoryFilters, options?: RequestOptions): PagePromise<Term, CategoryList>;

  /** A category by id. */
  get(id: number, options?: RequestOptions): APIPromise<Term>;

  /**
   * Creates a category (needs an editor's credentials); `name` is required. Never retried: a
   * repeated create would make a second one.
   *
   * @example
   * const jazz = await calendar.categories.create({ name: 'Jazz', parent: music.id });
   */
  create(input: CategoryInput, options?: RequestOptions): APIPromise<Term>;

  /** Changes the given fields of a category; sent as PUT, so it is retried like a read. */
  update(id: number, changes: CategoryChanges, options?: RequestOptions): APIPromise<Term>;

  /**
   * Deletes a category for good and resolves to it; its children move up to its parent, and events
   * lose it.
   */
  delete(id: number, options?: RequestOptions): APIPromise<Term>;
}
