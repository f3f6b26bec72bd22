import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import type { $ZodType } from 'zod/v4/core';
import { IdPath, Term } from '../schemas';
import { type ListEnvelope, listing, withPath } from './requests';

/** What tells categories and tags apart on the wire. */
export interface TermKind<Raw> {
  path: 'categories' | 'tags';
  list: $ZodType;
  items: (raw: Raw) => Term[];
  filters: $ZodType;
  create: $ZodType;
  update: $ZodType;
}

/** The requests categories and tags share; the resource classes give them their public names. */
export interface TermRequests<Raw, Filters, Input, Changes> {
  list(filters: Filters | undefined, options?: RequestOptions): PagePromise<Term, Raw>;
  get(id: number, options?: RequestOptions): APIPromise<Term>;
  create(input: Input, options?: RequestOptions): APIPromise<Term>;
  update(id: number, changes: Changes, options?: RequestOptions): APIPromise<Term>;
  delete(id: number, options?: RequestOptions): APIPromise<Term>;
}

/** Terms are deleted for good (there is no trash for them); updates are PATCH and may be retried. */
export function termRequests<Raw extends ListEnvelope, Filters, Input, Changes>(
  transport: Transport,
  kind: TermKind<Raw>,
): TermRequests<Raw, Filters, Input, Changes> {
  const one = (
    id: number,
    verb: 'get' | 'update' | 'delete',
    method: 'GET' | 'PATCH' | 'DELETE',
    changes: Changes | undefined,
    options: RequestOptions | undefined,
  ): APIPromise<Term> => {
    const operation = `calendar.${kind.path}.${verb}`;
    return withPath(IdPath, { id }, operation, (pathParams) =>
      transport.request({
        method,
        path: `${kind.path}/{id}`,
        pathParams,
        ...(method === 'PATCH' ? { body: changes, bodySchema: kind.update, idempotent: true } : {}),
        responseSchema: Term,
        ...options,
        operation,
      }),
    ) as APIPromise<Term>;
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
    get: (id, options) => one(id, 'get', 'GET', undefined, options),
    create: (input, options) =>
      transport.request({
        method: 'POST',
        path: kind.path,
        body: input,
        bodySchema: kind.create,
        responseSchema: Term,
        ...options,
        operation: `calendar.${kind.path}.create`,
      }) as APIPromise<Term>,
    update: (id, changes, options) => one(id, 'update', 'PATCH', changes, options),
    delete: (id, options) => one(id, 'delete', 'DELETE', undefined, options),
  };
}
