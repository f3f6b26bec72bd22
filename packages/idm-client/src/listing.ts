import {
  defaultPageSize,
  type idm,
  idmFor,
  type ListQuery,
  listingPages,
  type Tenant,
} from '@clientkit/contracts/idm';
import { OffsetPages } from '@clientkit/contracts/idm/responses';
import type { PagePromise, QueryValue, RequestOptions } from '@clientkit/core';
import { validateInput } from '@clientkit/core/contract';
import type { ClientCore } from '@clientkit/core/internal';

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

type Params = Record<string, unknown>;
type ListOperation = (typeof idm.operations)['getClients' | 'getLogs'];

const offsetKeys = ['page', 'per_page', 'include_totals'];

/** True when the parameters choose offset pagination. */
function isOffset(params: Params): boolean {
  return offsetKeys.some((key) => params[key] !== undefined);
}

/**
 * The query of a listing's first page. The interface reads a query that names neither `from` nor
 * `take` as an offset listing, so checkpoint pages always carry `take`; offset pages ask for the
 * totals, by which the listing knows where it ends.
 */
function firstQuery(params: Params, pageSize: number): Params {
  if (!isOffset(params)) return { ...params, take: params.take ?? pageSize };
  return {
    ...params,
    page: params.page ?? 0,
    per_page: params.per_page ?? pageSize,
    include_totals: params.include_totals ?? true,
  };
}

/**
 * The operation a listing's pages are read as: by default its checkpoint page; offset pages as the
 * totals envelope, or with `include_totals: false` as a bare array, which is what
 * `validateResponses` then checks each page against.
 */
function pagedAs<O extends ListOperation>(operation: O, query: Params): O {
  if (!isOffset(query)) return operation;
  const items = operation.pagination[0].items as keyof typeof OffsetPages;
  const form = query.include_totals === false ? 'plain' : 'totals';
  return { ...operation, response: OffsetPages[items][form] } as unknown as O;
}

/**
 * The interface's listings as one tenant pages them: checkpoint by default, offset when the query
 * names `page`, `per_page` or `include_totals`, with page sizes up to the tenant's maximum.
 */
export class Listings {
  readonly #core: ClientCore<typeof idm>;
  readonly #operations: typeof idm.operations;
  readonly #pageSize: number;

  constructor(core: ClientCore<typeof idm>, tenant: Tenant, now: () => number) {
    this.#core = core;
    this.#operations = idmFor(tenant, now).operations;
    this.#pageSize = defaultPageSize(tenant);
  }

  /** One of the contract's listings; its query is checked as the operation declares it. */
  list<Item, Raw>(
    listing: 'getClients' | 'getLogs',
    params: Params | undefined,
    options: RequestOptions | undefined,
  ): PagePromise<Item, Raw> {
    const query = firstQuery(params ?? {}, this.#pageSize);
    return this.#core.list<Item, Raw>(
      pagedAs(this.#operations[listing], query),
      { query },
      options,
    );
  }
}

/**
 * The query of the first page of any other listing (`idm.paginate`): its pagination parameters
 * checked with the query of the contract's listings as the tenant pages them, with the tenant's
 * default page size; its other parameters sent as filters.
 */
export function paginateQuery(tenant: Tenant, now: () => number): (params: Params) => Params {
  const query = idmFor(tenant, now).operations.getClients.query;
  const pageSize = defaultPageSize(tenant);
  return (params) => {
    const { page, per_page, include_totals, from, take, ...filters } = firstQuery(params, pageSize);
    const paging = { page, per_page, include_totals, from, take };
    return { ...validateInput(query, paging, 'query of idm.paginate'), ...filters };
  };
}

/**
 * How any listing at `path` pages: as the contract's, with its items under the path's last segment
 * and its checkpoints aged by the client's clock.
 */
export function pagesAt(path: string, now: () => number) {
  const segments = path.split('/').filter(Boolean);
  return listingPages((segments.at(-1) ?? '').replace(/-/g, '_'), now);
}
