import {
  type CheckpointList,
  idm,
  MAX_PAYLOAD_BYTES,
  type OffsetList,
  PAYLOAD_TOO_LARGE_MESSAGE,
  type Tenant,
} from '@clientkit/contracts/idm';
import {
  type APIPromise,
  type Auth,
  bearerAuth,
  type ClientCredentials,
  type ClientOptions,
  clientCredentials,
  type HttpMethod,
  type PagePromise,
  type RawRequestInit,
  type RequestOptions,
  RequestValidationError,
  type SecretSource,
  type TokenProvider,
} from '@clientkit/core';
import {
  type Call,
  ClientCore,
  type ClientDefinition,
  type GivenOptions,
  overriddenOptions,
  secretOption,
  serviceUrl,
} from '@clientkit/core/internal';
import { applyCorrelationId, type MutatingMethod, type MutationOptions } from './correlation';
import { idmErrorBody } from './error-body';
import {
  type CheckpointListParams,
  type ListFilters,
  Listings,
  type OffsetListParams,
  pagesAt,
} from './listing';
import { Clients } from './resources/clients';
import { Logs } from './resources/logs';
import { checkCallScope } from './scopes';
import { exchangeToken } from './token-exchange';

/** Options of `IdmClient` besides its credentials. */
export interface IdmClientBaseOptions extends ClientOptions {
  /**
   * The service's origin, plus any path the service is mounted under (`https://tenant.example.com`);
   * the client appends `/api/v2` for the management routes and `/oauth/token` for tokens, so a URL
   * that already ends with `/api/v2` is refused. Without it: `CLIENTKIT_IDM_BASE_URL`, else
   * `CLIENTKIT_BASE_URL`, from the environment.
   */
  baseUrl?: string;
  /** The tenant kind, which sets the largest page size: public 50 (default), private 100. */
  tenant?: Tenant;
  /** Refuse, before sending, a request whose scope the token does not grant (default false). */
  checkScopes?: boolean;
  /** The clock that ages checkpoints and tokens, in epoch milliseconds, read at each use (default `Date.now`). */
  now?: () => number;
}

/**
 * Options of an `IdmClient` that sends a token it is given, or, without one, reads its credentials
 * from the environment.
 */
export interface IdmTokenOptions extends IdmClientBaseOptions {
  /**
   * A management access token (JWT), or a function that returns the current one. Without it or
   * `auth`: `CLIENTKIT_IDM_TOKEN`, or `CLIENTKIT_IDM_CLIENT_ID`, `CLIENTKIT_IDM_CLIENT_SECRET` and
   * `CLIENTKIT_IDM_AUDIENCE` (client credentials), from the environment. A token given as a
   * string is refused in a browser unless `dangerouslyAllowBrowser` is true; a function is not.
   */
  token?: SecretSource;
  auth?: undefined;
}

/** Options of an `IdmClient` that exchanges client credentials for its tokens. */
export interface IdmCredentialsOptions extends IdmClientBaseOptions {
  /**
   * Client credentials (see `clientCredentials`), exchanged for tokens as needed. Refused in a
   * browser unless `dangerouslyAllowBrowser` is true: the client secret would be readable there.
   */
  auth: ClientCredentials;
  token?: undefined;
}

/** Options of `IdmClient`: a `token`, or client credentials as `auth`, at most one of them. */
export type IdmClientOptions = IdmTokenOptions | IdmCredentialsOptions;

/** What `idm.request` sends: a query and a JSON body. */
export type IdmRequestInit = RawRequestInit;

/** Request options by method: mutating methods also take a `correlationId`. */
export type OptionsFor<M extends HttpMethod> = M extends MutatingMethod
  ? MutationOptions
  : RequestOptions;

/** A client's cache of tokens exchanged for client credentials, which its `withOptions` clients share. */
interface ExchangedTokens {
  credentials: ClientCredentials;
  tokenUrl: string;
  /** The `now` option the cache ages tokens with. */
  now: unknown;
  provider: TokenProvider;
}

/** The token cache a client made by `withOptions` may share, by the options it is built with. */
const inheritedTokens = new WeakMap<object, ExchangedTokens>();

