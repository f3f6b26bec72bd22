import type { calendar, PublicationStatus } from '@clientkit/contracts/calendar';
import type { Context } from 'hono';
import type { HandlersOf } from '../../operations';
import { ApiProblem } from '../../problem';
import type { Viewer } from './auth';
import type { PresentContext } from './present';
import type { StoredPost } from './state';
import { type CalendarStore, isVisible } from './store';
import type { TrashedRead } from './trashed-reads';

/** What every handler of the calendar works with. */
export interface CalendarDeps {
  store: CalendarStore;
  /** The site's time zone: day boundaries of filters and publication dates are in it. */
  siteTimezone: string;
  /** Whether the professional add-on (geolocation) is on. */
  professional(): boolean;
}

/**
 * The behaviour of every operation of the contract, keyed by operationId: each handler is given the
 * request, who sent it (already authorized) and its input, checked against, and typed by, its
 * operation's schemas.
 */
export type CalendarHandlers = HandlersOf<typeof calendar, Viewer>;

/** The handlers of one resource's operations: `HandlersNamed<'venues'>` are those of `venues.*`. */
export type HandlersNamed<Resource extends string> = Pick<
  CalendarHandlers,
  Extract<keyof CalendarHandlers, `${Resource}.${string}`>
>;

export function presentContextOf(c: Context, viewer: Viewer, deps: CalendarDeps): PresentContext {
  return {
    origin: new URL(c.req.url).origin,
    store: deps.store,
    viewer,
    siteTimezone: deps.siteTimezone,
  };
}

/**
 * The status a listing shows: `publish` unless another is asked for, which only editors may do
 * (401 `rest_forbidden_status` for anonymous readers, 403 for users who may only read).
 */
export function listedStatus(
  requested: PublicationStatus | undefined,
  viewer: Viewer,
): PublicationStatus {
  if (requested === undefined || requested === 'publish' || viewer.canEdit) {
    return requested ?? 'publish';
  }
  throw new ApiProblem(
    viewer.user ? 403 : 401,
    `Only editors may list records with status "${requested}"`,
    'rest_forbidden_status',
  );
}

/** The codes a kind of post answers with when a record is missing or in the trash. */
export interface PostCodes {
  notFound: string;
  inTrash: string;
  noun: string;
}

/** The record a route's `:id` or `:slug` names, if any, and how a message names it. */
function lookUpPost<T extends StoredPost>(
  c: Context,
  records: T[],
): { record: T | undefined; label: string } {
  const id = c.req.param('id');
  const slug = c.req.param('slug');
  if (id === undefined) {
    return {
      record: records.find((candidate) => candidate.slug === slug),
      label: `slug "${slug}"`,
    };
  }
  return { record: records.find((candidate) => candidate.id === Number(id)), label: `id ${id}` };
}

function notFound(codes: PostCodes, label: string): ApiProblem {
  return new ApiProblem(404, `No ${codes.noun} with ${label}`, codes.notFound);
}

/**
 * The record a write's `:id` or `:slug` names. Missing records and records the viewer may not see
 * are 404 (their existence is not revealed); records in the trash are 410.
 */
export function locatePost<T extends StoredPost>(
  c: Context,
  records: T[],
  viewer: Viewer,
  codes: PostCodes,
): T {
  const { record, label } = lookUpPost(c, records);
  if (!record || !isVisible(record, viewer)) throw notFound(codes, label);
  if (record.status === 'trash') {
    throw new ApiProblem(410, `The ${codes.noun} with ${label} is in the trash`, codes.inTrash);
  }
  return record;
}

/**
 * The record a read's `:id` or `:slug` names. A record in the trash is answered as its kind's
 * `readTrashed` says, whoever asks (the plugin tells the trash apart from a missing record);
 * other records are as for writes: 404 when missing or not visible to the viewer.
 */
export function locatePostToRead<T extends StoredPost>(
  c: Context,
  records: T[],
  viewer: Viewer,
  codes: PostCodes,
  readTrashed: TrashedRead,
): T {
  const { record, label } = lookUpPost(c, records);
  if (record?.status === 'trash') {
    readTrashed(viewer, `${codes.noun} with ${label}`);
    return record;
  }
  if (!record || !isVisible(record, viewer)) throw notFound(codes, label);
  return record;
}
