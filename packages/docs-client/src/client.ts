import {
  type APIPromise,
  bearerAuth,
  CLIENT_OPTION_NAMES,
  type ClientOptions,
  checkOptionNames,
  createTransport,
  type HttpMethod,
  type PagePromise,
  paginateRaw,
  type RawRequestInit,
  type RequestOptions,
  RequestValidationError,
  type SecretSource,
  sendRaw,
  type Transport,
} from '@clientkit/core';
import { type ListParams, listing } from './listing';
import { Spaces } from './resources/spaces';
import { CurrentUser, Users } from './resources/users';
import type { ApiInformation, List } from './response-schemas';

/** The interface's fixed path, appended to `baseUrl`. */
export const API_PATH = 'v1/';

/** Options of `DocsClient`. */
export interface DocsClientOptions extends ClientOptions {
  /**
   * The service's origin, plus any path it is mounted under (for the reference server:
   * `http://127.0.0.1:4010`). The client appends `/v1`.
   */
  baseUrl: string;
  /** A bearer token of any scheme, or a function that returns the current one (see `tokenProvider`). */
  token: SecretSource;
}

const optionNames = [...CLIENT_OPTION_NAMES, 'baseUrl', 'token'];

/** Reads `message` from the interface's error body `{ error: { code, message } }`. */
function docsErrorBody(body: unknown) {
  const error = (body as { error?: { message?: unknown } } | undefined)?.error;
  return typeof error?.message === 'string' ? { message: error.message } : undefined;
}

/** `baseUrl` with the interface's fixed path appended, whether or not it ends in a slash. */
function apiUrlOf(baseUrl: unknown): string {
  if (typeof baseUrl !== 'string') {
    throw new RequestValidationError('options of DocsClient', [
      { path: 'baseUrl', message: 'must be the service origin, such as https://api.example.com' },
    ]);
  }
  return `${baseUrl.replace(/\/+$/, '')}/${API_PATH}`;
}

/**
 * A client of the documentation hosting interface: users, spaces, permissions and Git sync.
 *
 * @example
 * const docs = new DocsClient({ baseUrl: 'http://127.0.0.1:4010', token: process.env.DOCS_TOKEN! });
 * const space = await docs.spaces.get('space_handbook');
 */
export class DocsClient {
  /** The user the token belongs to. */
  readonly user: CurrentUser;
  /** Users by id. */
  readonly users: Users;
  /** Spaces, with their Git sync (`spaces.git`) and permissions (`spaces.permissions`). */
  readonly spaces: Spaces;
  readonly #transport: Transport;

  constructor(options: DocsClientOptions) {
    checkOptionNames(options, optionNames, 'options of DocsClient');
    if (typeof options?.token !== 'string' && typeof options?.token !== 'function') {
      throw new RequestValidationError('options of DocsClient', [
        { path: 'token', message: 'must be a token string or a function that returns one' },
      ]);
    }
    const { baseUrl, token, ...clientOptions } = options;
    this.#transport = createTransport({
      ...clientOptions,
      baseUrl: apiUrlOf(baseUrl),
      auth: bearerAuth(token),
      errorBody: docsErrorBody,
      responseSchemas: () => import('./response-schemas'),
    });
    this.user = new CurrentUser(this.#transport);
    this.users = new Users(this.#transport);
    this.spaces = new Spaces(this.#transport);
  }

  /** The release version and build date of the interface. */
  getApiInformation(options?: RequestOptions): APIPromise<ApiInformation> {
    return this.#transport.request<ApiInformation>({
      operation: 'docs.getApiInformation',
      method: 'GET',
      path: '',
      response: 'ApiInformation',
      ...options,
    });
  }

  /**
   * Any route of the interface that the typed methods do not cover yet, relative to `<baseUrl>/v1`,
   * with the client's token, retries and errors. Nothing is checked but the method and the path,
   * which must stay under the base URL.
   *
   * @example
   * const orgs = await docs.request<{ items: unknown[] }>('GET', 'orgs', { query: { limit: 5 } });
   */
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    init?: RawRequestInit,
    options?: RequestOptions,
  ): APIPromise<T> {
    return sendRaw<T>(this.#transport, 'docs.request', method, path, init, options);
  }

  /**
   * Any listing of the interface, page after page: `params` are sent as the query (`limit` and
   * filters), and the pages follow the `next.page` cursor of each answer.
   *
   * @example
   * for await (const org of docs.paginate<{ id: string }>('orgs', { limit: 20 })) console.log(org.id);
   */
  paginate<Item = unknown>(
    path: string,
    params: ListParams = {},
    options?: RequestOptions,
  ): PagePromise<Item, List<Item>> {
    return paginateRaw(path, 'docs.paginate', (relative) => {
      return listing<Item>(
        this.#transport,
        { operation: 'docs.paginate', path: relative, ...options },
        { ...params },
      );
    });
  }
}
