import { type ApiInformation, docs, type List } from '@clientkit/contracts/docs';
import {
  type APIPromise,
  bearerAuth,
  type ClientOptions,
  type HttpMethod,
  type PagePromise,
  type RawRequestInit,
  type RequestOptions,
  type SecretSource,
} from '@clientkit/core';
import { cursorPages } from '@clientkit/core/contract';
import {
  ClientCore,
  type ClientDefinition,
  overriddenOptions,
  secretOption,
} from '@clientkit/core/internal';
import { Spaces } from './resources/spaces';
import { CurrentUser, Users } from './resources/users';

/** Options of `DocsClient`. */
export interface DocsClientOptions extends ClientOptions {
  /**
   * The service's origin, or the prefix a proxy mounts it under (for the reference server:
   * `http://127.0.0.1:4010`). The client appends `/v1`, so a URL that already ends with `/v1` is
   * refused. Without it: `CLIENTKIT_DOCS_BASE_URL`, else `CLIENTKIT_BASE_URL`, from the environment.
   */
  baseUrl?: string;
  /**
   * A bearer token of any scheme, or a function that returns the current one (see `tokenProvider`).
   * Without it: `CLIENTKIT_DOCS_TOKEN` from the environment. A token given as a string is refused
   * in a browser unless `dangerouslyAllowBrowser` is true; a function is not.
   */
  token?: SecretSource;
}

/** The query of one page of any listing: `limit`, filters, and the cursor in `page`. */
export type ListParams = Record<string, string | number | boolean | undefined>;

const definition: ClientDefinition<typeof docs> = {
  name: 'DocsClient',
  contract: docs,
  options: ['baseUrl', 'token'],
  // The error body is `{ error: { code, message } }`, where `code` repeats the status.
  errorFields(body) {
    const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
    return typeof message === 'string' ? { message } : undefined;
  },
  paginate: () => cursorPages('items'),
  environment: {
    baseUrl: 'CLIENTKIT_DOCS_BASE_URL',
    credentialOptions: ['token'],
    credentials: [{ option: 'token', variables: { token: 'CLIENTKIT_DOCS_TOKEN' } }],
    credentialsRequired: true,
  },
  // A string is a long-lived token; a function hands out short-lived ones, fetched by the page.
  browserSecret: (options) => (typeof options.token === 'string' ? 'its token' : undefined),
};

/**
 * A client of the documentation hosting interface: users, spaces, permissions and Git sync.
 *
 * @example
 * const docs = new DocsClient({ baseUrl: 'http://127.0.0.1:4010', token: 'docs-dev-user-ada' });
 * // or, with CLIENTKIT_BASE_URL and CLIENTKIT_DOCS_TOKEN set: new DocsClient()
 * const space = await docs.spaces.get('space_handbook');
 */
export class DocsClient {
  /** The user the token belongs to. */
  readonly user: CurrentUser;
  /** Users by id. */
  readonly users: Users;
  /** Spaces, with their Git sync (`spaces.git`) and permissions (`spaces.permissions`). */
  readonly spaces: Spaces;
  readonly #core: ClientCore<typeof docs>;
  readonly #given: DocsClientOptions;

  /**
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when an
   * option, or a variable read for one, is refused or missing.
   */
  constructor(options: DocsClientOptions = {}) {
    this.#given = { ...options };
    this.#core = new ClientCore(definition, options, (checked, subject) =>
      bearerAuth(secretOption(checked.token, 'token', subject)),
    );
    this.user = new CurrentUser(this.#core);
    this.users = new Users(this.#core);
    this.spaces = new Spaces(this.#core);
  }

  /**
   * A new client with these options over the ones this client was given, each replacing one whole
   * (`undefined` removes it), checked as the constructor checks them.
   *
   * @example
   * const patient = docs.withOptions({ timeout: 120_000, retry: 5 });
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when the
   * merged options are refused.
   */
  withOptions(overrides: Partial<DocsClientOptions>): DocsClient {
    return new DocsClient(overriddenOptions(this.#given, overrides, definition.name));
  }

  /** The release version and build date of the interface. */
  getApiInformation(options?: RequestOptions): APIPromise<ApiInformation> {
    return this.#core.call(docs.operations.getApiInformation, {}, options);
  }

  /**
   * Any route of the interface that the typed methods do not cover yet, relative to `<baseUrl>/v1`,
   * with the client's token, retries and errors. Nothing is checked but the method and the path,
   * which must stay under the base URL.
   *
   * @example
   * const me = await docs.request<{ id: string }>('GET', 'user');
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} before anything
   * is sent, when the method, the path or `init` is refused.
   * @throws {@link @clientkit/core!index.APIError | APIError} when the interface answers outside 2xx: the
   * subclass for the status, such as {@link @clientkit/core!index.NotFoundError | NotFoundError} for 404.
   * @throws {@link @clientkit/core!index.APIConnectionError | APIConnectionError} when no answer arrives,
   * once the retries are spent; {@link @clientkit/core!index.APITimeoutError | APITimeoutError} when none
   * arrives within the timeout.
   * @throws {@link @clientkit/core!index.APIResponseParseError | APIResponseParseError} when a success
   * answer claims JSON and does not parse.
   * @throws {@link @clientkit/core!index.APIUserAbortError | APIUserAbortError} when the `signal` of the
   * request options aborts.
   */
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    init?: RawRequestInit,
    options?: RequestOptions,
  ): APIPromise<T> {
    return this.#core.request<T>(method, path, init, options);
  }

  /**
   * Any listing of the interface, page after page: `params` are sent as the query (`limit` and
   * filters), and the pages follow the `next.page` cursor of each answer.
   *
   * @example
   * for await (const hit of docs.paginate<{ title: string }>('spaces/space_handbook/search', { query: 'battery' })) {
   *   console.log(hit.title);
   * }
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} before anything
   * is sent, when the path or `params` is refused.
   * @throws {@link @clientkit/core!index.APIError | APIError} when the interface answers a page outside
   * 2xx: the subclass for the status, such as {@link @clientkit/core!index.NotFoundError | NotFoundError}
   * for 404.
   * @throws {@link @clientkit/core!index.APIConnectionError | APIConnectionError} when no answer arrives,
   * once the retries are spent; {@link @clientkit/core!index.APITimeoutError | APITimeoutError} when none
   * arrives within the timeout.
   * @throws {@link @clientkit/core!index.APIResponseParseError | APIResponseParseError} when a success
   * answer claims JSON and does not parse.
   * @throws {@link @clientkit/core!index.APIUserAbortError | APIUserAbortError} when the `signal` of the
   * request options aborts.
   */
  paginate<Item = unknown>(
    path: string,
    params: ListParams = {},
    options?: RequestOptions,
  ): PagePromise<Item, List<Item>> {
    return this.#core.paginate<Item, List<Item>>(path, params, options);
  }
}
