import {
  type Contract,
  checkpointPages,
  cursorPages,
  type Operation,
  offsetPages,
  type Pagination,
} from '@clientkit/core/contract';
import { ClientCore } from '@clientkit/core/internal';
import ky from 'ky';
import * as z from 'zod/mini';
import { nowMs } from './stats';

/**
 * The three listing styles over 1,000 to 1,000,000 records. The pages come from an in-process
 * `fetch` that builds each page on demand, so no server holds the records and nothing but the
 * page being read needs to stay in memory. The baseline makes the same page requests through bare
 * ky, so the ratio measures the paginator and the transport around it, not fetch.
 */

interface Row {
  id: string;
  name: string;
  created_at: string;
  tags: string[];
}

const row = (index: number): Row => ({
  id: `rec_${index.toString().padStart(8, '0')}`,
  name: `Record number ${index}`,
  created_at: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
  tags: ['bench', `group-${index % 17}`],
});

const rows = (from: number, count: number, total: number) =>
  Array.from({ length: Math.max(0, Math.min(count, total - from)) }, (_, i) => row(from + i));

type Style = 'offset' | 'cursor' | 'checkpoint';

/** Answers one page of a listing of `total` records in the given style, as JSON. */
function pageBody(style: Style, url: URL, total: number, pageSize: number): unknown {
  const query = url.searchParams;
  if (style === 'offset') {
    const page = Number(query.get('page') ?? 0);
    return { items: rows(page * pageSize, pageSize, total), total };
  }
  const position = Number(query.get(style === 'cursor' ? 'page' : 'from') ?? 0);
  const items = rows(position, pageSize, total);
  const next = position + items.length < total ? String(position + items.length) : undefined;
  return style === 'cursor' ? { items, next: next ? { page: next } : undefined } : { items, next };
}

function syntheticFetch(style: Style, total: number, pageSize: number): typeof fetch {
  return async (input) => {
    // No Request object: building one copies (and follows) the caller's AbortSignal, a cost that
    // belongs to fetch, not to the paginator being measured.
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const body = JSON.stringify(pageBody(style, new URL(href), total, pageSize));
    return new Response(body, { headers: { 'content-type': 'application/json' } });
  };
}

interface Body {
  items: Row[];
  total?: number;
  next?: string | { page: string };
}

const styles: Record<Style, Pagination> = {
  offset: offsetPages('items'),
  cursor: cursorPages('items'),
  checkpoint: checkpointPages('items', 10 * 60_000),
};

/** The listing of records as a contract declares it, in one style. */
function listOperation(style: Style): Operation {
  return {
    sdk: 'records.list',
    method: 'GET',
    path: '/records',
    query: z.looseObject({}),
    pagination: styles[style],
  };
}

const benchContract: Contract = {
  name: 'bench',
  base: '',
  operations: {},
};

function firstParams(style: Style, pageSize: number): Record<string, unknown> {
  if (style === 'offset') return { page: 0, per_page: pageSize };
  if (style === 'checkpoint') return { take: pageSize };
  return { per_page: pageSize };
}

export interface PaginatorResult {
  style: Style;
  records: number;
  itemsPerSec: number;
  rawItemsPerSec: number;
  ratio: number;
  peakRssGrowthMb: number;
  rawPeakRssGrowthMb: number;
  /** Largest heap in use after a forced collection (every 200 pages) over the baseline. */
  liveHeapGrowthMb: number;
  rawLiveHeapGrowthMb: number;
}

const gc = () => (globalThis as { gc?: () => void }).gc?.();
const rssMb = () => process.memoryUsage.rss() / 1024 / 1024;
const heapMb = () => process.memoryUsage().heapUsed / 1024 / 1024;
/** Pages between two forced collections that measure the live heap (RSS alone also counts garbage not yet collected). */
const PAGES_PER_HEAP_SAMPLE = 200;

async function sdkRun(style: Style, total: number, pageSize: number, onPage: () => void) {
  const core = new ClientCore(
    {
      name: 'BenchClient',
      contract: benchContract,
      options: ['baseUrl'],
      errorFields: () => undefined,
    },
    { baseUrl: 'http://bench.invalid', fetch: syntheticFetch(style, total, pageSize) },
    () => undefined,
  );
  const listing = core.list<Row>(listOperation(style), { query: firstParams(style, pageSize) });
  let count = 0;
  for await (const item of listing) {
    if (item.id) count += 1;
    if (count % pageSize === 0) onPage();
  }
  return count;
}

