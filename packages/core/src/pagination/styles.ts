import type { Pagination } from '../contract';
import { APIResponseValidationError, CheckpointExpiredError } from '../errors';
import type { PageStrategy } from './page';

/** The query of one page: the caller's filters and the style's own parameters. */
export type PageParams = Record<string, unknown>;

/**
 * The records of a page: the named field, the body itself when it is a bare array, or its one list.
 * A page without the named list is refused rather than read as empty: a wrong path given to
 * `paginate()`, or an answer of another shape, would otherwise end the listing without a word.
 */
function itemsOf(body: unknown, key: string | undefined): unknown[] {
  if (Array.isArray(body)) return body;
  const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (key === undefined) return Object.values(fields).find(Array.isArray) ?? [];
  const list = fields[key];
  if (Array.isArray(list)) return list;
  throw new APIResponseValidationError(
    'a listing',
    [{ path: key, message: `must be the array of the page's records (read from "${key}")` }],
    body,
  );
}

const numberIn = (body: unknown, key: string): number | undefined => {
  const value = (body as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'number' ? value : undefined;
};

/**
 * How a listing of the given style moves from page to page. `first` fills in the parameters the style
 * needs on the first page (a page number, an offset); `next` gives the parameters of the following
 * page, or null after the last.
 */
export function strategyOf(pagination: Pagination): PageStrategy<PageParams, unknown, unknown> & {
  first(params: PageParams): PageParams;
} {
  const items = (body: unknown) => itemsOf(body, pagination.items);
  switch (pagination.style) {
    case 'cursor':
      return {
        items,
        first: (params) => params,
        next(body, params) {
          const cursor = (body as { next?: { page?: unknown } } | null)?.next?.page;
          return typeof cursor === 'string' && cursor ? { ...params, page: cursor } : null;
        },
      };
    case 'page-number':
      // Some interfaces answer an error past the last page: stop on the page count, not on an empty page.
      return {
        items,
        first: (params) => params,
        next(body, params) {
          const page = typeof params.page === 'number' ? params.page : 1;
          const pages = numberIn(body, 'total_pages') ?? 0;
          return page < pages ? { ...params, page: page + 1 } : null;
        },
      };
    case 'offset':
      return {
        items,
        first: (params) => params,
        next(body, params, found) {
          if (found.length === 0) return null;
          const page = typeof params.page === 'number' ? params.page : 0;
          const size = typeof params.per_page === 'number' ? params.per_page : found.length;
          const total = numberIn(body, 'total');
          const more = total === undefined ? found.length >= size : (page + 1) * size < total;
          return more ? { ...params, page: page + 1, per_page: size } : null;
        },
      };
    case 'record-offset':
      return {
        items,
        first: (params) => ({ count: 100, offset: 0, ...params }),
        next(body, params, found) {
          if (found.length === 0) return null;
          const offset = Number(params.offset) + found.length;
          const total = numberIn(body, 'TotalCount');
          const more = total === undefined ? found.length >= Number(params.count) : offset < total;
          return more ? { ...params, offset } : null;
        },
      };
    case 'checkpoint':
      return checkpointStrategy(items, pagination.validityMs);
  }
}

/**
 * Forward-only pages: each answer hands out the checkpoint of the next one. The interface restarts
 * a listing silently when a checkpoint is too old, so the time each one arrived is kept (read from
 * the clock when it arrives, so that test clocks installed later apply) and an expired one is refused.
 */
function checkpointStrategy(items: (body: unknown) => unknown[], validityMs: number) {
  const receivedAt = new WeakMap<PageParams, number>();
  return {
    items,
    first: (params: PageParams) => params,
    next(body: unknown, params: PageParams, found: unknown[]) {
      const checkpoint = (body as { next?: unknown } | null)?.next;
      if (typeof checkpoint !== 'string' || !checkpoint || found.length === 0) return null;
      const next = { ...params, from: checkpoint };
      receivedAt.set(next, Date.now());
      return next;
    },
    beforeRequest(params: PageParams) {
      const arrived = receivedAt.get(params);
      if (arrived === undefined) return;
      const age = Date.now() - arrived;
      if (age > validityMs) throw new CheckpointExpiredError(age, validityMs);
    },
  };
}

/**
 * The style of a listing that offers several, by the caller's parameters: the first style whose own
 * parameters the caller gave, else the first style.
 */
export function chosenStyle(
  offered: Pagination | readonly Pagination[],
  params: PageParams,
): Pagination {
  const styles = (Array.isArray(offered) ? offered : [offered]) as readonly Pagination[];
  const given = (names: string[]) => names.some((name) => params[name] !== undefined);
  const own: Record<Pagination['style'], string[]> = {
    cursor: ['page'],
    'page-number': ['page'],
    offset: ['page', 'per_page', 'include_totals'],
    checkpoint: ['from', 'take'],
    'record-offset': ['count', 'offset'],
  };
  return styles.find((style) => given(own[style.style])) ?? styles[0]!;
}
