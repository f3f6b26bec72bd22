import {
  APIPromise,
  type PageNumberParams,
  type PagePromise,
  pageNumberPagination,
  paginate,
  type QueryValue,
  type RequestSpec,
  type Transport,
  validateInput,
} from '@clientkit/core';
import type { $ZodType } from 'zod/v4/core';

/** The envelope every listing of the interface shares. */
export interface ListEnvelope {
  total: number;
  total_pages: number;
}

/**
 * Checks path parameters (integer ids, non-empty slugs) before anything is sent, so that
 * `events.get(1.5)` fails with a RequestValidationError rather than a 404.
 */
export function withPath<T>(
  schema: $ZodType,
  params: Record<string, unknown>,
  operation: string,
  send: (pathParams: Record<string, string | number>) => APIPromise<T>,
): APIPromise<T> {
  let checked: Record<string, string | number>;
  try {
    checked = validateInput(schema, params, `arguments of ${operation}`) as Record<
      string,
      string | number
    >;
  } catch (error) {
    return APIPromise.reject(error);
  }
  return send(checked);
}

/**
 * A PagePromise over one listing. Pages are numbered from 1 and the paginator stops on
 * `total_pages`, because the interface answers 404 for a page past the end.
 */
export function listing<Item, Raw extends ListEnvelope>(
  transport: Transport,
  spec: Omit<RequestSpec, 'method' | 'query'> & { responseSchema: $ZodType },
  filters: object,
  items: (raw: Raw) => Item[],
): PagePromise<Item, Raw> {
  return paginate(
    (params: PageNumberParams) =>
      transport.request({
        ...spec,
        method: 'GET',
        query: params as Record<string, QueryValue>,
      }) as APIPromise<Raw>,
    { ...filters } as PageNumberParams,
    pageNumberPagination<Raw, Item>({ items, totalPages: (raw) => raw.total_pages }),
  );
}
