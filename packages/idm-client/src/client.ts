import {
  APIPromise,
  bearerAuth,
  type ClientOptions,
  createTransport,
  type HttpMethod,
  type IssuedToken,
  PagePromise,
  type QueryValue,
  type RequestOptions,
  RequestValidationError,
  type SecretSource,
  type Transport,
  validateResponse,
} from '@clientkit/core';
import type { ClientCredentials } from './credentials';
import { idmErrorBody } from './error-body';
import {
  type CheckpointListParams,
  itemsKeyOf,
  type ListFilters,
  type ListingContext,
  listing,
  type OffsetListParams,
} from './pagination';
import { type MutatingMethod, type MutationOptions, Requester } from './requester';
import { Clients } from './resources/clients';
import { Logs } from './resources/logs';
import {
  type CheckpointList,
  MAX_PAGE_SIZE,
  type OffsetList,
  PaginationQuery,
  type Tenant,
  TokenRequest,
  TokenResponse,
} from './schemas';

/** Options of `IdmClient`: a `token`, or client credentials as `auth`. */
export interface IdmClientOptions extends ClientOptions {
  /** The interface's base URL, ending in `/api/v2` (for the reference server: `<origin>/api/v2`). */
  baseUrl: string;
  /** A management access token (JWT), or a function that returns the current one. */
  token?: SecretSource;
  /** Client credentials (see `clientCredentials`), exchanged for tokens as needed. */
  auth?: ClientCredentials;
  /** The tenant kind, which sets the largest page size: public 50 (default), private 100. */
  tenant?: Tenant;
  /** Refuse, before sending, a request whose scope the token does not grant (default false). */
  checkScopes?: boolean;
  /** The clock that ages checkpoints and tokens, in epoch milliseconds (default `Date.now`). */
  now?: () => number;
}

/** What `idm.request` sends: a query and a JSON body. */
export interface IdmRequestInit {
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** Request options by method: mutating methods also take a `correlationId`. */
export type OptionsFor<M extends HttpMethod> = M extends MutatingMethod
  ? MutationOptions
  : RequestOptions;

/**
 * A client of the identity management interface: clients and logs, and any other route through
 * `request` and `paginate`, with its conventions applied (scopes, correlation ids, the 1 MB body
 * limit, offset and checkpoint pagination).
 *
 * @example
 * const idm = new IdmClient({
 *   baseUrl: 'https://tenant.example.com/api/v2',
 *   auth: clientCredentials({ clientId, clientSecret, audience: 'https://tenant.example.com/api/v2/' }),
 * });
 * for await (const client of idm.clients.list()) console.log(client.name);
 */
export class IdmClient {
  /** Applications registered with the tenant. */
  readonly clients: Clients;
  /** The tenant's log events. */
  readonly logs: Logs;
  /** The tenant kind this client checks page sizes for. */
  readonly tenant: Tenant;
  readonly #context: ListingContext;

  constructor(options: IdmClientOptions) {
    const tenant = options?.tenant ?? 'public';
    checkOptions(options, tenant);
    const now = options.now ?? (() => Date.now());
    let transport: Transport | undefined;
    const provider = options.auth
      ? options.auth.provider((request, tokenUrl) => exchangeToken(transport!, request, tokenUrl), {
          tokenUrl: options.auth.tokenUrl ?? new URL('/oauth/token', options.baseUrl).href,
          now,
        })
      : undefined;
    const token: SecretSource = provider ?? (options.token as SecretSource);
    transport = createTransport({ ...options, auth: bearerAuth(token), errorBody: idmErrorBody });
    const requester = new Requester(transport, {
      token,
      checkScopes: options.checkScopes ?? false,
      ...(provider ? { provider } : {}),
    });
    this.tenant = tenant;
    this.#context = { requester, tenant, now };
    this.clients = new Clients(this.#context);
    this.logs = new Logs(this.#context);
  }

  /**
   * The access token requests carry: the given one, or the current client credentials token
   * (exchanged first when there is none or it is about to expire).
   *
   * @example
   * console.log(scopesOf(await idm.accessToken()));
   */
  accessToken(): Promise<string> {
    return this.#context.requester.token();
  }

  /**
   * Any route of the interface, relative to the base URL, with every convention applied. Mutating
   * methods take a `correlationId` option.
   *
   * @example
   * const servers = await idm.request('GET', 'resource-servers', { query: { per_page: 10 } });
   */
  request<T = unknown, M extends HttpMethod = HttpMethod>(
    method: M,
    path: string,
    init: IdmRequestInit = {},
    options?: OptionsFor<M>,
  ): APIPromise<T> {
    let relative: string;
    try {
      checkMethod(method, 'idm.request');
      relative = relativePath(path, 'idm.request');
    } catch (error) {
      return APIPromise.reject(error);
    }
    return this.#context.requester.send<T>({
      method,
      path: relative,
      ...(init.query ? { query: init.query } : {}),
      ...(init.body === undefined ? {} : { body: init.body }),
      operation: 'idm.request',
      ...options,
    });
  }

