import {
  type APIPromise,
  type Auth,
  type ClientOptions,
  createTransport,
  type RequestOptions,
  RequestValidationError,
  type Transport,
} from '@clientkit/core';
import { Categories } from './resources/categories';
import { Events } from './resources/events';
import { Organizers } from './resources/organizers';
import { Tags } from './resources/tags';
import { Venues } from './resources/venues';
import { IndexQuery, NAMESPACE, NamespaceIndex, OpenApiDocument } from './schemas';

/** Options of `CalendarClient`. */
export interface CalendarClientOptions extends ClientOptions {
  /** The site's REST root, such as `https://example.org/wp-json` (reference server: `<origin>/wp-json`). */
  apiRoot: string;
  /**
   * Credentials from `basicAuth` or `nonceAuth`. Without them the client reads published records
   * only, and every write is refused with an `AuthenticationError`.
   */
  auth?: Auth;
}

/** Reads `code` and `message` from the interface's error body `{ code, message, data }`. */
function calendarErrorBody(body: unknown) {
  const fields = body as { code?: unknown; message?: unknown } | undefined;
  if (typeof fields?.code !== 'string') return undefined;
  return {
    code: fields.code,
    ...(typeof fields.message === 'string' ? { message: fields.message } : {}),
  };
}

/**
 * A client of the events calendar interface: events, venues, organizers, categories and tags.
 *
 * @example
 * const calendar = new CalendarClient({
 *   apiRoot: 'http://127.0.0.1:4010/wp-json',
 *   auth: basicAuth('editor', process.env.CALENDAR_APP_PASSWORD!),
 * });
 * for await (const event of calendar.events.list({ featured: true })) console.log(event.title);
 */
export class CalendarClient {
  /** Events, by id or slug, with the filters of the calendar. */
  readonly events: Events;
  /** Venues, the places events happen. */
  readonly venues: Venues;
  /** Organizers, who run events. */
  readonly organizers: Organizers;
  /** Event categories (a tree). */
  readonly categories: Categories;
  /** Event tags. */
  readonly tags: Tags;
  readonly #transport: Transport;

  constructor(options: CalendarClientOptions) {
    if (typeof options?.apiRoot !== 'string') {
      throw new RequestValidationError('options of CalendarClient', [
        {
          path: 'apiRoot',
          message: 'must be the REST root URL, such as https://example.org/wp-json',
        },
      ]);
    }
    const { apiRoot, auth, ...clientOptions } = options;
    this.#transport = createTransport({
      ...clientOptions,
      baseUrl: `${apiRoot.replace(/\/+$/, '')}/${NAMESPACE}/`,
      auth,
      errorBody: calendarErrorBody,
    });
    this.events = new Events(this.#transport);
    this.venues = new Venues(this.#transport);
    this.organizers = new Organizers(this.#transport);
    this.categories = new Categories(this.#transport);
    this.tags = new Tags(this.#transport);
  }

  /** The routes of the namespace with their methods and arguments. */
  getIndex(params: IndexQuery = {}, options?: RequestOptions): APIPromise<NamespaceIndex> {
    return this.#transport.request({
      method: 'GET',
      path: '',
      query: params,
      querySchema: IndexQuery,
      responseSchema: NamespaceIndex,
      ...options,
      operation: 'calendar.getIndex',
    });
  }

  /** The OpenAPI 3.1 document of the interface. */
  getDoc(options?: RequestOptions): APIPromise<OpenApiDocument> {
    return this.#transport.request({
      method: 'GET',
      path: 'doc',
      responseSchema: OpenApiDocument,
      ...options,
      operation: 'calendar.getDoc',
    });
  }
}
