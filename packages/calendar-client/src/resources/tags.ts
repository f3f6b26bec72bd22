import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import {
  CreateTagBody,
  type TagChanges,
  type TagFilters,
  type TagInput,
  TagList,
  TagListQuery,
  type Term,
  UpdateTagBody,
} from '../schemas';
import { type TermRequests, termRequests } from './term-requests';

/** Event tags. */
export class Tags {
  readonly #requests: TermRequests<TagList, TagFilters, TagInput, TagChanges>;

  constructor(transport: Transport) {
    this.#requests = termRequests(transport, {
      path: 'tags',
      list: TagList,
      items: (raw: TagList) => raw.tags,
      filters: TagListQuery,
      create: CreateTagBody,
      update: UpdateTagBody,
    });
  }

  /**
   * Tags by name. Tags no published event uses are left out unless `hide_empty` is false.
   *
   * @example
   * const tags = await calendar.tags.list({ event: 1234 }).toArray();
   */
  list(filters?: TagFilters, options?: RequestOptions): PagePromise<Term, TagList> {
    return this.#requests.list(filters, options);
  }

  /** A tag by id. */
  get(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#requests.get(id, options);
  }

  /** Creates a tag (needs an editor's credentials); `name` is required. */
  create(input: TagInput, options?: RequestOptions): APIPromise<Term> {
    return this.#requests.create(input, options);
  }

  /** Changes the given fields of a tag. */
  update(id: number, changes: TagChanges, options?: RequestOptions): APIPromise<Term> {
    return this.#requests.update(id, changes, options);
  }

  /** Deletes a tag for good and resolves to it; events that had it lose it. */
  delete(id: number, options?: RequestOptions): APIPromise<Term> {
    return this.#requests.delete(id, options);
  }
}
