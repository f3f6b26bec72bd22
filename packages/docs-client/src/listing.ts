import {
  type APIPromise,
  cursorPagination,
  type PagePromise,
  paginate,
  type QueryValue,
  type RequestSpec,
  type Transport,
} from '@clientkit/core';
import type { $ZodType } from 'zod/v4/core';
import type { List } from './schemas';

/** The query of one page of a listing: its filters, `limit`, and the cursor in `page`. */
export type ListParams = Record<string, QueryValue>;

/**
 * The one way the client lists: a PagePromise over a listing of the interface. Every listing
 * answers `{ items, next: { page } }` and takes the cursor back as the `page` query parameter.
 */
export function listing<Item>(
  transport: Transport,
  spec: Omit<RequestSpec, 'method' | 'query'> & { responseSchema?: $ZodType },
  params: ListParams,
): PagePromise<Item, List<Item>> {
  return paginate(
    // Without a response schema (the paginate escape hatch) the body is passed on as it came.
    (query: ListParams) =>
      transport.request({ ...spec, method: 'GET', query }) as unknown as APIPromise<List<Item>>,
    params,
    cursorPagination<List<Item>, Item, ListParams>({
      items: (raw) => raw.items,
      nextCursor: (raw) => raw.next?.page,
    }),
  );
}
