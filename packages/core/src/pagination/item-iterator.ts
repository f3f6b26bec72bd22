import type { Page } from './page';

const DONE: IteratorReturnResult<void> = Object.freeze({ value: undefined, done: true });

/** The part of a page the iterator reads: its items and the way to the next one. */
type PageLike<Item> = Pick<Page<Item, unknown>, 'items' | 'hasNextPage' | 'getNextPage'>;

/**
 * The items of a listing, page after page, for `for await`.
 *
 * A plain object rather than an async generator: a generator that yields each item (`yield*` over
 * the page) spent about 1 µs of CPU per item on its own bookkeeping (several promises and jobs per
 * item), more than a hand-written loop over the same pages spends on everything. Here an item of
 * the page already read costs one resolved promise; a request is made only when the page runs out.
 *
 * It behaves as an async generator does: calls made before the previous one settled are answered in
 * order, an error ends the iteration, and `return` (what `break` calls) stops every further request.
 */
export class ItemIterator<Item> implements AsyncGenerator<Item, void, undefined> {
  #first: PromiseLike<PageLike<Item>> | undefined;
  #page: PageLike<Item> | undefined;
  #index = 0;
  #done = false;
  #loading: Promise<IteratorResult<Item, void>> | undefined;

  constructor(first: PromiseLike<PageLike<Item>>) {
    this.#first = first;
  }

  next(): Promise<IteratorResult<Item, void>> {
    if (this.#loading) return this.#afterLoading(() => this.next());
    const page = this.#page;
    if (page !== undefined && this.#index < page.items.length) {
      return Promise.resolve({ value: page.items[this.#index++] as Item, done: false });
    }
    if (this.#done) return Promise.resolve(DONE);
    const loading = this.#load();
    this.#loading = loading;
    const settled = () => {
      if (this.#loading === loading) this.#loading = undefined;
    };
    loading.then(settled, settled);
    return loading;
  }

  /** Reads pages until one has an item, or the listing ends. */
  async #load(): Promise<IteratorResult<Item, void>> {
    try {
      for (;;) {
        const next = this.#nextPage();
        if (next === undefined) return this.#finish();
        const page = await next;
        this.#page = page;
        this.#index = 0;
        if (page.items.length > 0) return { value: page.items[this.#index++] as Item, done: false };
      }
    } catch (error) {
      this.#finish();
      throw error;
    }
  }

  #nextPage(): PromiseLike<PageLike<Item>> | undefined {
    const first = this.#first;
    if (first) {
      this.#first = undefined;
      return first;
    }
    return this.#page?.hasNextPage() ? this.#page.getNextPage() : undefined;
  }

  #finish(): IteratorReturnResult<void> {
    this.#done = true;
    this.#first = undefined;
    this.#page = undefined;
    return DONE;
  }

  /** Ends the iteration (after a `next` still waiting for its page); no page is requested after it. */
  return(): Promise<IteratorResult<Item, void>> {
    return this.#afterLoading(() => Promise.resolve(this.#finish()));
  }

  /** Ends the iteration and rejects with `error`, as a generator that does not catch it. */
  throw(error: unknown): Promise<IteratorResult<Item, void>> {
    return this.#afterLoading(() => {
      this.#finish();
      return Promise.reject(error);
    });
  }

  /** Runs `step` now, or once the page being loaded has been handed out, as a generator queues calls. */
  #afterLoading(
    step: () => Promise<IteratorResult<Item, void>>,
  ): Promise<IteratorResult<Item, void>> {
    return this.#loading ? this.#loading.then(step, step) : step();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
