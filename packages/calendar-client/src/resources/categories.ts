import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import { listing } from '../listing';
import {
  type CategoryChanges,
  type CategoryFilters,
  type CategoryInput,
  CategoryList,
  CategoryListQuery,
  CreateCategoryBody,
  Term,
  UpdateCategoryBody,
} from '../schemas';

/** Event categories, a tree: each category may have a `parent`. Terms have no trash: delete removes them for good. */
export class Categories {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Categories by name. Categories no published event uses are left out unless `hide_empty` is
   * false; `parent` keeps the children of one category (0: top level), `post` (or `event`) those
   * of one event.
   *
   * @example
   * const { items } = await calendar.categories.list({ parent: 0, hide_empty: false });
   */
  list(filters: CategoryFilters = {}, options?: RequestOptions): PagePromise<Term, CategoryList> {
    return listing(
      this.#transport,
      {
        operation: 'calendar.categories.list',
        path: 'categories',
        querySchema: CategoryListQuery,
        responseSchema: CategoryList,
        ...options,
      },
      filters,
      (raw: CategoryList) => raw.categories,
    );
  }

  /** A category by id. */
  get(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#transport.request({
      operation: 'calendar.categories.get',
      method: 'GET',
      path: 'categories/{id}',
      pathParams: { id },
      responseSchema: Term,
      ...options,
    });
  }

  /**
   * Creates a category (needs an editor's credentials); `name` is required. Never retried: a repeated
   * create would make a second one.
   *
   * @example
   * const jazz = await calendar.categories.create({ name: 'Jazz', parent: music.id });
   */
  create(input: CategoryInput, options?: RequestOptions): APIPromise<Term> {
    return this.#transport.request({
      operation: 'calendar.categories.create',
      method: 'POST',
      path: 'categories',
      body: input,
      bodySchema: CreateCategoryBody,
      responseSchema: Term,
      ...options,
    });
  }

  /** Changes the given fields of a category; sent as PUT, so it is retried like a read. */
  update(id: number, changes: CategoryChanges, options?: RequestOptions): APIPromise<Term> {
    return this.#transport.request({
      operation: 'calendar.categories.update',
      method: 'PUT',
      path: 'categories/{id}',
      pathParams: { id },
      body: changes,
      bodySchema: UpdateCategoryBody,
      responseSchema: Term,
      ...options,
    });
  }

  /** Deletes a category for good and resolves to it; its children move up to its parent. */
  delete(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#transport.request({
      operation: 'calendar.categories.delete',
      method: 'DELETE',
      path: 'categories/{id}',
      pathParams: { id },
      responseSchema: Term,
      ...options,
    });
  }
}
