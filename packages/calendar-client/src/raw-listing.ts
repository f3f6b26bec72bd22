import {
  APIResponseValidationError,
  type PagePromise,
  type RequestOptions,
  type Transport,
} from '@clientkit/core';
import type { CalendarListParams } from './client';
import type { ListEnvelope, listing } from './listing';

/**
 * The listing behind `calendar.paginate()`: any collection of the namespace, its items read from
 * the property named after the path's last segment (`events` for `events`). Loaded with the first
 * call of the escape hatch. It is handed the client's `listing` rather than importing it, so that
 * the bundler keeps it a chunk of its own instead of splitting the modules both use into another.
 */
export function rawListing<Item>(
  list: typeof listing,
  transport: Transport,
  relative: string,
  params: CalendarListParams,
  options: RequestOptions | undefined,
): PagePromise<Item, ListEnvelope & Record<string, unknown>> {
  const key = relative.split('/').filter(Boolean).pop() ?? '';
  return list(
    transport,
    { operation: 'calendar.paginate', path: relative, ...options },
    params,
    (raw: ListEnvelope & Record<string, unknown>) => itemsOf<Item>(raw, key),
  );
}

function itemsOf<Item>(raw: Record<string, unknown>, key: string): Item[] {
  const items = raw?.[key];
  if (Array.isArray(items)) return items as Item[];
  throw new APIResponseValidationError(
    'calendar.paginate',
    [{ path: key, message: `must be the array of items (the listing is read from "${key}")` }],
    raw,
  );
}
