import { describe, expect, it } from 'vitest';
import type { PageParams } from '../src/contract/pagination';
import { paginate } from '../src/pagination/page';
import { cursorPages } from '../src/pagination/styles';
import { APIPromise, type PagePromise } from './core';

/**
 * A cursor listing over the given pages (arrays of items); `requests` counts the pages asked for,
 * and `gate`, when given, holds each answer until the test releases it.
 */
function listing(pages: number[][], options: { failAt?: number; gate?: Promise<void> } = {}) {
  const requests: number[] = [];
  const items = paginate(
    (params: PageParams) => {
      const index = Number(params.page ?? 0);
      requests.push(index);
      const answer = async () => {
        await options.gate;
        if (index === options.failAt) throw new Error(`page ${index} failed`);
        const next = index + 1 < pages.length ? { next: { page: String(index + 1) } } : {};
        return { data: { items: pages[index]!, ...next }, response: new Response(null) };
      };
      return new APIPromise(answer());
    },
    {},
    cursorPages('items').strategy(),
  ) as PagePromise<number, unknown>;
  return { items, requests };
}

describe('the items of a listing (for await)', () => {
  it('answers next() calls made before the previous ones settled in order, each item once', async () => {
    const { items } = listing([[1, 2], [3], [4, 5]]);
    const iterator = items[Symbol.asyncIterator]();
    const results = await Promise.all(Array.from({ length: 7 }, () => iterator.next()));
    expect(results.map((r) => r.value)).toEqual([1, 2, 3, 4, 5, undefined, undefined]);
    expect(results.map((r) => r.done)).toEqual([false, false, false, false, false, true, true]);
  });

  it('skips empty pages in the middle of a listing and keeps going', async () => {
    const { items, requests } = listing([[1], [], [], [2, 3]]);
    const seen: number[] = [];
    for await (const item of items) seen.push(item);
    expect(seen).toEqual([1, 2, 3]);
    expect(requests).toEqual([0, 1, 2, 3]);
  });

  it('ends the iteration after a page error: the error once, then done, and no further request', async () => {
    const { items, requests } = listing([[1], [2], [3]], { failAt: 1 });
    const iterator = items[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ value: 1, done: false });
    await expect(iterator.next()).rejects.toThrow('page 1 failed');
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(requests).toEqual([0, 1]);
  });

  it('return() while a page is on its way answers that next() first, then ends: no page after it is requested', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { items, requests } = listing([[1], [2], [3]], { gate });
    const iterator = items[Symbol.asyncIterator]();
    const first = iterator.next();
    const ended = iterator.return();
    release();
    expect(await first).toEqual({ value: 1, done: false });
    expect(await ended).toEqual({ value: undefined, done: true });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(requests).toEqual([0]);
  });

  it('throw() rejects with the error given and ends the iteration', async () => {
    const { items, requests } = listing([[1, 2], [3]]);
    const iterator = items[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toBe(1);
    const stop = new Error('stop');
    await expect(iterator.throw(stop)).rejects.toBe(stop);
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(requests).toEqual([0]);
  });

  it('is its own async iterator, so it can be passed to for await', async () => {
    const { items } = listing([[1], [2]]);
    const iterator = items[Symbol.asyncIterator]();
    expect(iterator[Symbol.asyncIterator]()).toBe(iterator);
    const seen: number[] = [];
    for await (const item of iterator) seen.push(item);
    expect(seen).toEqual([1, 2]);
  });

  it('a second for await over the same listing reads it again from its first page', async () => {
    const { items, requests } = listing([[1], [2]]);
    const first: number[] = [];
    for await (const item of items) first.push(item);
    const second: number[] = [];
    for await (const item of items) second.push(item);
    expect(first).toEqual([1, 2]);
    expect(second).toEqual([1, 2]);
    // The first page is the listing's own (requested once); only the later ones are asked again.
    expect(requests).toEqual([0, 1, 1]);
  });
});
