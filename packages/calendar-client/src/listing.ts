import {
  type PageNumberParams,
  type PagePromise,
  pageNumberPagination,
  paginate,
  type QueryValue,
  type RequestSpec,
  type Transport,
} from '@clientkit/core';

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
  spec: Omit<RequestSpec, 'method' | 'query'>,
  filters: object,
  items: (raw: Raw) => Item[],
): PagePromise<Item, Raw> {
  return paginate(
    // Without a response schema name (the paginate escape hatch) the body is passed on as it came.
    // Object.assign, not `{ ...spec, key }`: on Node 20 listing the keys of a spread object given
    // more keys is slow, and the transport lists the spec's keys on every call.
    (query: PageNumberParams) =>
      transport.request<Raw>(
        Object.assign({}, spec, {
          method: 'GET' as const,
          query: query as Record<string, QueryValue>,
        }),
      ),
    { ...filters } as PageNumberParams,
    pageNumberPagination<Raw, Item>({ items, totalPages: (raw) => raw.total_pages }),
  );
}
