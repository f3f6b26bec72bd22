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
  type ClientOptions,
  type HttpMethod,
  type PagePromise,
  type RawRequestInit,
  type RequestOptions,
  RequestValidationError,
  type SecretSource,
  type TokenProvider,
} from '@clientkit/core';
import type { ClientCredentials } from '@clientkit/core/contract';
import {
  type ClientCore,
  type ClientDefinition,
  type GivenOptions,
  ListingClientBase,
  overriddenOptions,
  type PreparedRequest,
  secretOption,
  serviceUrl,
} from '@clientkit/core/internal';
import { correlationHeaders, type MutatingMethod, type MutationOptions } from './correlation';
import { credentialsFromVariables } from './credential-variables';
import { idmErrorBody } from './error-body';
import {
  type CheckpointListParams,
  type ListFilters,
  Listings,
  type OffsetListParams,
  pagesAt,
  paginateQuery,
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
  /** The `coordination` option the cache shares its tokens through. */
  coordination: unknown;
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
  requestHeaders: correlationHeaders,
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
        build: credentialsFromVariables,
      },
    ],
    credentialsRequired: true,
  },
  // A token function hands out short-lived tokens fetched by the page; anything else is long-lived.
  browserSecret: ({ token, auth }) =>
    auth !== undefined ? 'its client secret' : typeof token === 'string' ? 'its token' : undefined,
};

/** What a checked `IdmClient` authenticates with. */
interface IdmCredentials {
  auth: Auth;
  /** The token requests carry, or the provider that hands out the current one. */
  token: SecretSource;
  /** The cache of exchanged tokens, with client credentials. */
  exchanged: ExchangedTokens | undefined;
}

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
export class IdmClient extends ListingClientBase<typeof idm, IdmClientOptions, ListFilters> {
  /** Applications registered with the tenant. */
  readonly clients: Clients;
  /** The tenant's log events. */
  readonly logs: Logs;
  /** The tenant kind this client checks page sizes for. */
  readonly tenant: Tenant;
  readonly #credentials: IdmCredentials;

  /**
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when an
   * option, or a variable read for one, is refused or missing.
   */
  constructor(options: IdmClientOptions = {}) {
    // The client's clock: its `now` option, read when used, so that a test clock set up later applies.
    const now = () => (options.now ?? Date.now)();
    const { tenant = 'public', checkScopes = false } = options;
    const checked: { credentials?: IdmCredentials } = {};
    const beforeSend = (request: PreparedRequest) => {
      // The token exchange carries no token, and needs no scope.
      if (!checkScopes || request.auth === undefined) return;
      return tokenOf(checked.credentials!.token).then((token) => checkCallScope(request, token));
    };
    super(
      {
        ...definition,
        paginate: (path) => pagesAt(path, now),
        paginateQuery: paginateQuery(tenant, now),
        beforeSend,
      },
      options,
      (given, subject, core) => {
        const inherited = inheritedTokens.get(options);
        checked.credentials = idmCredentials(given, subject, core, now, inherited);
        return checked.credentials.auth;
      },
    );
    this.#credentials = checked.credentials!;
    this.tenant = tenant;
    const listings = new Listings(this.core, tenant, now);
    this.clients = new Clients(this.core, listings);
    this.logs = new Logs(this.core, listings);
  }

