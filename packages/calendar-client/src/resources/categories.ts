import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import {
  type CategoryChanges,
  type CategoryFilters,
  type CategoryInput,
  CategoryList,
  CategoryListQuery,
  CreateCategoryBody,
  type Term,
  UpdateCategoryBody,
} from '../schemas';
import { type TermRequests, termRequests } from './term-requests';

/** Event categories, a tree: each category may have a `parent`. */
export class Categories {
  readonly #requests: TermRequests<CategoryList, CategoryFilters, CategoryInput, CategoryChanges>;

  constructor(transport: Transport) {
    this.#requests = termRequests(transport, {
      path: 'categories',
      list: CategoryList,
      items: (raw: CategoryList) => raw.categories,
      filters: CategoryListQuery,
      create: CreateCategoryBody,
      update: UpdateCategoryBody,
    });
  }

  /**
   * Categories by name. Categories no published event uses are left out unless `hide_empty` is
   * false; `parent` keeps the children of one category (0: top level), `post` (or `event`) those
   * of one event.
   *
   * @example
   * const { items } = await calendar.categories.list({ parent: 0, hide_empty: false });
   */
  list(filters?: CategoryFilters, options?: RequestOptions): PagePromise<Term, CategoryList> {
    return this.#requests.list(filters, options);
  }

  /** A category by id. */
  get(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#requests.get(id, options);
  }

  /**
   * Creates a category (needs an editor's credentials); `name` is required.
   *
   * @example
   * const jazz = await calendar.categories.create({ name: 'Jazz', parent: music.id });
   */
  create(input: CategoryInput, options?: RequestOptions): APIPromise<Term> {
    return this.#requests.create(input, options);
  }

  /** Changes the given fields of a category. */
  update(id: number, changes: CategoryChanges, options?: RequestOptions): APIPromise<Term> {
    return this.#requests.update(id, changes, options);
  }

  /** Deletes a category for good and resolves to it; its children move up to its parent. */
  delete(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#requests.delete(id, options);
  }
}
