import { describe, expect, it, vi } from 'vitest';
import { APIPromise, cursorPagination, paginate } from '../src/index';

const made = vi.hoisted(() => ({ loads: 0, iterators: 0 }));

// Counts the loads of the module that holds the item iterator, and the iterators it makes.
vi.mock('../src/pagination/item-iterator', async (importOriginal) => {
  made.loads += 1;
  const actual = await importOriginal<typeof import('../src/pagination/item-iterator')>();
  class CountedItemIterator<Item> extends actual.ItemIterator<Item> {
    constructor(...args: ConstructorParameters<typeof actual.ItemIterator<Item>>) {
      super(...args);
      made.iterators += 1;
    }
  }
  return { ItemIterator: CountedItemIterator };
});

function listing(pages: number[][]) {
  const requests: number[] = [];
  const items = paginate(
    (params: { page?: string }) => {
      const index = Number(params.page ?? 0);
      requests.push(index);
      return new APIPromise(
        Promise.resolve({ data: { items: pages[index]!, index }, response: new Response(null) }),
      );
    },
    {},
    cursorPagination<{ items: number[]; index: number }, number, { page?: string }>({
      items: (raw) => raw.items,
      nextCursor: (raw) => (raw.index + 1 < pages.length ? String(raw.index + 1) : undefined),
    }),
  );
  return { items, requests };
}

describe('the item iterator of a listing, loaded on first use', () => {
  it('is not loaded by a program that reads only the first page, and is once the listing is iterated', async () => {
    // The first test of the file: nothing has iterated a listing yet.
    const first = await listing([[1, 2], [3]]).items;
    expect(first.items).toEqual([1, 2]);
    expect(made).toEqual({ loads: 0, iterators: 0 });
    const seen: number[] = [];
    for await (const item of listing([[1, 2], [3]]).items) seen.push(item);
    expect(seen).toEqual([1, 2, 3]);
    expect(made).toEqual({ loads: 1, iterators: 1 });
  });

  it('ends at once, requesting no further page, when return() comes before it loaded', async () => {
    const { items, requests } = listing([[1], [2]]);
    const iterator = items[Symbol.asyncIterator]();
    expect(await iterator.return(undefined)).toEqual({ value: undefined, done: true });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(requests).toEqual([0]);
  });

  it('rejects with the error given to throw() before it loaded, and is done after it', async () => {
    const { items } = listing([[1], [2]]);
    const iterator = items[Symbol.asyncIterator]();
    await expect(iterator.throw(new Error('stop'))).rejects.toThrow('stop');
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('answers calls made before and after it loaded in the order they were made', async () => {
    const { items } = listing([
      [1, 2],
      [3, 4],
    ]);
    const iterator = items[Symbol.asyncIterator]();
    const early = [iterator.next(), iterator.next()];
    const first = await early[0];
    const late = iterator.next();
    expect([first, await early[1], await late].map((result) => result?.value)).toEqual([1, 2, 3]);
  });
});