  /**
   * A new client with these options over the ones this client was given, each replacing one whole
   * (`undefined` removes it), checked as the constructor checks them. With the same client
   * credentials, token URL, clock and coordination it shares this client's token cache (exchanges
   * included, which go through this client); other credentials get a cache of their own.
   *
   * @example
   * const tenantWide = idm.withOptions({ timeout: 120_000, checkScopes: true });
   * const other = idm.withOptions({ auth: clientCredentials({ clientId, clientSecret, audience }) });
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when the
   * merged options are refused.
   */
  override withOptions(overrides: Partial<IdmTokenOptions> | Partial<IdmCredentialsOptions>): this {
    const tokens = this.#credentials.exchanged;
    if (!tokens) return super.withOptions(overrides as Partial<IdmClientOptions>);
    const options = overriddenOptions(this.givenOptions, overrides, definition.name);
    // Credentials read from the environment are carried over as they are, so that the cache
    // keyed by them is shared too.
    const credentialsKept = !('token' in overrides) && !('auth' in overrides);
    const withCredentials = credentialsKept ? { ...options, auth: tokens.credentials } : options;
    inheritedTokens.set(withCredentials, tokens);
    const Client = this.constructor as new (options: IdmClientOptions) => this;
    return new Client(withCredentials as IdmClientOptions);
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
    return tokenOf(this.#credentials.token);
  }

  // Mutating methods take a `correlationId` option, as the typed methods do.
  override request<T = unknown, M extends HttpMethod = HttpMethod>(
    method: M,
    path: string,
    init?: IdmRequestInit,
    options?: OptionsFor<M>,
  ): APIPromise<T> {
    return super.request<T>(method, path, init, options);
  }

  // Checkpoint pages, as here when `params` has no offset field.
  override paginate<Item = unknown>(
    path: string,
    params?: CheckpointListParams & ListFilters,
    options?: RequestOptions,
  ): PagePromise<Item, CheckpointList<string, Item>>;
  /**
   * The same listing in offset pages, chosen by `page`, `per_page` or `include_totals` in `params`;
   * it throws what the checkpoint form throws.
   */
  override paginate<Item = unknown>(
    path: string,
    params: OffsetListParams & ListFilters,
    options?: RequestOptions,
  ): PagePromise<Item, OffsetList<string, Item>>;
  override paginate<Item = unknown>(
    path: string,
    params?: ListFilters,
    options?: RequestOptions,
  ): PagePromise<Item, unknown> {
    return super.paginate<Item>(path, params, options);
  }
}

/** The token of a source: the given one, or the provider's current one. */
function tokenOf(source: SecretSource): Promise<string> {
  return Promise.resolve(typeof source === 'string' ? source : source());
}

/**
 * The credentials of the checked options: the given token, or client credentials whose tokens are
 * exchanged through the client's core (shared with the fleet through its coordination) and
 * replaced once when the interface refuses one as invalid.
 */
function idmCredentials(
  given: GivenOptions,
  subject: string,
  core: ClientCore<typeof idm>,
  now: () => number,
  inherited: ExchangedTokens | undefined,
): IdmCredentials {
  const { token, auth } = given;
  if (token !== undefined && auth !== undefined) {
    throw new RequestValidationError(subject, [
      { path: 'token', message: 'must be given, or auth, but not both' },
    ]);
  }
  if (auth === undefined) {
    const source = secretOption(token, 'token', subject);
    return { auth: bearerAuth(source), token: source, exchanged: undefined };
  }
  const credentials = checkCredentials(auth, subject);
  const tokenUrl = credentials.tokenUrl ?? `${serviceUrl(given.baseUrl, '', subject)}oauth/token`;
  const { coordination } = given;
  const shared =
    inherited?.credentials === credentials &&
    inherited.tokenUrl === tokenUrl &&
    inherited.now === given.now &&
    inherited.coordination === coordination;
  const provider = shared
    ? inherited.provider
    : credentials.provider((request, url) => exchangeToken(core, request, url), {
        tokenUrl,
        now,
        share: core.shareToken,
      });
  return {
    auth: bearerAuth(provider, { renewWhen: (error) => error.code === 'invalid_token' }),
    token: provider,
    exchanged: { credentials, tokenUrl, now: given.now, coordination, provider },
  };
}

/** `auth` as `clientCredentials(...)` makes it; anything else is refused by name. */
function checkCredentials(auth: unknown, subject: string): ClientCredentials {
  if (typeof (auth as ClientCredentials | null)?.provider === 'function') {
    return auth as ClientCredentials;
  }
  throw new RequestValidationError(subject, [
    { path: 'auth', message: 'must be made by clientCredentials()' },
  ]);
}
