import { isDeepStrictEqual } from 'node:util';
import type { WritableStatus } from '@clientkit/contracts/calendar';
import type { Viewer } from './auth';
import { instantOfText } from './dates';
import type { StoredPost } from './state';
import { type CalendarStore, type PostCollection, slugify } from './store';

/** The fields every kind of post shares, as a request gives them. */
export interface PostFieldsInput {
  author?: number | undefined;
  date?: string | undefined;
  date_utc?: string | undefined;
  status?: WritableStatus | undefined;
  slug?: string | undefined;
}

type PostFields = Pick<StoredPost, 'author' | 'status' | 'slug' | 'date_utc' | 'modified_utc'>;

/**
 * The shared fields of a created or updated post. New posts are drafts unless a status is given,
 * as in WordPress; the author defaults to the user who writes; a slug comes from the name when none
 * is given and gets -2, -3 ... when taken; `date_utc` wins over `date` (site time). Problems are
 * added to `problems`, named by parameter.
 */
export function writePostFields(
  store: CalendarStore,
  collection: PostCollection,
  target: { id: number; existing: StoredPost | undefined; name: string },
  input: PostFieldsInput,
  context: { viewer: Viewer; siteTimezone: string },
  problems: Record<string, string>,
): PostFields {
  const { existing } = target;
  const author = input.author ?? existing?.author ?? context.viewer.user?.id ?? 0;
  if (input.author !== undefined && !store.user(input.author)) {
    problems.author = `has no user with id ${input.author}`;
  }
  let slug = existing?.slug;
  if (input.slug !== undefined) {
    const wanted = slugify(input.slug);
    if (wanted === '') problems.slug = 'must contain a letter or a digit';
    else slug = store.uniquePostSlug(collection, wanted, target.id);
  }
  slug ??= store.uniquePostSlug(
    collection,
    slugify(target.name) || `${collection.slice(0, -1)}-${target.id}`,
    target.id,
  );
  const published =
    input.date_utc !== undefined
      ? new Date(instantOfText(input.date_utc, 'UTC')).toISOString()
      : input.date !== undefined
        ? new Date(instantOfText(input.date, context.siteTimezone)).toISOString()
        : (existing?.date_utc ?? store.nowIso());
  return {
    author,
    status: input.status ?? existing?.status ?? 'draft',
    slug,
    date_utc: published,
    modified_utc: store.nowIso(),
  };
}

/** Ids among `ids` for which `exists` is false, as a problem text (or undefined when all exist). */
export function missingIds(
  ids: number[],
  exists: (id: number) => boolean,
  noun: string,
): string | undefined {
  const missing = ids.filter((id) => !exists(id));
  if (missing.length === 0) return undefined;
  return `has no ${noun} with id ${missing.join(', ')}`;
}

/**
 * Stores an update of a post. One that changes no field (an empty body, or one WordPress does not
 * read) leaves the record as it was, `modified` included.
 */
export function storeUpdate<T extends StoredPost>(record: T, updated: T): void {
  const changes = (Object.keys(updated) as (keyof T)[]).some(
    (key) => key !== 'modified_utc' && !isDeepStrictEqual(record[key], updated[key]),
  );
  if (changes) Object.assign(record, updated);
}
