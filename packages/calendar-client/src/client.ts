import {
  type APIPromise,
  type Auth,
  CLIENT_OPTION_NAMES,
  type ClientOptions,
  checkOptionNames,
  createTransport,
  type HttpMethod,
  PagePromise,
  paginateRaw,
  type QueryValue,
  type RawRequestInit,
  type RequestOptions,
  RequestValidationError,
  resultOf,
  sendRaw,
  type Transport,
} from '@clientkit/core';
import { type ListEnvelope, listing } from './listing';
import { checkRecordPath } from './record-path';
import { IndexQuery, NAMESPACE } from './request-schemas';
import { type Categories, categories } from './resources/categories';
import { Events } from './resources/events';
import { LinkedRecords } from './resources/linked-records';
import { type Organizers, organizers } from './resources/organizers';
import { type Tags, tags } from './resources/tags';
import { Terms } from './resources/terms';
import { type Venues, venues } from './resources/venues';
import type { NamespaceIndex, OpenApiDocument } from './response-schemas';

/** Where WordPress serves its REST interface under a site's origin, unless the site moved it. */
export const DEFAULT_REST_PATH = 'wp-json';

/** Options of `CalendarClient`: `baseUrl` or `apiRoot`, exactly one of them. */
export interface CalendarClientOptions extends ClientOptions {
  /**
   * The site's origin, plus the path WordPress is installed under if any (reference server: its
   * URL). The client appends `/wp-json/calendar/events/v1`.
   */
  baseUrl?: string;
  /**
   * Instead of `baseUrl`: the site's REST root, for a site that serves it elsewhere than
   * `/wp-json` (such as `https://example.org/api`). The client appends `/calendar/events/v1`.
   */
  apiRoot?: string;
  /**
   * Credentials from `basicAuth` or `nonceAuth`. Without them the client reads published records
   * only, and every write is refused with an `AuthenticationError`.
   */
  auth?: Auth;
}

/** The query of one page of a listing: `page`, `per_page` and filters. */
export type CalendarListParams = Record<string, QueryValue>;

const optionNames = [...CLIENT_OPTION_NAMES, 'baseUrl', 'apiRoot', 'auth'];
const subject = 'options of CalendarClient';

/** Reads `code` and `message` from the interface's error body `{ code, message, data }`. */
function calendarErrorBody(body: unknown) {
  const fields = body as { code?: unknown; message?: unknown } | undefined;
  if (typeof fields?.code !== 'string') return undefined;
  const { code, message } = fields;
  return { code, message: typeof message === 'string' ? message : undefined };
}

/** The namespace's URL: `<baseUrl>/wp-json/calendar/events/v1/` or `<apiRoot>/calendar/events/v1/`. */
function namespaceUrlOf(options: CalendarClientOptions): string {
  const { baseUrl, apiRoot } = options;
  if ((baseUrl === undefined) === (apiRoot === undefined)) {
    throw new RequestValidationError(subject, [
      {
        path: 'baseUrl',
        message:
          'must be given, or apiRoot, but not both: baseUrl is the site origin, apiRoot a REST root other than /wp-json',
      },
    ]);
  }
  const [name, url] = baseUrl === undefined ? ['apiRoot', apiRoot] : ['baseUrl', baseUrl];
  if (typeof url !== 'string' || !/^https?:\/\/[^/]/i.test(url)) {
    throw new RequestValidationError(subject, [
      { path: name, message: 'must be an absolute http(s) URL' },
    ]);
  }
  const root = baseUrl === undefined ? url : `${url.replace(/\/+$/, '')}/${DEFAULT_REST_PATH}`;
  return `${root.replace(/\/+$/, '')}/${NAMESPACE}/`;
}

/**
 * A client of the events calendar interface: events, venues, organizers, categories and tags.
 *
 * @example
 * const calendar = new CalendarClient({
 *   baseUrl: 'https://events.example.org',
 *   auth: basicAuth('editor', process.env.CALENDAR_APP_PASSWORD!),
 * });
 * for await (const event of calendar.events.list({ featured: true })) console.log(event.title);
 */
export class CalendarClient {
  /** Events, by id or slug, with the filters of the calendar. */
  declare readonly events: Events;
  /** Venues, the places events happen. */
  declare readonly venues: Venues;
  /** Organizers, who run events. */
  declare readonly organizers: Organizers;
  /** Event categories (a tree). */
  declare readonly categories: Categories;
  /** Event tags. */
  declare readonly tags: Tags;
  readonly #transport: Transport;

  constructor(options: CalendarClientOptions) {
    checkOptionNames(options, optionNames, subject);
    const { baseUrl: _baseUrl, apiRoot: _apiRoot, auth, ...clientOptions } = options ?? {};
    this.#transport = createTransport({
      ...clientOptions,
      baseUrl: namespaceUrlOf(options ?? {}),
      auth,
      errorBody: calendarErrorBody,
      beforeSend: checkRecordPath,
      responseSchemas: () => import('./response-schemas'),
    });
    this.events = new Events(this.#transport);
    this.venues = new LinkedRecords(this.#transport, venues);
    this.organizers = new LinkedRecords(this.#transport, organizers);
    this.categories = new Terms(this.#transport, categories);
    this.tags = new Terms(this.#transport, tags);
  }

  /** The routes of the namespace with their methods and arguments. */
  getIndex(params: IndexQuery = {}, options?: RequestOptions): APIPromise<NamespaceIndex> {
    return this.#transport.request<NamespaceIndex>({
      operation: 'calendar.getIndex',
      method: 'GET',
      path: '',
      query: params,
      querySchema: IndexQuery,
      response: 'NamespaceIndex',
      ...options,
    });
  }

  /** The OpenAPI 3.1 document of the interface. */
  getDoc(options?: RequestOptions): APIPromise<OpenApiDocument> {
    return this.#transport.request<OpenApiDocument>({
      operation: 'calendar.getDoc',
      method: 'GET',
      path: 'doc',
      response: 'OpenApiDocument',
      ...options,
    });
  }

  /**
   * Any route of the namespace that the typed methods do not cover yet, relative to it
   * (`events/12`), with the client's credentials, retries and errors. Nothing is checked but the
   * method and the path, which must stay under the namespace.
   *
   * @example
   * const event = await calendar.request<{ id: number }>('PUT', 'events/12', { body: { ticket_url: 'https://t.example/12' } });
   */
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    init?: RawRequestInit,
    options?: RequestOptions,
  ): APIPromise<T> {
    return sendRaw<T>(this.#transport, 'calendar.request', method, path, init, options);
  }

  /**
   * Any listing of the namespace, page after page, as the interface pages: `page` from 1 and
   * `per_page`, stopping on `total_pages`. The items are read from the property named after the
   * path's last segment (`events` for `events`); other params are sent as filters.
   *
   * @example
   * for await (const event of calendar.paginate<{ id: number }>('events', { per_page: 50, featured: true })) {
   *   console.log(event.id);
   * }
   */
  paginate<Item = unknown>(
    path: string,
    params: CalendarListParams = {},
    options?: RequestOptions,
  ): PagePromise<Item, ListEnvelope & Record<string, unknown>> {
    // The listing's own code loads with the first call: most applications use the typed lists.
    return paginateRaw(
      path,
      'calendar.paginate',
      (relative) =>
        new PagePromise(
          import('./raw-listing').then((raw) =>
            resultOf(raw.rawListing<Item>(listing, this.#transport, relative, params, options)),
          ),
        ),
    );
  }
}