/** The same listing read by hand through bare ky: build each page's URL, get it, follow `next`. */
async function rawRun(style: Style, total: number, pageSize: number, onPage: () => void) {
  const fetchPage = syntheticFetch(style, total, pageSize);
  let count = 0;
  let query = new URLSearchParams(
    Object.entries(firstParams(style, pageSize)).map(([key, value]) => [key, String(value)]),
  );
  for (;;) {
    const body = await ky(`http://bench.invalid/records?${query}`, {
      fetch: fetchPage,
    }).json<Body>();
    for (const item of body.items) if (item.id) count += 1;
    onPage();
    if (body.items.length === 0) break;
    if (style === 'offset') {
      const page = Number(query.get('page'));
      if ((page + 1) * pageSize >= (body.total ?? 0)) break;
      query.set('page', String(page + 1));
    } else {
      const next = typeof body.next === 'object' ? body.next.page : body.next;
      if (!next) break;
      query = new URLSearchParams(query);
      query.set(style === 'cursor' ? 'page' : 'from', next);
    }
  }
  return count;
}

/** Short listings are read this many times over, so that their time is long enough to measure. */
const repeatsFor = (records: number) => Math.max(1, Math.ceil(50_000 / records));

/**
 * Runs one reader (several times over for a short listing), sampling RSS after every page against
 * a baseline taken after a collection.
 */
async function timed(
  read: (onPage: () => void) => Promise<number>,
  records: number,
  label: string,
) {
  gc();
  const baseline = rssMb();
  const heapBaseline = heapMb();
  let peak = baseline;
  let livePeak = heapBaseline;
  let pages = 0;
  const repeats = repeatsFor(records);
  const started = nowMs();
  for (let i = 0; i < repeats; i++) {
    const count = await read(() => {
      peak = Math.max(peak, rssMb());
      if (++pages % PAGES_PER_HEAP_SAMPLE === 0) {
        gc();
        livePeak = Math.max(livePeak, heapMb());
      }
    });
    if (count !== records) throw new Error(`${label}: read ${count} of ${records} records`);
  }
  const ms = nowMs() - started;
  return {
    itemsPerSec: ((records * repeats) / ms) * 1000,
    peakRssGrowthMb: peak - baseline,
    liveHeapGrowthMb: livePeak - heapBaseline,
  };
}

/**
 * Reads `records` records through each paginator and the same pages through a bare-ky loop, the
 * two alternating which goes first. Run node with `--expose-gc` so each baseline follows a
 * collection.
 */
export async function benchPaginators(
  records: number,
  pageSize = 100,
  warmupRecords = 5_000,
): Promise<PaginatorResult[]> {
  const results: PaginatorResult[] = [];
  for (const [index, style] of (['checkpoint', 'offset', 'cursor'] as const).entries()) {
    await sdkRun(style, warmupRecords, pageSize, () => undefined); // warm up both paths
    await rawRun(style, warmupRecords, pageSize, () => undefined);
    const sdk = () => timed((onPage) => sdkRun(style, records, pageSize, onPage), records, style);
    const raw = () =>
      timed((onPage) => rawRun(style, records, pageSize, onPage), records, `${style} bare ky`);
    let ours: Awaited<ReturnType<typeof sdk>>;
    let loop: Awaited<ReturnType<typeof raw>>;
    if (index % 2 === 0) {
      ours = await sdk();
      loop = await raw();
    } else {
      loop = await raw();
      ours = await sdk();
    }
    results.push({
      style,
      records,
      itemsPerSec: ours.itemsPerSec,
      rawItemsPerSec: loop.itemsPerSec,
      ratio: ours.itemsPerSec / loop.itemsPerSec,
      peakRssGrowthMb: ours.peakRssGrowthMb,
      rawPeakRssGrowthMb: loop.peakRssGrowthMb,
      liveHeapGrowthMb: ours.liveHeapGrowthMb,
      rawLiveHeapGrowthMb: loop.liveHeapGrowthMb,
    });
  }
  return results;
}
