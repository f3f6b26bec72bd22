import {
  type APIPromise,
  cursorPagination,
  type PagePromise,
  paginate,
  type QueryValue,
  type RequestSpec,
  type Transport,
} from '@clientkit/core';
import type { List } from './response-schemas';

/** The query of one page of a listing: its filters, `limit`, and the cursor in `page`. */
export type ListParams = Record<string, QueryValue>;

/**
 * The one way the client lists: a PagePromise over a listing of the interface. Every listing
 * answers `{ items, next: { page } }` and takes the cursor back as the `page` query parameter.
 */
export function listing<Item>(
  transport: Transport,
  spec: Omit<RequestSpec, 'method' | 'query'>,
  params: ListParams,
): PagePromise<Item, List<Item>> {
  return paginate(
    // Without a response name (the paginate escape hatch) the body is passed on as it came.
    // Object.assign, not `{ ...spec, key }`: on Node 20 listing the keys of a spread object given
    // more keys is slow, and the transport lists the spec's keys on every call.
    (query: ListParams): APIPromise<List<Item>> =>
      transport.request<List<Item>>(Object.assign({}, spec, { method: 'GET' as const, query })),
    params,
    cursorPagination<List<Item>, Item, ListParams>({
      items: (raw) => raw.items,
      nextCursor: (raw) => raw.next?.page,
    }),
  );
}
