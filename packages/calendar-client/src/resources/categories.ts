import {
  type CategoryList,
  type CategoryListQuery,
  type CreateCategoryBody,
  calendar,
  type Term,
  type UpdateCategoryBody,
} from '@clientkit/contracts/calendar';
import type { APIPromise, ClientCore, PagePromise, RequestOptions } from '@clientkit/core';

const { operations } = calendar;

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
export class Categories {
  readonly #core: ClientCore<typeof calendar>;

  constructor(core: ClientCore<typeof calendar>) {
    this.#core = core;
  }

  /**
   * Categories by name. Categories no published event uses are left out unless `hide_empty` is
   * false; `post` (or `event`) keeps those of one event, and `parent` the children of one category
   * (0: the top level).
   *
   * @example
   * const { items } = await calendar.categories.list({ parent: 0, hide_empty: false });
   */
  list(filters: CategoryFilters = {}, options?: RequestOptions): PagePromise<Term, CategoryList> {
    return this.#core.list<Term, CategoryList>(
      operations['categories.list'],
      { query: filters },
      options,
    );
  }

  /** A category by id. */
  get(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#core.call(operations['categories.get'], { path: { id } }, options);
  }

  /**
   * Creates a category (needs an editor's credentials); `name` is required. Never retried: a
   * repeated create would make a second one.
   *
   * @example
   * const jazz = await calendar.categories.create({ name: 'Jazz', parent: music.id });
   */
  create(input: CategoryInput, options?: RequestOptions): APIPromise<Term> {
    return this.#core.call(operations['categories.create'], { body: input }, options);
  }

  /** Changes the given fields of a category; sent as PUT, so it is retried like a read. */
  update(id: number, changes: CategoryChanges, options?: RequestOptions): APIPromise<Term> {
    return this.#core.call(
      operations['categories.update'],
      { path: { id }, body: changes },
      options,
    );
  }

  /**
   * Deletes a category for good and resolves to it; its children move up to its parent, and events
   * lose it.
   */
  delete(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#core.call(operations['categories.delete'], { path: { id } }, options);
  }
}
