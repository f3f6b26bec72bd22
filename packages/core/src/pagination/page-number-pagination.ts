import type { PageStrategy } from './page';

/** Query of a numbered listing: a 1-based `page`, plus any filters. */
export interface PageNumberParams {
  page?: number;
  [filter: string]: unknown;
}

/**
 * Pages numbered from 1, with the number of pages in every response. It stops on the last page
 * rather than on an empty one, because some interfaces answer an error past the end.
 */
export function pageNumberPagination<
  Raw,
  Item,
  Params extends PageNumberParams = PageNumberParams,
>(read: {
  items: (raw: Raw) => Item[];
  totalPages: (raw: Raw) => number;
}): PageStrategy<Params, Raw, Item> {
  return {
    items: read.items,
    next(raw, params) {
      const page = params.page ?? 1;
      return page < read.totalPages(raw) ? { ...params, page: page + 1 } : null;
    },
  };
}
