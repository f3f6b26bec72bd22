import type { PageStrategy } from './page';

/** Query of an offset listing: a 0-based `page` and a `per_page` size, plus any filters. */
export interface OffsetParams {
  page: number;
  per_page: number;
  [filter: string]: unknown;
}

/**
 * Offset pages numbered from 0. It stops after the page that reaches `total` when the interface
 * reports one, otherwise after the first short or empty page.
 */
export function offsetPagination<Raw, Item, Params extends OffsetParams = OffsetParams>(read: {
  items: (raw: Raw) => Item[];
  total?: (raw: Raw) => number | undefined;
}): PageStrategy<Params, Raw, Item> {
  return {
    items: read.items,
    next(raw, params, items) {
      if (items.length === 0) return null;
      const total = read.total?.(raw);
      const seen = (params.page + 1) * params.per_page;
      const more = total === undefined ? items.length >= params.per_page : seen < total;
      return more ? { ...params, page: params.page + 1 } : null;
    },
  };
}
