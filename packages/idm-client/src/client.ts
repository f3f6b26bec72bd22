import {
  APIPromise,
  type Auth,
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
  type RequestSpec,
  RequestValidationError,
  type SecretSource,
  sendRaw,
  type TokenProvider,
  type Transport,
} from '@clientkit/core';
import {
  checkCorrelationHeader,
  correlated,
  type MutatingMethod,
  type MutationOptions,
} from './correlation';
import type { ClientCredentials } from './credentials';
import { idmErrorBody } from './error-body';
import {
  type CheckpointListParams,
  type IdmTransport,
  itemsKeyOf,
  type ListFilters,
  listing,
  type OffsetListParams,
} from './pagination';
import {
  MAX_PAYLOAD_BYTES,
  PAYLOAD_TOO_LARGE_MESSAGE,
  PaginationQuery,
  type Tenant,
} from './request-schemas';
import { Clients } from './resources/clients';
import { Logs } from './resources/logs';
import type { CheckpointList, OffsetList } from './response-schemas';

/** Options of `IdmClient`: a `token`, or client credentials as `auth`. */
export interface IdmClientOptions extends ClientOptions {
  /**
   * The service's origin, plus any path the service is mounted under (`https://tenant.example.com`);
   * the client appends `/api/v2` for the management routes and `/oauth/token` for tokens.
   */
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

const OPTION_NAMES: readonly string[] = [
  ...CLIENT_OPTION_NAMES,
  'baseUrl',
  'token',
  'auth',
  'tenant',
  'checkScopes',
  'now',
];

/** The interface's fixed path under the service's base URL. */
const API_PATH = 'api/v2/';

/** What `idm.request` sends: a query and a JSON body. */
export type IdmRequestInit = RawRequestInit;

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
 *   baseUrl: 'https://tenant.example.com',
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
  readonly #transport: IdmTransport;
  readonly #token: SecretSource;

  constructor(options: IdmClientOptions) {
    checkOptionNames(options, OPTION_NAMES, 'options of IdmClient');
    const tenant = options?.tenant ?? 'public';
    checkOptions(options, tenant);
    const serviceUrl = serviceUrlOf(options.baseUrl);
    const now = options.now ?? Date.now;
    let transport: Transport | undefined;
    const provider = options.auth?.provider(
      // Loaded on first use: a client given a token never exchanges one.
      async (request, tokenUrl) =>
        (await import('./token-exchange')).exchangeToken(transport!, request, tokenUrl),
      { tokenUrl: options.auth.tokenUrl ?? `${serviceUrl}oauth/token`, now },
    );
    this.#token = provider ?? (options.token as SecretSource);
    const checkScopes = options.checkScopes === true;
    transport = createTransport({
      // The transport reads the shared client options and nothing else from these.
      ...(options as ClientOptions),
      baseUrl: `${serviceUrl}${API_PATH}`,
      auth: authOf(provider, this.#token),
      errorBody: idmErrorBody,
      responseSchemas: () => import('./response-schemas'),
      bodyLimit: {
        bytes: MAX_PAYLOAD_BYTES,
        code: 'payload_too_large',
        message: (bytes) =>
          `${PAYLOAD_TOO_LARGE_MESSAGE} (this body is ${bytes} bytes; it was not sent)`,
      },
      // Synchronous unless scopes are checked, so that a call without the check awaits nothing here.
      beforeSend: (spec: RequestSpec) => {
        checkCorrelationHeader(spec);
        // The token exchange itself carries no token to check.
        // The scope rules load with the first checked call: most applications leave the check off.
        if (checkScopes && spec.auth !== null) {
          return Promise.all([import('./scopes'), this.accessToken()]).then(([scopes, token]) =>
            scopes.checkScope(spec.method, spec.path, token),
          );
        }
      },
    });
    this.tenant = tenant;
    this.#transport = { request: transport.request, tenant, now };
    this.clients = new Clients(this.#transport);
    this.logs = new Logs(this.#transport);
  }

  /**
   * The access token requests carry: the given one, or the current client credentials token
   * (exchanged first when there is none or it is about to expire).
   *
   * @example
   * console.log(scopesOf(await idm.accessToken()));
   */
  accessToken(): Promise<string> {
    const source = this.#token;
    return Promise.resolve(typeof source === 'string' ? source : source());
  }

  /**
   * Any route of the interface, relative to `/api/v2`, with every convention applied: for routes or
   * fields the client's schemas do not know yet. Mutating methods take a `correlationId` option.
   *
   * @example
   * const servers = await idm.request('GET', 'resource-servers', { query: { per_page: 10 } });
   */
  request<T = unknown, M extends HttpMethod = HttpMethod>(
    method: M,
    path: string,
    init?: IdmRequestInit,
    options?: OptionsFor<M>,
  ): APIPromise<T> {
    let checked: RequestOptions;
    try {
      checked = correlated(options);
    } catch (error) {
      return APIPromise.reject(error);
    }
    return sendRaw<T>(this.#transport, 'idm.request', method, path, init, checked);
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
    return paginateRaw(path, 'idm.paginate', (relative) => {
      return listing<Item>(
        this.#transport,
        {
          operation: 'idm.paginate',
          path: relative,
          itemsKey: itemsKeyOf(relative),
          querySchema: PaginationQuery,
        },
        params,
        options,
      );
    });
  }
}

/** A fixed token, or client credentials whose token is replaced once when the interface refuses it. */
function authOf(provider: TokenProvider | undefined, token: SecretSource): Auth {
  if (!provider) return bearerAuth(token);
  return bearerAuth(provider, { renewWhen: (error) => error.code === 'invalid_token' });
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

/**
 * The service's URL, ending in one slash. A URL that already ends in `/api/v2` is refused, since the
 * client appends that path itself (0.2 took the API root; 0.3 takes the origin).
 */
function serviceUrlOf(baseUrl: unknown): string {
  const refuse = (message: string) => {
    throw new RequestValidationError('options of IdmClient', [{ path: 'baseUrl', message }]);
  };
  let url: URL | undefined;
  try {
    url = new URL(String(baseUrl));
  } catch {
    url = undefined;
  }
  if (typeof baseUrl !== 'string' || !url || !/^https?:$/.test(url.protocol)) {
    return refuse('must be an absolute http(s) URL');
  }
  if (url.search || url.hash) return refuse('must not have a query or a fragment');
  const path = url.pathname.replace(/\/+$/, '');
  if (/\/api\/v2$/i.test(path)) {
    return refuse("must be the service's origin, without /api/v2: the client appends it");
  }
  return `${url.origin}${path}/`;
}
