import { createHmac, randomBytes } from 'node:crypto';
import {
  CHECKPOINT_VALIDITY_MS,
  type ListQuery,
  OFFSET_REACH,
  OFFSET_REACH_MESSAGE,
} from '@clientkit/contracts/idm';
import type { Clock } from '../../clock';
import { ApiProblem } from '../../problem';
import type { Stored } from './store';

/** The order a collection lists in: oldest first (`ascending`) or newest first (`descending`). */
export type ListOrder = 'ascending' | 'descending';

/** One listing: its records in order, the key of its items, and the page size it falls back to. */
export interface Listing<T> {
  records: Stored<T>[];
  order: ListOrder;
  /** The property of the envelope that holds the items, such as `clients`. */
  key: string;
  defaultPageSize: number;
  /** For listings whose `from` may also name a record, as the log listing takes a log id. */
  recordIds?: RecordIds<T>;
}

/** How a listing finds a record's place from its id, and the id of a record. */
export interface RecordIds<T> {
  placeOf(id: string): number | undefined;
  idOf(record: T): string;
}

/** A page of either mode, chosen by the query: `from` or `take` make it a checkpoint page. */
export function listPage<T>(listing: Listing<T>, query: ListQuery, checkpoints: Checkpoints) {
  if (query.from !== undefined || query.take !== undefined) {
    return checkpointPage(listing, query, checkpoints);
  }
  return offsetPage(listing, query);
}

/**
 * An offset page. A page that starts at or past the end is empty (whatever the reach); otherwise a
 * page must start within the first 1000 records, and it ends there at the latest.
 */
export function offsetPage<T>(listing: Listing<T>, query: ListQuery) {
  const perPage = query.per_page ?? listing.defaultPageSize;
  const start = (query.page ?? 0) * perPage;
  const total = listing.records.length;
  if (start < total && start >= OFFSET_REACH) {
    throw new ApiProblem(400, OFFSET_REACH_MESSAGE, 'invalid_paging');
  }
  const end = Math.min(start + perPage, total, OFFSET_REACH);
  const items = start < total ? listing.records.slice(start, end).map((s) => s.record) : [];
  if (!query.include_totals) return items;
  return { start, limit: perPage, length: items.length, total, [listing.key]: items };
}

/**
 * A page from a record id: the records added after that record, oldest first, as the real service
 * pages its log from a log id. `next` is the id of the page's last record, itself a valid `from`.
 */
function pageAfterRecord<T>(listing: Listing<T>, place: number, take: number, ids: RecordIds<T>) {
  const later = listing.records.filter((s) => s.seq > place).sort((a, b) => a.seq - b.seq);
  const page = later.slice(0, take);
  const last = page[page.length - 1];
  return {
    [listing.key]: page.map((s) => s.record),
    ...(last && later.length > page.length ? { next: ids.idOf(last.record) } : {}),
  };
}

/** A checkpoint page: the records after the checkpoint's place, and the checkpoint of the next. */
export function checkpointPage<T>(listing: Listing<T>, query: ListQuery, checkpoints: Checkpoints) {
  const take = query.take ?? listing.defaultPageSize;
  const ids = listing.recordIds;
  const place = query.from === undefined ? undefined : ids?.placeOf(query.from);
  if (ids && place !== undefined) return pageAfterRecord(listing, place, take, ids);
  const after = query.from === undefined ? undefined : checkpoints.read(listing.key, query.from);
  const startIndex =
    after === undefined
      ? 0
      : listing.records.findIndex((s) =>
          listing.order === 'ascending' ? s.seq > after : s.seq < after,
        );
  const rest = startIndex === -1 ? [] : listing.records.slice(startIndex);
  const page = rest.slice(0, take);
  const last = page[page.length - 1];
  return {
    [listing.key]: page.map((s) => s.record),
    ...(last && rest.length > page.length
      ? { next: checkpoints.issue(listing.key, last.seq) }
      : {}),
  };
}

const malformed = () =>
  new ApiProblem(
    400,
    'Invalid checkpoint in from: pass the next value of the previous response unchanged',
    'invalid_query_string',
  );

/**
 * Opaque checkpoint ids: the collection, the place after which the next page starts, and when the id
 * was issued on the server clock, signed so that an altered id is refused rather than obeyed.
 */
export class Checkpoints {
  readonly #clock: Clock;
  readonly #key = randomBytes(32);

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  issue(collection: string, seq: number): string {
    const payload = Buffer.from(
      JSON.stringify({ c: collection, s: seq, t: this.#clock.now() }),
    ).toString('base64url');
    return `${payload}.${this.#sign(payload)}`;
  }

  /**
   * The place a checkpoint points after, or undefined once it is older than 24 hours: the listing
   * then starts again from the beginning. A malformed or foreign id is a 400.
   */
  read(collection: string, id: string): number | undefined {
    const [payload, signature, ...extra] = id.split('.');
    if (!payload || signature !== this.#sign(payload) || extra.length > 0) throw malformed();
    let decoded: { c?: unknown; s?: unknown; t?: unknown };
    try {
      decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw malformed();
    }
    if (
      decoded.c !== collection ||
      typeof decoded.s !== 'number' ||
      typeof decoded.t !== 'number'
    ) {
      throw malformed();
    }
    if (this.#clock.now() - decoded.t > CHECKPOINT_VALIDITY_MS) return undefined;
    return decoded.s;
  }

  #sign(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url').slice(0, 22);
  }
}
