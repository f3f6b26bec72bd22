import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import { listing } from '../listing';
import {
  CreateTagBody,
  type TagChanges,
  type TagFilters,
  type TagInput,
  TagList,
  TagListQuery,
  Term,
  UpdateTagBody,
} from '../schemas';

/** Event tags. Terms have no trash: delete removes them for good. */
export class Tags {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Tags by name. Tags no published event uses are left out unless `hide_empty` is false.
   *
   * @example
   * const tags = await calendar.tags.list({ event: 1234 }).toArray();
   */
  list(filters: TagFilters = {}, options?: RequestOptions): PagePromise<Term, TagList> {
    return listing(
      this.#transport,
      {
        operation: 'calendar.tags.list',
        path: 'tags',
        querySchema: TagListQuery,
        responseSchema: TagList,
        ...options,
      },
      filters,
      (raw: TagList) => raw.tags,
    );
  }

  /** A tag by id. */
  get(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#transport.request({
      operation: 'calendar.tags.get',
      method: 'GET',
      path: 'tags/{id}',
      pathParams: { id },
      responseSchema: Term,
      ...options,
    });
  }

  /**
   * Creates a tag (needs an editor's credentials); `name` is required. Never retried: a repeated
   * create would make a second one.
   */
  create(input: TagInput, options?: RequestOptions): APIPromise<Term> {
    return this.#transport.request({
      operation: 'calendar.tags.create',
      method: 'POST',
      path: 'tags',
      body: input,
      bodySchema: CreateTagBody,
      responseSchema: Term,
      ...options,
    });
  }

  /** Changes the given fields of a tag; sent as PUT, so it is retried like a read. */
  update(id: number, changes: TagChanges, options?: RequestOptions): APIPromise<Term> {
    return this.#transport.request({
      operation: 'calendar.tags.update',
      method: 'PUT',
      path: 'tags/{id}',
      pathParams: { id },
      body: changes,
      bodySchema: UpdateTagBody,
      responseSchema: Term,
      ...options,
    });
  }

  /** Deletes a tag for good and resolves to it; events that had it lose it. */
  delete(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#transport.request({
      operation: 'calendar.tags.delete',
      method: 'DELETE',
      path: 'tags/{id}',
      pathParams: { id },
      responseSchema: Term,
      ...options,
    });
  }
}
