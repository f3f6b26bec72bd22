import { ApiProblem } from '../../problem';
import type { InboundRecord, InboundStatus } from './store';

/** Records per page of the admin listing when `limit` is not given, and the most a page may hold. */
export const MESSAGE_PAGE = { defaultLimit: 100, maxLimit: 1000 } as const;

/**
 * A record as the listing shows it: where the message stands and its delivery attempts, without
 * its payload. A payload holds the message's bodies and attachments (and its raw text when the
 * server keeps it), as large as the message itself: the listing stays small however large the
 * messages were, and each payload is read on its own.
 */
export type ListedRecord = Omit<InboundRecord, 'payload'>;

/** One page of the listing, and the id to list after for the next page when there is one. */
export interface MessagePage {
  messages: ListedRecord[];
  next?: string;
}

/** What a page is asked for: filters, the position and the size. */
export interface MessagePageQuery {
  serverId?: string | undefined;
  status?: InboundStatus | string | undefined;
  after?: string | undefined;
  limit?: number | undefined;
}

export function listedRecord(record: InboundRecord): ListedRecord {
  const { payload: _payload, ...listed } = record;
  return structuredClone(listed);
}

function matches(record: InboundRecord, { serverId, status }: MessagePageQuery): boolean {
  if (serverId !== undefined && String(record.serverId) !== serverId) return false;
  return status === undefined || record.status === status;
}

/**
 * The page of records (oldest first) that come after the record `after`, filtered, at most
 * `limit` of them; `next` is set when more follow. An `after` that names no record is refused,
 * since the listing could not say where to go on.
 */
export function messagePage(
  records: Iterable<InboundRecord>,
  query: MessagePageQuery,
): MessagePage {
  const limit = query.limit ?? MESSAGE_PAGE.defaultLimit;
  const page: InboundRecord[] = [];
  let started = query.after === undefined;
  let next: string | undefined;
  for (const record of records) {
    if (!started) {
      started = record.messageId === query.after;
      continue;
    }
    if (!matches(record, query)) continue;
    if (page.length === limit) {
      next = page.at(-1)!.messageId;
      break;
    }
    page.push(record);
  }
  if (!started) throw new ApiProblem(400, `no inbound message ${query.after} to list after`);
  const messages = page.map(listedRecord);
  return next === undefined ? { messages } : { messages, next };
}
