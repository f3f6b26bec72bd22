import {
  integer,
  type PagePromise,
  type PageStrategy,
  paginate,
  type QueryValue,
  type RequestOptions,
  type Transport,
} from '@clientkit/core';
import * as z from '@clientkit/core/schema';

/** The most records the interface answers per page. */
export const MAX_PAGE_COUNT = 500;
/** Records per page unless the caller asks for another count. */
export const DEFAULT_PAGE_COUNT = 100;

/** Query of a listing: `count` records per page, after skipping `offset` records, plus any filters. */
export interface MailListParams {
  /** Records per page, 1 to 500 (default 100). */
  count?: number;
  /** Records to skip before the first page (default 0). */
  offset?: number;
  [filter: string]: QueryValue;
}

/** A page as the interface answers it: the records under a name of their own, and the total. */
export interface MailList {
  /** How many records the whole listing holds. */
  TotalCount?: number;
  [records: string]: unknown;
}

type PageQuery = MailListParams & { count: number; offset: number };

const ListQuery = z.looseObject({
  count: integer(1, MAX_PAGE_COUNT),
  offset: integer(0),
});

/** The records of a page: the body itself when it is an array, else its one array-valued field. */
function recordsOf<Item>(body: unknown): Item[] {
  if (Array.isArray(body)) return body as Item[];
  if (body === null || typeof body !== 'object') return [];
  const list = Object.values(body).find(Array.isArray);
  return (list ?? []) as Item[];
}

/** Moves `offset` past the records read, until `TotalCount` is reached or a page comes back short. */
function countOffsetPagination<Item>(): PageStrategy<PageQuery, MailList, Item> {
  return {
    items: recordsOf,
    next(body, query, items) {
      if (items.length === 0) return null;
      const offset = query.offset + items.length;
      const total = typeof body?.TotalCount === 'number' ? body.TotalCount : undefined;
      const more = total === undefined ? items.length >= query.count : offset < total;
      return more ? { ...query, offset } : null;
    },
  };
}

/**
 * The one way the mail client reads a listing: GET `path` with `count` and `offset`, page after
 * page, with the client's credentials, retries and errors.
 */
export function offsetListing<Item>(
  transport: Transport,
  listing: { path: string; operation: string },
  params: MailListParams,
  options: RequestOptions | undefined,
): PagePromise<Item, MailList> {
  const first: PageQuery = {
    ...params,
    count: params.count ?? DEFAULT_PAGE_COUNT,
    offset: params.offset ?? 0,
  };
  return paginate(
    (query: PageQuery) =>
      transport.request({
        operation: listing.operation,
        method: 'GET',
        path: listing.path,
        query,
        querySchema: ListQuery,
        parse: (data) => data as MailList,
        ...options,
      }),
    first,
    countOffsetPagination<Item>(),
  );
}