const definition: ClientDefinition<typeof idm> = {
  name: 'IdmClient',
  contract: idm,
  options: ['baseUrl', 'token', 'auth'],
  optionRules: {
    tenant: (value) =>
      value === 'public' || value === 'private' ? undefined : 'must be one of "public", "private"',
    checkScopes: (value) => (typeof value === 'boolean' ? undefined : 'must be true or false'),
    now: (value) =>
      typeof value === 'function'
        ? undefined
        : 'must be a function that returns epoch milliseconds',
  },
  requestOptions: ['correlationId'],
  errorFields: idmErrorBody,
  bodyLimit: {
    bytes: MAX_PAYLOAD_BYTES,
    code: 'payload_too_large',
    message: (bytes) =>
      `${PAYLOAD_TOO_LARGE_MESSAGE} (this body is ${bytes} bytes; it was not sent)`,
  },
  environment: {
    baseUrl: 'CLIENTKIT_IDM_BASE_URL',
    credentialOptions: ['token', 'auth'],
    credentials: [
      { option: 'token', variables: { token: 'CLIENTKIT_IDM_TOKEN' } },
      {
        option: 'auth',
        variables: {
          clientId: 'CLIENTKIT_IDM_CLIENT_ID',
          clientSecret: 'CLIENTKIT_IDM_CLIENT_SECRET',
          audience: 'CLIENTKIT_IDM_AUDIENCE',
        },
        build: ({ clientId, clientSecret, audience }) =>
          clientCredentials({
            clientId: clientId!,
            clientSecret: clientSecret!,
            audience: audience!,
          }),
      },
    ],
    credentialsRequired: true,
  },
  // A token function hands out short-lived tokens fetched by the page; anything else is long-lived.
  browserSecret: ({ token, auth }) =>
    auth !== undefined ? 'its client secret' : typeof token === 'string' ? 'its token' : undefined,
};

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
  readonly #core: ClientCore<typeof idm>;
  readonly #listings: Listings;
  readonly #checkScopes: boolean;
  readonly #given: IdmClientOptions;
  #token: SecretSource | undefined;
  /** The cache of exchanged tokens, with client credentials. */
  #tokens: ExchangedTokens | undefined;

  /**
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when an
   * option, or a variable read for one, is refused or missing.
   */
  constructor(options: IdmClientOptions = {}) {
    this.#given = { ...options };
    // The client's clock: its `now` option, read when used, so that a test clock set up later applies.
    const now = () => (options.now ?? Date.now)();
    const inherited = inheritedTokens.get(options);
    this.#core = new ClientCore(
      {
        ...definition,
        paginate: (path) => pagesAt(path, now),
        beforeSend: (call) => this.#beforeSend(call),
      },
      options,
      (given, subject) => this.#credentials(given, subject, now, inherited),
    );
    const { tenant = 'public', checkScopes = false } = options;
    this.tenant = tenant;
    this.#checkScopes = checkScopes;
    this.#listings = new Listings(this.#core, tenant, now);
    this.clients = new Clients(this.#core, this.#listings);
    this.logs = new Logs(this.#core, this.#listings);
  }

  /**
   * A new client with these options over the ones this client was given, each replacing one whole
   * (`undefined` removes it), checked as the constructor checks them. With the same client
   * credentials, token URL and clock it shares this client's token cache (exchanges included, which
   * go through this client); other credentials get a cache of their own.
   *
   * @example
   * const tenantWide = idm.withOptions({ timeout: 120_000, checkScopes: true });
   * const other = idm.withOptions({ auth: clientCredentials({ clientId, clientSecret, audience }) });
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when the
   * merged options are refused.
   */
  withOptions(overrides: Partial<IdmTokenOptions> | Partial<IdmCredentialsOptions>): IdmClient {
    const options = overriddenOptions(this.#given, overrides, definition.name) as IdmClientOptions;
    const tokens = this.#tokens;
    if (tokens) {
      const credentialsKept = !('token' in overrides) && !('auth' in overrides);
      // Credentials read from the environment are carried over as they are, so that the cache
      // keyed by them is shared too.
      const withCredentials = credentialsKept ? { ...options, auth: tokens.credentials } : options;
      inheritedTokens.set(withCredentials, tokens);
      return new IdmClient(withCredentials as IdmClientOptions);
    }
    return new IdmClient(options);
  }

  /**
   * The access token requests carry: the given one, or the current client credentials token
   * (exchanged first when there is none or it is about to expire).
   *
   * @example
   * console.log(scopesOf(await idm.accessToken()));
   *
   * @throws {@link @clientkit/core!index.APIError | APIError} when the token endpoint refuses to exchange
   * the client credentials: the subclass for its status, such as
   * {@link @clientkit/core!index.AuthenticationError | AuthenticationError} for credentials it does not
   * know. Never with a `token`, which is returned as given.
   * @throws {@link @clientkit/core!index.APIConnectionError | APIConnectionError} when the token endpoint
   * does not answer.
   */
  accessToken(): Promise<string> {
    const source = this.#token!;
    return Promise.resolve(typeof source === 'string' ? source : source());
  }

  /**
   * Any route of the interface, relative to `/api/v2`, with every convention applied: for routes or
   * fields the client's schemas do not know yet. Mutating methods take a `correlationId` option.
   *
   * @example
   * const servers = await idm.request('GET', 'resource-servers', { query: { per_page: 10 } });
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
  request<T = unknown, M extends HttpMethod = HttpMethod>(
    method: M,
    path: string,
    init?: IdmRequestInit,
    options?: OptionsFor<M>,
  ): APIPromise<T> {
    return this.#core.request<T>(method, path, init, options);
  }

  /**
   * Any other listing of the interface, page after page: checkpoint by default, offset with `page`,
   * `per_page` or `include_totals`. Other parameters are sent as filters.
   *
   * @example
   * for await (const role of idm.paginate('roles', { take: 25 })) console.log(role);
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
    params?: ListFilters,
    options?: RequestOptions,
  ): PagePromise<Item, unknown> {
    return this.#listings.paginate<Item, unknown>(path, params, options);
  }

  /**
   * The auth of the checked options: the given token, or client credentials whose tokens are
   * exchanged through this client and replaced once when the interface refuses one as invalid.
   */
  #credentials(
    given: GivenOptions,
    subject: string,
    now: () => number,
    inherited: ExchangedTokens | undefined,
  ): Auth {
    const { token, auth } = given;
    if (token !== undefined && auth !== undefined) {
      throw new RequestValidationError(subject, [
        { path: 'token', message: 'must be given, or auth, but not both' },
      ]);
    }
    if (auth === undefined) {
      this.#token = secretOption(token, 'token', subject);
      return bearerAuth(this.#token);
    }
    const credentials = checkCredentials(auth, subject);
    const tokenUrl = credentials.tokenUrl ?? `${serviceUrl(given.baseUrl, '', subject)}oauth/token`;
    const shared =
      inherited?.credentials === credentials &&
      inherited.tokenUrl === tokenUrl &&
      inherited.now === given.now;
    const provider = shared
      ? inherited.provider
      : credentials.provider((request, url) => exchangeToken(this.#core, request, url), {
          tokenUrl,
          now,
        });
    this.#tokens = { credentials, tokenUrl, now: given.now, provider };
    this.#token = provider;
    return bearerAuth(provider, { renewWhen: (error) => error.code === 'invalid_token' });
  }

  /**
   * idm's conventions, before each call is sent: the correlation id as its header, and with
   * `checkScopes`, the scope the call needs against the token's (the token exchange carries none).
   */
  #beforeSend(call: Call): void | Promise<void> {
    applyCorrelationId(call);
    if (!this.#checkScopes || call.auth === null) return;
    return this.accessToken().then((token) => checkCallScope(call, token));
  }
}

/** `auth` as `clientCredentials(...)` makes it; anything else is refused by name. */
function checkCredentials(auth: unknown, subject: string): ClientCredentials {
  if (typeof (auth as ClientCredentials | null)?.provider === 'function') {
    return auth as ClientCredentials;
  }
  throw new RequestValidationError(subject, [
    {
      path: 'auth',
      message:
        'must be client credentials from clientCredentials({ clientId, clientSecret, audience })',
    },
  ]);
}
