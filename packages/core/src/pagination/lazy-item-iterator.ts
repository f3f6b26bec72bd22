import type { Page } from './page';

type Items<Item> = AsyncGenerator<Item, void, undefined>;
type Step<Item> = (iterator: Items<Item>) => Promise<IteratorResult<Item, void>>;

/**
 * The items of a listing for `for await`, as `item-iterator.ts` reads them, loading that module with
 * the first `next`, `return` or `throw`: a program that reads only the first page of its listings
 * (`await list()`) never ships it. Calls made before it loaded reach it in the order they were
 * made; once they have, calls go to it directly, without another promise per item.
 */
export function lazyItemIterator<Item>(first: PromiseLike<Page<Item, unknown>>): Items<Item> {
  let loaded: Items<Item> | undefined;
  let loading: Promise<Items<Item>> | undefined;
  let waiting = 0;
  const forward = (step: Step<Item>): Promise<IteratorResult<Item, void>> => {
    if (loaded && waiting === 0) return step(loaded);
    waiting += 1;
    loading ??= import('./item-iterator').then(
      (module) => (loaded = new module.ItemIterator<Item>(first)),
    );
    return loading.then((iterator) => {
      waiting -= 1;
      return step(iterator);
    });
  };
  const items: Items<Item> = {
    next: () => forward((iterator) => iterator.next()),
    return: () => forward((iterator) => iterator.return()),
    throw: (error: unknown) => forward((iterator) => iterator.throw(error)),
    [Symbol.asyncIterator]: () => items,
  };
  return items;
}