  /**
   * Any other listing of the interface, page after page: checkpoint by default, offset with `page`,
   * `per_page` or `include_totals`. Other parameters are sent as filters.
   *
   * @example
   * for await (const role of idm.paginate('roles', { take: 25 })) console.log(role);
   */
  paginate<Item = unknown>(
    path: string,
    params?: CheckpointListParams & ListFilters,
    options?: RequestOptions,
  ): PagePromise<Item, CheckpointList<string, Item>>;
  paginate<Item = unknown>(
    path: string,
    params: OffsetListParams & ListFilters,
    options?: RequestOptions,
  ): PagePromise<Item, OffsetList<string, Item>>;
  paginate<Item = unknown>(
    path: string,
    params: ListFilters = {},
    options?: RequestOptions,
  ): PagePromise<Item, unknown> {
    let relative: string;
    try {
      relative = relativePath(path, 'idm.paginate');
    } catch (error) {
      return new PagePromise(Promise.reject(error));
    }
    return listing<Item>(
      this.#context,
      {
        path: relative,
        operation: 'idm.paginate',
        itemsKey: itemsKeyOf(relative),
        querySchema: PaginationQuery(MAX_PAGE_SIZE[this.tenant]),
      },
      params,
      options,
    );
  }
}

function checkOptions(options: IdmClientOptions, tenant: unknown): void {
  const issues: { path: string; message: string }[] = [];
  const hasToken = typeof options?.token === 'string' || typeof options?.token === 'function';
  if (hasToken === (options?.auth !== undefined)) {
    issues.push({ path: 'token', message: 'must be given, or auth, but not both' });
  }
  if (options?.token !== undefined && !hasToken) {
    issues.push({
      path: 'token',
      message: 'must be a token string or a function that returns one',
    });
  }
  if (options?.auth !== undefined && typeof options.auth?.provider !== 'function') {
    issues.push({ path: 'auth', message: 'must come from clientCredentials(...)' });
  }
  if (tenant !== 'public' && tenant !== 'private') {
    issues.push({ path: 'tenant', message: 'must be one of "public", "private"' });
  }
  if (issues.length > 0) throw new RequestValidationError('options of IdmClient', issues);
}

const httpMethods: readonly HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** One of the HTTP methods the interface uses, spelt as they are: anything else would be sent as it is. */
function checkMethod(method: unknown, operation: string): void {
  if (httpMethods.includes(method as HttpMethod)) return;
  throw new RequestValidationError(`arguments of ${operation}`, [
    { path: 'method', message: `must be one of ${httpMethods.map((m) => `"${m}"`).join(', ')}` },
  ]);
}

/**
 * A path relative to the base URL, that stays under it: queries go in `init.query`, never in the
 * path, and a `.` or `..` segment (percent-encoded or not) would let the request, and the token,
 * leave the interface's routes.
 */
function relativePath(path: string, operation: string): string {
  if (
    typeof path !== 'string' ||
    /[?#]/.test(path) ||
    /^[a-z][a-z0-9+.-]*:/i.test(path) ||
    path.split(/[/\\]/).some((segment) => /^(\.|%2e){1,2}$/i.test(segment))
  ) {
    throw new RequestValidationError(`arguments of ${operation}`, [
      {
        path: 'path',
        message: 'must be a path under the base URL, without ?, # or . and .. segments',
      },
    ]);
  }
  return path.replace(/^\/+/, '');
}

/** The client credentials exchange, through the client's own transport but without its bearer token. */
async function exchangeToken(
  transport: Transport,
  request: TokenRequest,
  tokenUrl: string,
): Promise<IssuedToken> {
  const url = new URL(tokenUrl);
  const segments = url.pathname.split('/');
  const path = segments.pop() ?? '';
  const answer = await transport.request({
    method: 'POST',
    baseUrl: `${url.origin}${segments.join('/')}/`,
    path,
    auth: null,
    body: request,
    bodySchema: TokenRequest,
    // Exchanging the same credentials twice is harmless, so a failed exchange may be retried.
    idempotent: true,
    parse: (data) => validateResponse(TokenResponse, data, 'idm.oauth.token'),
    operation: 'idm.oauth.token',
  });
  return { token: answer.access_token, expiresIn: answer.expires_in };
}
