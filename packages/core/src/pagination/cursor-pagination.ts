import type { PageStrategy } from './page';

/** Query of a cursor listing: the opaque cursor of the page to read, plus any filters. */
export type CursorParams = Record<string, unknown>;

/** Pages linked by an opaque cursor that each response hands out for the next page. */
export function cursorPagination<Raw, Item, Params extends CursorParams = CursorParams>(read: {
  items: (raw: Raw) => Item[];
  nextCursor: (raw: Raw) => string | undefined;
  cursorParam?: string;
}): PageStrategy<Params, Raw, Item> {
  const cursorParam = read.cursorParam ?? 'page';
  return {
    items: read.items,
    next(raw, params) {
      const cursor = read.nextCursor(raw);
      return cursor ? { ...params, [cursorParam]: cursor } : null;
    },
  };
}
