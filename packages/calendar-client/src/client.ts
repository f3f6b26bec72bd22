import {
  calendar,
  type IndexQuery,
  type NamespaceIndex,
  type OpenApiDocument,
} from '@clientkit/contracts/calendar';
import {
  type APIPromise,
  type Auth,
  basicAuth,
  type ClientOptions,
  type QueryValue,
  type RequestOptions,
  RequestValidationError,
} from '@clientkit/core';
import { pageNumberPages } from '@clientkit/core/contract';
import {
  type ClientDefinition,
  checkAuth,
  isLongLivedSecret,
  ListingClientBase,
  serviceUrl,
} from '@clientkit/core/internal';
import { EVENT_DATES, EVENT_FILTER_DATES, PUBLICATION_DATES } from './dates';
import type { Categories } from './resources/categories';
import type { Events } from './resources/events';
import type { Organizers } from './resources/organizers';
import { records } from './resources/records';
import type { Tags } from './resources/tags';
import type { Venues } from './resources/venues';

/** Where WordPress serves its REST interface under a site's origin, unless the site moved it. */
export const DEFAULT_REST_PATH = 'wp-json';

/** Options of `CalendarClient`: `baseUrl` or `apiRoot`, exactly one of them. */
export interface CalendarClientOptions extends ClientOptions {
  /**
   * The site's origin, plus the path WordPress is installed under if any (reference server: its
   * URL). The client appends `/wp-json/calendar/events/v1`, so a URL that already ends with
   * `/wp-json` or `/calendar/events/v1` is refused. Without it or `apiRoot`:
   * `CLIENTKIT_CALENDAR_BASE_URL`, else `CLIENTKIT_BASE_URL`, from the environment.
   */
  baseUrl?: string;
  /**
   * Instead of `baseUrl`: the site's REST root, for a site that serves it elsewhere than
   * `/wp-json` (such as `https://example.org/api`). The client appends `/calendar/events/v1`.
   */
  apiRoot?: string;
  /**
   * Credentials from `basicAuth` or `nonceAuth`. Without them: `CLIENTKIT_CALENDAR_USERNAME` and
   * `CLIENTKIT_CALENDAR_PASSWORD` (an application password) from the environment, when set; else
   * the client reads published records only, and every write is refused with an
   * `AuthenticationError`. An application password is refused in a browser unless
   * `dangerouslyAllowBrowser` is true; `nonceAuth` is made for pages.
   */
  auth?: Auth;
}

/** The query of one page of a listing: `page`, `per_page` and filters. */
export type CalendarListParams = Record<string, QueryValue>;

/** The totals every listing of the interface answers with, next to its items. */
export interface ListEnvelope {
  total: number;
  total_pages: number;
}

/**
 * The namespace's URL: `<baseUrl>/wp-json/calendar/events/v1/` or `<apiRoot>/calendar/events/v1/`.
 * A `baseUrl` may end with neither the REST root nor the namespace, which the client appends
 * itself; an `apiRoot` may not end with the namespace.
 */
function namespaceUrl(options: Record<string, unknown>, subject: string): string {
  const { baseUrl, apiRoot } = options;
  if (baseUrl !== undefined && apiRoot !== undefined) {
    throw new RequestValidationError(subject, [
      { path: 'baseUrl', message: 'must be given, or apiRoot, but not both' },
    ]);
  }
  if (apiRoot !== undefined) return serviceUrl(apiRoot, calendar.base, subject, 'apiRoot');
  // This call only refuses a baseUrl that ends with the namespace; the next one builds the URL.
  serviceUrl(baseUrl, calendar.base, subject);
  return `${serviceUrl(baseUrl, `/${DEFAULT_REST_PATH}`, subject)}${calendar.base.slice(1)}/`;
}

/** The last segment of a listing's path, which names the field its items are in. */
function lastSegment(path: string): string {
  return path.split('/').filter(Boolean).pop() ?? '';
}

const definition: ClientDefinition<typeof calendar> = {
  name: 'CalendarClient',
  contract: calendar,
  options: ['baseUrl', 'apiRoot', 'auth'],
  // The error body is WordPress's `{ code, message, data }`.
  errorFields(body) {
    const { code, message } = (body ?? {}) as { code?: unknown; message?: unknown };
    if (typeof code !== 'string') return undefined;
    return { code, message: typeof message === 'string' ? message : undefined };
  },
  url: namespaceUrl,
  paginate: (path) => pageNumberPages(lastSegment(path)),
  environment: {
    baseUrl: 'CLIENTKIT_CALENDAR_BASE_URL',
    baseUrlAlternatives: ['apiRoot'],
    credentialOptions: ['auth'],
    credentials: [
      {
        option: 'auth',
        variables: {
          username: 'CLIENTKIT_CALENDAR_USERNAME',
          password: 'CLIENTKIT_CALENDAR_PASSWORD',
        },
        build: ({ username, password }) => basicAuth(username!, password!),
      },
    ],
    credentialsRequired: false,
  },
  browserSecret: (options) =>
    isLongLivedSecret(options.auth) ? 'its application password' : undefined,
};

/**
 * A client of the events calendar interface: events, venues, organizers, categories and tags.
 *
 * @example
 * const calendar = new CalendarClient({
 *   baseUrl: 'https://events.example.org',
 *   auth: basicAuth('editor', 'abcd EFGH ijkl MNOP qrst UVWX'),
 * });
 * // or, with CLIENTKIT_CALENDAR_BASE_URL, _USERNAME and _PASSWORD set: new CalendarClient()
 * for await (const event of calendar.events.list({ featured: true })) console.log(event.title);
 */
export class CalendarClient extends ListingClientBase<
  typeof calendar,
  CalendarClientOptions,
  CalendarListParams,
  ListEnvelope & Record<string, unknown>
> {
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

  /**
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when an
   * option, or a variable read for one, is refused or missing.
   */
  constructor(options: CalendarClientOptions = {}) {
    super(definition, options, (checked, subject) =>
      checked.auth === undefined ? undefined : checkAuth(checked.auth, 'auth', subject),
    );
    const { core } = this;
    this.events = records(core, 'events', EVENT_FILTER_DATES, EVENT_DATES);
    this.venues = records(core, 'venues', [], PUBLICATION_DATES);
    this.organizers = records(core, 'organizers', [], PUBLICATION_DATES);
    this.categories = records(core, 'categories');
    this.tags = records(core, 'tags');
  }

  /** The routes of the namespace with their methods and arguments. */
  getIndex(params: IndexQuery = {}, options?: RequestOptions): APIPromise<NamespaceIndex> {
    return this.core.call(calendar.operations.getIndex, { query: params }, options);
  }

  /** The OpenAPI 3.1 document of the interface. */
  getDoc(options?: RequestOptions): APIPromise<OpenApiDocument> {
    return this.core.call(calendar.operations.getDoc, {}, options);
  }
}
