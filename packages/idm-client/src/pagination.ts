import {
  BadRequestError,
  checkpointPagination,
  type OffsetParams,
  offsetPagination,
  type PagePromise,
  type PageStrategy,
  paginate,
  type QueryValue,
  type RequestOptions,
  type Transport,
} from '@clientkit/core';
import type { $ZodType } from 'zod/v4/core';
import {
  CHECKPOINT_VALIDITY_MS,
  defaultPageSize,
  type ListQuery,
  MAX_PAGE_SIZE,
  OFFSET_REACH,
  OFFSET_REACH_MESSAGE,
  type Tenant,
} from './request-schemas';
import type { CheckpointList, OffsetList } from './response-schemas';

/** Checkpoint listing (the default): `from` a previous page's `next`, `take` items per page. */
export type CheckpointListParams = Pick<ListQuery, 'from' | 'take'> & {
  page?: never;
  per_page?: never;
  include_totals?: never;
};

/** Offset listing: `page` from 0, `per_page` items, `include_totals` (default true). */
export type OffsetListParams = Pick<ListQuery, 'page' | 'per_page' | 'include_totals'> & {
  from?: never;
  take?: never;
};

/** Filters of a listing beyond clients and logs, sent as they are. */
export type ListFilters = Record<string, QueryValue>;

/**
 * The client's transport, with the two facts its listings depend on: the tenant kind (page sizes)
 * and the clock that ages checkpoints.
 */
export interface IdmTransport extends Transport {
  readonly tenant: Tenant;
  readonly now: () => number;
}

/** One listing route: where it is, how its query and pages are checked, and its items' key. */
export interface ListingRoute {
  operation: string;
  path: string;
  /** The property that holds the items in an envelope, such as `clients`. */
  itemsKey: string;
  /** The query schema for a tenant whose page sizes go up to the given maximum. */
  querySchema: (maxPageSize: number) => $ZodType;
  /** The names of the response schemas of its pages; none for a route the client has no schemas of. */
  responses?: PageResponses;
}

/** The response schema of each kind of page, by name, such as `ClientCheckpointList`. */
interface PageResponses {
  checkpoint: string;
  /** An offset page asked for without totals: a bare array. */
  plain: string;
  /** An offset page asked for with totals. */
  totals: string;
}

type AnyListParams = Record<string, unknown>;

/** True when the parameters choose offset pagination. */
function isOffsetListing(params: AnyListParams): boolean {
  return ['page', 'per_page', 'include_totals'].some((key) => params[key] !== undefined);
}

/**
 * A PagePromise over one listing, in checkpoint mode unless offset parameters are given. Checkpoint
 * pages always send `take` (a query without it would be read as an offset listing); offset pages ask
 * for totals so that the paginator knows where the listing ends.
 */
export function listing<Item>(
  transport: IdmTransport,
  route: ListingRoute,
  params: AnyListParams,
  options?: RequestOptions,
): PagePromise<Item, OffsetList<string, Item> | CheckpointList<string, Item>> {
  const size = defaultPageSize(transport.tenant);
  const offset = isOffsetListing(params);
  const querySchema = route.querySchema(MAX_PAGE_SIZE[transport.tenant]);
  const fetchPage = (query: AnyListParams) =>
    transport.request<OffsetList<string, Item> & CheckpointList<string, Item>>({
      operation: route.operation,
      method: 'GET',
      path: route.path,
      query: query as Record<string, QueryValue>,
      querySchema,
      ...pageResponse(route.responses, offset, query),
      ...options,
    });

  if (offset) {
    // Object.assign, not `{ ...params, key }`: on Node 20 listing the keys of a spread object given
    // more keys is slow, and the query's keys are listed on every call.
    const first = Object.assign({}, params, {
      page: params.page ?? 0,
      per_page: params.per_page ?? size,
      include_totals: params.include_totals ?? true,
    }) as unknown as OffsetParams;
    return paginate(fetchPage, first, offsetStrategy<Item>(route.itemsKey));
  }
  const first = Object.assign({}, params, { take: params.take ?? size });
  return paginate(
    fetchPage,
    first,
    checkpointPagination<CheckpointList<string, Item>, Item, AnyListParams>({
      items: (raw) => itemsOf<Item>(raw, route.itemsKey),
      nextCheckpoint: (raw) => raw.next,
      validityMs: CHECKPOINT_VALIDITY_MS,
      now: transport.now,
    }),
  );
}

/** The response schema of one page: its mode's, and for offset pages, with or without totals. */
function pageResponse(
  names: PageResponses | undefined,
  offset: boolean,
  query: AnyListParams,
): { response?: string } {
  if (!names) return {};
  if (!offset) return { response: names.checkpoint };
  return { response: query.include_totals === false ? names.plain : names.totals };
}

/**
 * Offset pages that stop at the reported total, and that refuse, with the same error the interface
 * would answer, to go past the first 1000 records rather than end the listing there in silence.
 */
function offsetStrategy<Item>(
  itemsKey: string,
): PageStrategy<OffsetParams, OffsetList<string, Item>, Item> {
  const totalOf = (raw: OffsetList<string, Item>) => (Array.isArray(raw) ? undefined : raw.total);
  const base = offsetPagination<OffsetList<string, Item>, Item>({
    items: (raw) => itemsOf<Item>(raw, itemsKey),
    total: totalOf,
  });
  const beyondReach = new WeakMap<OffsetParams, number>();
  return {
    items: base.items,
    next(raw, params, items) {
      const total = totalOf(raw);
      const nextStart = (params.page + 1) * params.per_page;
      if (total === undefined || total <= OFFSET_REACH || nextStart < OFFSET_REACH) {
        return base.next(raw, params, items);
      }
      if (items.length === 0) return null;
      // Records remain past the reach: the next page exists but can only be refused.
      const next = { ...params, page: params.page + 1 };
      beyondReach.set(next, total);
      return next;
    },
    beforeRequest(params) {
      const total = beyondReach.get(params);
      if (total === undefined) return;
      throw new BadRequestError({
        status: 400,
        code: 'invalid_paging',
        message:
          `${OFFSET_REACH_MESSAGE}; this listing has ${total}: ` +
          'list with checkpoint pagination (from and take) to reach them all',
        method: 'GET',
      });
    },
  };
}

/** The items of a page: the bare array, the array under `key`, or else the body's only array. */
export function itemsOf<Item>(raw: unknown, key: string): Item[] {
  if (Array.isArray(raw)) return raw as Item[];
  const body = (raw ?? {}) as Record<string, unknown>;
  if (Array.isArray(body[key])) return body[key] as Item[];
  const arrays = Object.values(body).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] as Item[]) : [];
}

/** The key of a listing's items, from the last segment of its path: `resource-servers` -> `resource_servers`. */
export function itemsKeyOf(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return (segments[segments.length - 1] ?? '').replace(/-/g, '_');
}
