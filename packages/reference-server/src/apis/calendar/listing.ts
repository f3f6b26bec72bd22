import { DEFAULT_PER_PAGE } from '@clientkit/contracts/calendar';
import type { Context } from 'hono';
import { ApiProblem } from '../../problem';

/** The archive code of each listing when a page past the end is asked for. */
export const pageNotFoundCode = {
  events: 'event-archive-page-not-found',
  venues: 'venue-archive-page-not-found',
  organizers: 'organizer-archive-page-not-found',
  categories: 'term-archive-page-not-found',
  tags: 'term-archive-page-not-found',
} as const;

export type ListKey = keyof typeof pageNotFoundCode;

/** Which slice of a result a page covers. The first page always exists, even when empty. */
export function pageOf<T>(
  key: ListKey,
  matches: T[],
  query: { page?: number | undefined; per_page?: number | undefined },
): { items: T[]; page: number; total: number; totalPages: number } {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  const total = matches.length;
  const totalPages = Math.ceil(total / perPage);
  if (page > Math.max(1, totalPages)) {
    throw new ApiProblem(
      404,
      `Page ${page} is past the end of the ${key} (${totalPages} page${totalPages === 1 ? '' : 's'})`,
      pageNotFoundCode[key],
    );
  }
  return { items: matches.slice((page - 1) * perPage, page * perPage), page, total, totalPages };
}

/**
 * A listing response: the items under their collection's name, this page's URL and its
 * neighbours', the totals, and the same totals in `X-TEC-Total` and `X-TEC-TotalPages`.
 */
export function listResponse(
  c: Context,
  key: ListKey,
  items: unknown[],
  meta: { page: number; total: number; totalPages: number },
): Response {
  const urlOfPage = (page: number) => {
    const url = new URL(c.req.url);
    url.searchParams.set('page', String(page));
    return url.toString();
  };
  c.header('X-TEC-Total', String(meta.total));
  c.header('X-TEC-TotalPages', String(meta.totalPages));
  return c.json({
    [key]: items,
    rest_url: c.req.url,
    ...(meta.page < meta.totalPages ? { next_rest_url: urlOfPage(meta.page + 1) } : {}),
    ...(meta.page > 1 ? { previous_rest_url: urlOfPage(meta.page - 1) } : {}),
    total: meta.total,
    total_pages: meta.totalPages,
  });
}
