import { ApiProblem } from '../../problem';

/** The base path of the docs interface. */
export const DOCS_BASE = '/v1';
const DEFAULT_LIMIT = 50;

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

function decodeCursor(cursor: string): number {
  try {
    const offset = (
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown }
    ).o;
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // fall through to the 400 below
  }
  throw new ApiProblem(
    400,
    'Invalid page cursor: pass the next.page value of the previous response unchanged',
  );
}

/** One page of a listing, with an opaque cursor to the next. */
export function listPage<T>(all: T[], query: { limit?: number; page?: string }) {
  const offset = query.page === undefined ? 0 : decodeCursor(query.page);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const items = all.slice(offset, offset + limit);
  const end = offset + items.length;
  return {
    items,
    ...(limit > 0 && end < all.length ? { next: { page: encodeCursor(end) } } : {}),
    count: all.length,
  };
}
