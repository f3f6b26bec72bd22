import { calendar } from '@clientkit/contracts/calendar';
import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import type { AnyOperation } from '@clientkit/core/contract';
import type { ClientCore } from '@clientkit/core/internal';
import { wireDates } from '../dates';

/** A record's key in a route: its id, or its slug for the `BySlug` operations. */
type Key = number | string;

const operations: Readonly<Record<string, AnyOperation>> = calendar.operations;

/**
 * The one implementation of the five resources (`Events`, `Venues`, `Organizers`, `Categories`,
 * `Tags`, whose interfaces type and document it): a method for each operation of the contract named
 * `<resource>.<method>`, which calls it with the given dates turned into text first. `filterDates`
 * are the listing's date filters, `dates` the dates among a record's fields. The answers are typed
 * `never` here, so that the methods are those of each interface, which gives the records' types.
 */
export function records(
  core: ClientCore<typeof calendar>,
  resource: string,
  filterDates: readonly string[] = [],
  dates: readonly string[] = [],
) {
  const operation = (method: string) => operations[`${resource}.${method}`];
  const send = (
    method: string,
    path: Record<string, Key> | undefined,
    body: object | undefined,
    options: RequestOptions | undefined,
  ) => {
    const input = { path, body: body && wireDates(body, dates) } as never;
    return core.call(operation(method)!, input, options) as APIPromise<never>;
  };
  // An operation that takes a query (an event's `password`) takes it before the options.
  const read = (method: string, path: Record<string, Key>, [first, second]: unknown[]) => {
    const found = operation(method)!;
    const [query, options] = found.query ? [first, second] : [undefined, first];
    const input = { path, query } as never;
    return core.call(found, input, options as RequestOptions) as APIPromise<never>;
  };
  const methods = {
    list: (filters = {}, options?: RequestOptions) =>
      core.list(
        operation('list')!,
        { query: wireDates(filters, filterDates) },
        options,
      ) as PagePromise<never, never>,
    create: (input: object, options?: RequestOptions) => send('create', undefined, input, options),
    get: (id: number, ...rest: unknown[]) => read('get', { id }, rest),
    getBySlug: (slug: string, ...rest: unknown[]) => read('getBySlug', { slug }, rest),
    update: (id: number, changes: object, options?: RequestOptions) =>
      send('update', { id }, changes, options),
    updateBySlug: (slug: string, changes: object, options?: RequestOptions) =>
      send('updateBySlug', { slug }, changes, options),
    delete: (id: number, options?: RequestOptions) => send('delete', { id }, undefined, options),
    deleteBySlug: (slug: string, options?: RequestOptions) =>
      send('deleteBySlug', { slug }, undefined, options),
  };
  // Terms have no by-slug routes, and so no by-slug methods.
  return Object.fromEntries(
    Object.entries(methods).filter(([method]) => operation(method)),
  ) as typeof methods;
}
