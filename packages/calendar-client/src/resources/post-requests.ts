import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import type { $ZodType } from 'zod/v4/core';
import { IdPath, SlugPath } from '../schemas';
import { type ListEnvelope, listing, withPath } from './requests';

/** What tells one kind of post (events, venues, organizers) apart on the wire. */
export interface PostKind<Item, Raw> {
  /** The collection's path, also the middle of its operation names (`calendar.venues.get`). */
  path: 'events' | 'venues' | 'organizers';
  item: $ZodType;
  list: $ZodType;
  items: (raw: Raw) => Item[];
  filters: $ZodType;
  create: $ZodType;
  update: $ZodType;
  /** Query parameters of a read, such as an event's password. */
  read?: $ZodType;
}

/** Where a record is: by id or by slug. */
type Target = { id: number } | { slug: string };

/** The requests of one kind of post; the resource classes give them their public names. */
export interface PostRequests<Item, Raw, Filters, Input, Changes> {
  list(filters: Filters | undefined, options?: RequestOptions): PagePromise<Item, Raw>;
  get(target: Target, query: object | undefined, options?: RequestOptions): APIPromise<Item>;
  create(input: Input, options?: RequestOptions): APIPromise<Item>;
  update(target: Target, changes: Changes, options?: RequestOptions): APIPromise<Item>;
  delete(target: Target, options?: RequestOptions): APIPromise<Item>;
}

/**
 * The requests every kind of post shares. Updates are sent as PATCH (POST and PUT mean the same to
 * the interface) and may be retried, since applying the same changes twice leaves the same record.
 */
export function postRequests<Item, Raw extends ListEnvelope, Filters, Input, Changes>(
  transport: Transport,
  kind: PostKind<Item, Raw>,
): PostRequests<Item, Raw, Filters, Input, Changes> {
  const where = (target: Target, verb: string) =>
    'id' in target
      ? { schema: IdPath, params: { id: target.id }, path: `${kind.path}/{id}`, verb }
      : {
          schema: SlugPath,
          params: { slug: target.slug },
          path: `${kind.path}/by-slug/{slug}`,
          verb: `${verb}BySlug`,
        };

  const one = (
    target: Target,
    verb: string,
    spec: { method: 'GET' | 'PATCH' | 'DELETE'; query?: object; body?: unknown },
    options: RequestOptions | undefined,
  ): APIPromise<Item> => {
    const place = where(target, verb);
    const operation = `calendar.${kind.path}.${place.verb}`;
    return withPath(place.schema, place.params, operation, (pathParams) =>
      transport.request({
        method: spec.method,
        path: place.path,
        pathParams,
        ...(spec.query && kind.read
          ? { query: spec.query as Record<string, string>, querySchema: kind.read }
          : {}),
        ...(spec.method === 'PATCH'
          ? { body: spec.body, bodySchema: kind.update, idempotent: true }
          : {}),
        responseSchema: kind.item,
        ...options,
        operation,
      }),
    ) as APIPromise<Item>;
  };

  return {
    list: (filters, options) =>
      listing(
        transport,
        {
          path: kind.path,
          querySchema: kind.filters,
          responseSchema: kind.list,
          ...options,
          operation: `calendar.${kind.path}.list`,
        },
        filters ?? {},
        kind.items,
      ),
    get: (target, query, options) => one(target, 'get', { method: 'GET', query }, options),
    create: (input, options) =>
      transport.request({
        method: 'POST',
        path: kind.path,
        body: input,
        bodySchema: kind.create,
        responseSchema: kind.item,
        ...options,
        operation: `calendar.${kind.path}.create`,
      }) as APIPromise<Item>,
    update: (target, changes, options) =>
      one(target, 'update', { method: 'PATCH', body: changes }, options),
    delete: (target, options) => one(target, 'delete', { method: 'DELETE' }, options),
  };
}
