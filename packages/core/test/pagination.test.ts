import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageParams } from '../src/contract/pagination';
import { paginate } from '../src/pagination/page';
import {
  checkpointPages,
  cursorPages,
  offsetPages,
  pageNumberPages,
} from '../src/pagination/styles';
import { APIPromise, CheckpointExpiredError, type PagePromise } from './core';

afterEach(() => {
  vi.useRealTimers();
});

/** A fake listing of `total` records that counts the requests made to it. */
function listing(total: number) {
  const records = Array.from({ length: total }, (_, i) => i);
  const requests: Record<string, unknown>[] = [];
  const respond = <T>(params: Record<string, unknown>, body: T) => {
    requests.push(params);
    return new APIPromise(
      Promise.resolve({ data: body, response: new Response(null, { status: 200 }) }),
    );
  };
  return { records, requests, respond };
}

const offset = (total: number, size: number, withTotals: boolean) => {
  const l = listing(total);
  const pages = paginate(
    (params: PageParams) => {
      const page = Number(params.page ?? 0);
      const perPage = Number(params.per_page);
      const items = l.records.slice(page * perPage, (page + 1) * perPage);
      return l.respond(params, withTotals ? { items, total } : { items });
    },
    { page: 0, per_page: size },
    offsetPages('items').strategy(),
  ) as PagePromise<number, unknown>;
  return { ...l, pages };
};

const pageNumber = (total: number, size: number) => {
  const l = listing(total);
  const totalPages = Math.ceil(total / size);
  const pages = paginate(
    (params: PageParams) => {
      const page = Number(params.page ?? 1);
      if (page > Math.max(totalPages, 1)) throw new Error(`page ${page} is past the end`);
      return l.respond(params, {
        items: l.records.slice((page - 1) * size, page * size),
        total_pages: totalPages,
      });
    },
    {},
    pageNumberPages('items').strategy(),
  ) as PagePromise<number, unknown>;
  return { ...l, pages };
};

const cursor = (total: number, size: number) => {
  const l = listing(total);
  const pages = paginate(
    (params: PageParams) => {
      const start = typeof params.page === 'string' ? Number(params.page.slice(2)) : 0;
      const end = start + size;
      return l.respond(params, {
        items: l.records.slice(start, end),
        ...(end < total ? { next: { page: `c_${end}` } } : {}),
      });
    },
    { limit: size },
    cursorPages('items').strategy(),
  ) as PagePromise<number, unknown>;
  return { ...l, pages };
};

const checkpoint = (total: number, size: number) => {
  const l = listing(total);
  const pages = paginate(
    (params: PageParams) => {
      const start = typeof params.from === 'string' ? Number(params.from.slice(3)) : 0;
      const end = start + size;
      return l.respond(params, {
        items: l.records.slice(start, end),
        ...(end < total ? { next: `cp_${end}` } : {}),
      });
    },
    { take: size },
    checkpointPages('items', 24 * 3600_000).strategy(),
  ) as PagePromise<number, unknown>;
  return { ...l, pages };
};

const strategies = {
  'offset with totals': (total: number, size: number) => offset(total, size, true),
  'page number with total_pages': pageNumber,
  cursor,
  checkpoint: (total: number, size: number) => checkpoint(total, size),
};

describe('paginators', () => {
  for (const [name, build] of Object.entries(strategies)) {
    it(`${name}: visits every item exactly once and requests no page past the end, for any size and total`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 400 }),
          fc.integer({ min: 1, max: 60 }),
          async (total, size) => {
            const { records, requests, pages } = build(total, size);
            const seen: number[] = [];
            for await (const item of pages) seen.push(item);
            expect(seen).toEqual(records);
            expect(requests.length).toBe(Math.max(1, Math.ceil(total / size)));
          },
        ),
        { numRuns: 60 },
      );
    });

    it(`${name}: break stops all further requests`, async () => {
      const { requests, pages } = build(100, 10);
      for await (const item of pages) if (item === 25) break;
      expect(requests.length).toBe(3);
    });

    it(`${name}: await gives the first page, with hasNextPage and getNextPage`, async () => {
      const { pages } = build(25, 10);
      const first = await pages;
      expect(first.items).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(first.hasNextPage()).toBe(true);
      const second = await first.getNextPage();
      expect(second.items[0]).toBe(10);
      const third = await second.getNextPage();
      expect(third.hasNextPage()).toBe(false);
      await expect(third.getNextPage()).rejects.toThrow('This is the last page of the listing');
    });
  }

  it('offset without totals stops on the first short page, with at most one empty page when the total is a multiple', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 50 }),
        async (total, size) => {
          const { records, requests, pages } = offset(total, size, false);
          expect(await pages.toArray()).toEqual(records);
          expect(requests.length).toBe(Math.floor(total / size) + 1);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('pages() yields each page in order', async () => {
    const { pages } = cursor(23, 10);
    const sizes: number[] = [];
    for await (const page of pages.pages()) sizes.push(page.items.length);
    expect(sizes).toEqual([10, 10, 3]);
  });

  it('toArray({ limit }) collects that many items and requests no more pages', async () => {
    const { requests, pages } = cursor(100, 10);
    expect(await pages.toArray({ limit: 15 })).toHaveLength(15);
    expect(requests.length).toBe(2);
  });

  it('keeps memory flat over a long listing (only one page held at a time)', async () => {
    const { pages } = cursor(200_000, 1000);
    let count = 0;
    const before = process.memoryUsage().heapUsed;
    for await (const _ of pages) count++;
    expect(count).toBe(200_000);
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(30 * 1024 * 1024);
  });

  it('raises CheckpointExpiredError instead of using a checkpoint older than its validity', async () => {
    const { requests, pages } = checkpoint(30, 10);
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await pages;
    vi.advanceTimersByTime(24 * 3600_000 + 1);
    const error = await first.getNextPage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckpointExpiredError);
    expect((error as CheckpointExpiredError).ageMs).toBe(24 * 3600_000 + 1);
    expect(requests.length).toBe(1);
  });

  it('accepts a checkpoint used within its validity, aged by a test clock installed after the listing began', async () => {
    const { pages } = checkpoint(30, 10);
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await pages;
    vi.advanceTimersByTime(24 * 3600_000);
    expect((await first.getNextPage()).items[0]).toBe(10);
  });

  it("ages checkpoints by the clock the style is given, a client's own, read at each use", async () => {
    let now = 0;
    const strategy = checkpointPages('items', 1000, () => now).strategy();
    const next = strategy.next({ items: [1], next: 'cp2' }, {}, [1])!;
    now = 1000;
    expect(() => strategy.beforeRequest?.(next)).not.toThrow();
    now = 1001;
    expect(() => strategy.beforeRequest?.(next)).toThrow(CheckpointExpiredError);
  });

  it('passes page errors to the loop', async () => {
    const failing = paginate(
      () => APIPromise.reject<{ items: number[] }>(new Error('boom')),
      {},
      cursorPages('items').strategy(),
    );
    await expect(failing.toArray()).rejects.toThrow('boom');
  });
});
