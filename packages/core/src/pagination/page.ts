import type { PageStrategy } from '../contract/pagination';
import { APIPromise, resultOf } from '../response/api-promise';
import { type RateLimit, rateLimitOf } from '../response/rate-limit';

/** One page of a listing: its items, the whole body, and the way to the next page. */
export class Page<Item, Raw = unknown> {
  /** The items of this page. */
  declare readonly items: Item[];
  /** The parsed body of this page's response, with any totals the interface sends. */
  declare readonly body: Raw;
  /** The raw response of this page. */
  declare readonly response: Response;
  readonly #loadNext: (() => APIPromise<Page<Item, Raw>>) | null;

  constructor(
    items: Item[],
    body: Raw,
    response: Response,
    loadNext: (() => APIPromise<Page<Item, Raw>>) | null,
  ) {
    this.items = items;
    this.body = body;
    this.response = response;
    this.#loadNext = loadNext;
  }

  /** The request budget this page's response reports, or undefined when it reports none. */
  get rateLimit(): RateLimit | undefined {
    return rateLimitOf(this.response.status, this.response.headers);
  }

  /** True when the interface says there is a page after this one. */
  hasNextPage(): boolean {
    return this.#loadNext !== null;
  }

  /** Requests the next page; throws when there is none (check `hasNextPage()` first). */
  getNextPage(): APIPromise<Page<Item, Raw>> {
    if (!this.#loadNext)
      return APIPromise.reject(new RangeError('This is the last page of the listing'));
    return this.#loadNext();
  }
}

/** Tells a listing of the page it has just read. */
let notePage: <Item, Raw>(listing: PagePromise<Item, Raw>, page: Page<Item, Raw>) => void;

/**
 * What every list method returns. `await` it for the first page; `for await` over it for every item,
 * page after page; `.pages()` to go page by page; `.toArray({ limit })` to collect. Leaving a loop
 * early with `break` stops all further requests, and only one page is held in memory at a time.
 *
 * @example
 * for await (const permission of docs.spaces.permissions.listUsers('space_1')) {
 *   console.log(permission.user.displayName);
 * }
 */
export class PagePromise<Item, Raw = unknown>
  extends APIPromise<Page<Item, Raw>>
  implements AsyncIterable<Item>
{
  static {
    notePage = (listing, page) => {
      listing.#lastPage = page;
    };
  }

  #lastPage: Page<Item, Raw> | undefined;

  /**
   * The request budget reported by the last page this listing has read, however it was read
   * (awaited, iterated, or through `getNextPage()`); undefined before the first, or when the
   * service reports none.
   */
  get rateLimit(): RateLimit | undefined {
    return this.#lastPage?.rateLimit;
  }

  /** Every page of the listing, starting with the first. */
  async *pages(): AsyncGenerator<Page<Item, Raw>, void, undefined> {
    let page: Page<Item, Raw> = await (this as APIPromise<Page<Item, Raw>>);
    yield page;
    while (page.hasNextPage()) {
      page = await page.getNextPage();
      yield page;
    }
  }

  /** Every item of the listing, page after page: what `for await` reads. */
  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* page.items;
  }

  /** Collects items into an array, stopping (and requesting no more pages) once `limit` is reached. */
  async toArray(options: { limit?: number } = {}): Promise<Item[]> {
    const limit = options.limit ?? Number.POSITIVE_INFINITY;
    const collected: Item[] = [];
    if (limit <= 0) return collected;
    for await (const item of this) {
      collected.push(item);
      if (collected.length >= limit) break;
    }
    return collected;
  }
}

/** Builds a PagePromise: `fetchPage` requests one page, `strategy` says how to reach the next. */
export function paginate<Params, Raw, Item>(
  fetchPage: (params: Params) => APIPromise<Raw>,
  firstParams: Params,
  strategy: PageStrategy<Params, Raw, Item>,
): PagePromise<Item, Raw> {
  const load = (params: Params): APIPromise<Page<Item, Raw>> => {
    try {
      strategy.beforeRequest?.(params);
    } catch (error) {
      return APIPromise.reject(error);
    }
    return fetchPage(params).map((raw, response) => {
      const items = strategy.items(raw);
      const next = strategy.next(raw, params, items);
      const page = new Page(items, raw, response, next === null ? null : () => load(next));
      notePage(listing, page);
      return page;
    });
  };
  const listing = new PagePromise(resultOf(load(firstParams)));
  return listing;
}
