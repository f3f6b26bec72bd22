import {
  type APIPromise,
  type CursorParams,
  cursorPagination,
  type PagePromise,
  paginate,
  type QueryValue,
  type RequestSpec,
  type Transport,
} from '@clientkit/core';
import type { $ZodType } from 'zod/v4/core';
import type { List } from '../schemas';

/**
 * A PagePromise over one of the interface's listings. Every listing answers
 * `{ items, next: { page } }` and takes the cursor back as the `page` query parameter.
 */
export function listing<Item>(
  transport: Transport,
  spec: Omit<RequestSpec, 'method' | 'query'> & { responseSchema: $ZodType },
  query: CursorParams,
): PagePromise<Item, List<Item>> {
  return paginate(
    (params) =>
      transport.request({
        ...spec,
        method: 'GET',
        query: params as Record<string, QueryValue>,
      }) as APIPromise<List<Item>>,
    query,
    cursorPagination<List<Item>, Item>({
      items: (raw) => raw.items,
      nextCursor: (raw) => raw.next?.page,
    }),
  );
}
