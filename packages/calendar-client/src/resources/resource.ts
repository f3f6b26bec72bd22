import type {
  APIPromise,
  HttpMethod,
  PagePromise,
  RequestOptions,
  RequestSpec,
  Transport,
} from '@clientkit/core';
import type { $ZodType } from 'zod/v4/core';
import { type ListEnvelope, listing } from '../listing';

/** What a resource serves: its path, the names of its answers and the schemas of its requests. */
export interface ResourceConfig {
  /** The plural path, which also names the operations (`calendar.venues.get`) and the listing's items. */
  name: string;
  /** The response schema of one record, such as `Venue`. */
  item: string;
  /** The response schema of a listing; `<item>List` (such as `VenueList`) when left out. */
  list?: string;
  /** The filters of the listing. */
  query: $ZodType;
  /** The body of a create. */
  create: $ZodType;
  /** The body of an update. */
  update: $ZodType;
}

/** Which route of a resource: the collection (`''`), `{id}` or `by-slug/{slug}`. */
type RecordKey = '' | 'id' | 'slug';

/** The requests of one resource, built from its configuration. */
export interface Resource {
  /** Lists the records, page after page. */
  list<Item, List extends ListEnvelope>(
    filters: object,
    options: RequestOptions | undefined,
  ): PagePromise<Item, List>;
  /**
   * Sends one request: `operation` is the method's name, `key` and `value` the record's path. A POST
   * sends `body` checked against the create schema, a PUT against the update schema.
   */
  send<T>(
    operation: string,
    method: HttpMethod,
    key: RecordKey,
    value: number | string | undefined,
    options: RequestOptions | undefined,
    body?: unknown,
    spec?: Partial<RequestSpec>,
  ): APIPromise<T>;
}

/**
 * The requests of a resource: every route is `<name>`, `<name>/{id}` or `<name>/by-slug/{slug}`,
 * every operation `calendar.<name>.<method>`, and every answer one `item` (a `list` for listings).
 */
export function resource(transport: Transport, config: ResourceConfig): Resource {
  const { name, item } = config;
  return {
    list: <Item, List extends ListEnvelope>(filters: object, options?: RequestOptions) =>
      listing(
        transport,
        {
          operation: `calendar.${name}.list`,
          path: name,
          querySchema: config.query,
          response: config.list ?? `${item}List`,
          ...options,
        },
        filters,
        (raw: List) => (raw as unknown as Record<string, Item[]>)[name] as Item[],
      ),
    send: <T>(
      operation: string,
      method: HttpMethod,
      key: RecordKey,
      value: number | string | undefined,
      options: RequestOptions | undefined,
      body?: unknown,
      spec?: Partial<RequestSpec>,
    ) =>
      transport.request<T>({
        operation: `calendar.${name}.${operation}`,
        method,
        path: key === 'id' ? `${name}/{id}` : key ? `${name}/by-slug/{slug}` : name,
        ...(key && { pathParams: { [key]: value as number | string } }),
        ...(method === 'POST' && { body, bodySchema: config.create }),
        ...(method === 'PUT' && { body, bodySchema: config.update }),
        ...spec,
        response: item,
        ...options,
      }),
  };
}
