import {
  type APIPromise,
  type PageNumberParams,
  type PagePromise,
  pageNumberPagination,
  paginate,
  type QueryValue,
  type RequestSpec,
  type Transport,
} from '@clientkit/core';
import type { $ZodType } from 'zod/v4/core';

/** The envelope every listing of the interface shares. */
export interface ListEnvelope {
  total: number;
  total_pages: number;
}

/**
 * The one way the client lists: a PagePromise over a listing of the interface. Pages are numbered
 * from 1 (`page`, `per_page`) and the paginator stops on `total_pages`, because the interface
 * answers 404 for a page past the end rather than an empty one.
 */
export function listing<Item, Raw extends ListEnvelope>(
  transport: Transport,
  spec: Omit<RequestSpec, 'method' | 'query'> & { responseSchema?: $ZodType },
  filters: object,
  items: (raw: Raw) => Item[],
): PagePromise<Item, Raw> {
  return paginate(
    // Without a response schema (the paginate escape hatch) the body is passed on as it came.
    (query: PageNumberParams) =>
      transport.request({
        ...spec,
        method: 'GET',
        query: query as Record<string, QueryValue>,
      }) as unknown as APIPromise<Raw>,
    { ...filters } as PageNumberParams,
    pageNumberPagination<Raw, Item>({ items, totalPages: (raw) => raw.total_pages }),
  );
}
