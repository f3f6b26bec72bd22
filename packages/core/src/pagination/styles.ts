import type { PageParams, Pagination } from '../contract/pagination';
import { APIResponseValidationError, CheckpointExpiredError } from '../errors/errors';
import { redactSecretFields } from '../redaction/redact';

/**
 * The records of a page: the named field, the body itself when it is a bare array, or its one list.
 * A page without the named list is refused rather than read as empty: a wrong path given to
 * `paginate()`, or an answer of another shape, would otherwise end the listing without a word.
 */
function itemsOf(body: unknown, key: string | undefined): unknown[] {
  if (Array.isArray(body)) return body;
  if (key === undefined) return Object.values(body ?? {}).find(Array.isArray) ?? [];
  const list = (body as Record<string, unknown> | null)?.[key];
  if (Array.isArray(list)) return list;
  throw new APIResponseValidationError(
    'a listing',
    [{ path: key, message: `must be the array of the page's records (read from "${key}")` }],
    redactSecretFields(body),
  );
}

const numberIn = (body: unknown, key: string): number | undefined => {
  const value = (body as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'number' ? value : undefined;
};

const unchanged = (params: PageParams) => params;

/** Pages linked by an opaque cursor: the answer's `next.page`, sent back as `page`. */
export const cursorPages = (items: string): Pagination => ({
  style: 'cursor',
  items,
  params: ['page'],
  strategy: () => ({
    items: (body) => itemsOf(body, items),
    first: unchanged,
    next(body, params) {
      const cursor = (body as { next?: { page?: unknown } } | null)?.next?.page;
      return typeof cursor === 'string' && cursor ? { ...params, page: cursor } : null;
    },
  }),
});

/**
 * Pages numbered from 1 with the number of pages in every answer (`total_pages`). It stops on the
 * last page rather than on an empty one, because some interfaces answer an error past the end.
 */
export const pageNumberPages = (items: string): Pagination => ({
  style: 'page-number',
  items,
  params: ['page'],
  strategy: () => ({
    items: (body) => itemsOf(body, items),
    first: unchanged,
    next(body, params) {
      const page = numberIn(params, 'page') ?? 1;
      return page < (numberIn(body, 'total_pages') ?? 0) ? { ...params, page: page + 1 } : null;
    },
  }),
});

/**
 * Pages numbered from 0 of `per_page` records. It stops after the page that reaches `total` when
 * the answer has one, otherwise after the first short or empty page.
 */
export const offsetPages = (items: string): Pagination => ({
  style: 'offset',
  items,
  params: ['page', 'per_page', 'include_totals'],
  strategy: () => ({
    items: (body) => itemsOf(body, items),
    first: unchanged,
    next(body, params, found) {
      if (found.length === 0) return null;
      const page = numberIn(params, 'page') ?? 0;
      const size = numberIn(params, 'per_page') ?? found.length;
      const total = numberIn(body, 'total');
      const more = total === undefined ? found.length >= size : (page + 1) * size < total;
      return more ? { ...params, page: page + 1 } : null;
    },
  }),
});

/**
 * Records counted by `offset`, `count` at a time (100 unless the caller says). It stops at the
 * answer's `TotalCount`, or on a short page; without `items`, the records are the answer's one list.
 */
export const recordOffsetPages = (items?: string): Pagination => ({
  style: 'record-offset',
  ...(items === undefined ? {} : { items }),
  params: ['count', 'offset'],
  strategy: () => ({
    items: (body) => itemsOf(body, items),
    first: (params) => ({ count: 100, offset: 0, ...params }),
    next(body, params, found) {
      if (found.length === 0) return null;
      const offset = Number(params.offset) + found.length;
      const total = numberIn(body, 'TotalCount');
      const more = total === undefined ? found.length >= Number(params.count) : offset < total;
      return more ? { ...params, offset } : null;
    },
  }),
});

/**
 * Forward-only pages: each answer's `next` is the checkpoint sent back as `from`. The interface
 * restarts a listing silently when a checkpoint is too old, so the moment each one arrived is kept
 * (read from the clock when it arrives, so that a test clock installed later applies) and an expired
 * one is refused with `CheckpointExpiredError`. `now` is the clock, in epoch milliseconds, for a
 * client that takes its own (`Date.now()` by default); it is read at each use.
 */
export const checkpointPages = (
  items: string,
  validityMs: number,
  now: () => number = () => Date.now(),
): Pagination => ({
  style: 'checkpoint',
  items,
  params: ['from', 'take'],
  strategy() {
    const receivedAt = new WeakMap<PageParams, number>();
    return {
      items: (body) => itemsOf(body, items),
      first: unchanged,
      next(body, params, found) {
        const checkpoint = (body as { next?: unknown } | null)?.next;
        if (typeof checkpoint !== 'string' || !checkpoint || found.length === 0) return null;
        const next = { ...params, from: checkpoint };
        receivedAt.set(next, now());
        return next;
      },
      beforeRequest(params) {
        const arrived = receivedAt.get(params);
        if (arrived === undefined) return;
        const age = now() - arrived;
        if (age > validityMs) throw new CheckpointExpiredError(age, validityMs);
      },
    };
  },
});

/**
 * The style of a listing that offers several, by the caller's parameters: the first style whose own
 * parameters the caller gave, else the first style.
 */
export function chosenStyle(
  offered: Pagination | readonly Pagination[],
  params: PageParams,
): Pagination {
  const styles = (Array.isArray(offered) ? offered : [offered]) as readonly Pagination[];
  return (
    styles.find((style) => style.params.some((name) => params[name] !== undefined)) ?? styles[0]!
  );
}
