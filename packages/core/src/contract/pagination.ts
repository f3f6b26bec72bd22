/**
 * The pagination styles a contract declares on its list operations, as types: the styles
 * themselves are in `pagination/styles.ts`.
 */

/**
 * How one listing style moves from page to page. `next` returns the query of the following page, or
 * null when the page just read was the last; `beforeRequest` may refuse a request (for example with an
 * expired checkpoint).
 */
export interface PageStrategy<Params, Raw, Item> {
  /** The items of a page's body. */
  items(raw: Raw): Item[];
  /** The query of the next page, or null after the last one. */
  next(raw: Raw, params: Params, items: Item[]): Params | null;
  /** Throws to refuse a request before it is sent. */
  beforeRequest?(params: Params): void;
}

/** The query of one page: the caller's filters and the style's own parameters. */
export type PageParams = Record<string, unknown>;

/** How one listing moves from page to page; made fresh for each listing. */
export interface ListingStrategy extends PageStrategy<PageParams, unknown, unknown> {
  /** The query of the first page, with the style's own parameters filled in. */
  first(params: PageParams): PageParams;
}

/**
 * A pagination style, as a contract declares it on a list operation: its name and the field of the
 * answer that holds the records, the query parameters that are its own, and the strategy that pages
 * one listing. Each style is its own value, so a client carries only the styles its contract uses.
 */
export interface Pagination {
  readonly style: 'cursor' | 'page-number' | 'offset' | 'checkpoint' | 'record-offset';
  /** The field of an answer that holds the page's records; without it, the answer's one list. */
  readonly items?: string;
  /** The query parameters that are this style's own: they pick it when an operation offers several. */
  readonly params: readonly string[];
  /** A fresh strategy for one listing. */
  strategy(): ListingStrategy;
}
