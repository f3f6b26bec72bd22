import type { KyInstance } from 'ky';
import { type Auth, fixedHeadersOf } from '../auth/auth';
import { refuseSecretInBrowser } from '../auth/browser-secret';
import type { TokenSharing } from '../auth/token-provider';
import type {
  AnyOperation,
  Contract,
  HttpMethod,
  InputOf,
  ResponseOf,
} from '../contract/operation';
import type { PageParams, Pagination } from '../contract/pagination';
import { type CallSite, callSite, withCallSite } from '../errors/call-site';
import { type ErrorBodyMapper, setOperation } from '../errors/errors';
import { scrubbedError } from '../errors/scrubbed-error';
import { type CallLog, callLog } from '../observability/call-log';
import { leveledLogger } from '../observability/logger';
import { type ClientEnvironment, requireOptions } from '../options/client-environment';
import type { AttemptGate, ThrottleOptions } from '../options/coordination';
import { namingVariables, withEnvironment } from '../options/environment';
import { logLevelOf } from '../options/log-level';
import {
  type ClientOptions,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type RequestOptions,
} from '../options/options';
import {
  CLIENT_OPTION_RULES,
  checkOptions,
  type OptionRule,
  REQUEST_OPTION_RULES,
  THROTTLE_OPTION_RULES,
} from '../options/rules';
import { serviceUrl } from '../options/service-url';
import { PagePromise, paginate } from '../pagination/page';
import { chosenStyle } from '../pagination/styles';
import { type SecretValues, secretValues } from '../redaction/secret-values';
import { APIPromise, type CallResult } from '../response/api-promise';
import { requestIdOf } from '../response/request-id';
import { type RetryPolicy, retryPolicy } from '../retry/policy';
import { abortError } from '../transport/failure';
import { setHeaders } from '../transport/headers';
import { kyInstance, senderFor } from '../transport/ky-sender';
import { localThrottle } from '../transport/local-throttle';
import type { Fleet, PreparedRequest } from '../transport/prepared-request';
import { send } from '../transport/send';
import type { Sender } from '../transport/sender';
import { withExtraBody, withExtraQuery } from '../validation/extra-fields';
import { validateInput, validateResponse } from '../validation/validate';
import { VERSION } from '../version';
import { type RawRequestInit, rawCall } from './escape-hatch';
import { type BodyLimit, limitedBody } from './request-body';
import { filledPath, queryString, targetUrl } from './request-url';

/** What makes one interface's client: its contract and what its service does its own way. */
export interface ClientDefinition<C extends Contract> {
  /** The client's class name, for messages: `DocsClient`. */
  name: string;
  contract: C;
  /** The constructor options of this client beyond the shared ones (`baseUrl` included). */
  options: readonly string[];
  /** Rules of this client's own options that core checks with the shared ones, by name. */
  optionRules?: Readonly<Record<string, OptionRule>>;
  /** The request options of this client beyond the shared ones (idm's `correlationId`). */
  requestOptions?: readonly string[];
  /** Reads `code` and `message` from the interface's error body. */
  errorFields: ErrorBodyMapper;
  /** The interface honours `Idempotency-Key`: POST and PATCH carry one and are retried like reads. */
  idempotencyKeys?: boolean;
  /** The largest JSON body the interface takes, refused before sending. */
  bodyLimit?: BodyLimit;
  /**
   * Headers the interface adds to a call from its request options (idm's `correlationId`); throws a
   * `RequestValidationError` to refuse an option.
   */
  requestHeaders?: (call: CallOptions) => Record<string, string> | undefined;
  /** Checks each call before it is sent (not before each retry); throw to refuse it. */
  beforeSend?: (request: PreparedRequest) => void | Promise<void>;
  /** How `paginate()` pages a listing at `path`; without it the client has no `paginate()`. */
  paginate?: (path: string) => Pagination | readonly Pagination[];
  /**
   * The query of the first page `paginate()` asks for, from the params it was given: checked, with
   * the interface's defaults; throws a `RequestValidationError` to refuse them. Without it the
   * params are sent as they are.
   */
  paginateQuery?: (params: Record<string, unknown>) => Record<string, unknown>;
  /**
   * The URL operations are relative to, when the client takes something other than `baseUrl`
   * (calendar's `apiRoot`); by default `baseUrl` with the contract's base path appended.
   */
  url?: (options: Record<string, unknown>, subject: string) => string;
  /**
   * The variables the client reads its base URL and credentials from when its code leaves them
   * out; without it, nothing is read.
   */
  environment?: ClientEnvironment;
  /**
   * The long-lived secret the checked options hold, in a phrase such as `its API key`, or
   * undefined when they hold none (a token function, no credentials): a client holding one is
   * refused in a browser unless `dangerouslyAllowBrowser` is true.
   */
  browserSecret?: (options: GivenOptions) => string | undefined;
}

/** What `ClientDefinition.requestHeaders` is told of a call. */
export interface CallOptions {
  operation: string;
  method: HttpMethod;
  options: RequestOptions;
}

/** Where one call goes instead of the client's defaults (metering's stream host and session). */
export interface CallTarget {
  url?: string | undefined;
  /** Credentials instead of the client's; `null` sends none (a token exchange). */
  auth?: Auth | null | undefined;
  /**
   * How the call's attempts travel instead of ky, for a client with its own way on some runtime;
   * used only when the application gave no `fetch` and no hooks.
   */
  sender?: Sender | undefined;
}

/** Options of a client, as its constructor receives them. */
export type GivenOptions = ClientOptions & Record<string, unknown>;

/**
 * Turns a client's checked options into its auth, refusing bad ones by name (`subject` names the
 * options in messages); `core` is the client's core, for an auth that calls the interface.
 */
export type Credentials<C extends Contract> = (
  options: GivenOptions,
  subject: string,
  core: ClientCore<C>,
) => Auth | undefined;

interface CallInput {
  path?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
}

/** A call checked and routed: everything of its prepared request but the body. */
interface Route {
  operation: string;
  pathTemplate: string;
  method: HttpMethod;
  /** The filled path relative to the base URL, with its query. */
  path: string;
  options: RequestOptions;
  target: CallTarget | undefined;
  /** The declared operation, when the call is one (not an escape hatch's). */
  declared: AnyOperation | undefined;
}

/**
 * The one skeleton every client is built on, and the one door its methods reach the network
 * through. It checks the client's options once, the same way for every client. Per call it checks
 * the input against the operation's schemas, describes the request once (a `PreparedRequest`),
 * hands it to `send`, and gives the caller an `APIPromise` whose errors name the operation and the
 * caller's code.
 *
 * @example
 * class DocsClient {
 *   readonly #core = new ClientCore(definition, options, (checked) => bearerAuth(checked.token));
 *   getSpace(spaceId: string) {
 *     return this.#core.call(docs.operations.getSpaceById, { path: { spaceId } });
 *   }
 * }
 */
export class ClientCore<C extends Contract> {
  readonly #definition: ClientDefinition<C>;
  readonly #options: GivenOptions;
  /** The absolute URL operations are relative to, ending with `/`. */
  readonly #url: string;
  readonly #auth: Auth | undefined;
  readonly #retry: RetryPolicy;
  /** The headers of every request (accept, user agent, the `headers` option), in lower case. */
  readonly #headers: Readonly<Record<string, string>>;
  readonly #ky: KyInstance;
  /** The log of calls (undefined when the client logs nothing). */
  readonly #log: CallLog | undefined;
  /**
   * The secrets this client holds or has obtained, by value, scrubbed from its errors and log
   * lines. Its auth's are added when it is built and as it hands them out; an auth that obtains
   * others (a token exchange) adds them here.
   */
  readonly secrets: SecretValues = secretValues();
  /** The client's place in its fleet, or its own throttle (undefined with neither). */
  readonly #fleet: Fleet | undefined;
  /**
   * Shares a token of the client's credentials with the processes of its fleet (for an auth that
   * exchanges one, such as idm's client credentials), waiting for another process's exchange at
   * most the client's timeout; undefined without a `coordination`.
   */
  readonly shareToken: TokenSharing | undefined;

  /**
   * Checks the options (unknown names, `baseUrl`, the shared options), with the base URL and
   * credentials the code leaves out read from the definition's environment variables;
   * `credentials` turns the checked options into the client's auth, refusing bad ones by name (it
   * is given this core, for an auth that calls the interface, such as a token exchange).
   */
  constructor(definition: ClientDefinition<C>, options: unknown, credentials: Credentials<C>) {
    const subject = `options of ${definition.name}`;
    checkOptions(options, { ...CLIENT_OPTION_RULES, ...definition.optionRules }, subject, {
      also: definition.options,
    });
    // Before the credentials, which may share their tokens through the coordination.
    const { coordination, timeout = DEFAULT_TIMEOUT_MS } = options as GivenOptions;
    const fleet = fleetOf(options as GivenOptions, subject, this.secrets);
    this.#fleet = fleet;
    this.shareToken =
      coordination &&
      ((request) => coordination.sharedToken({ ...request, maxWaitMs: timeout, log: fleet!.log }));
    const { given, url, auth } = checkedTarget(definition, options as GivenOptions, (checked) =>
      credentials(checked, subject, this),
    );
    this.#definition = definition;
    this.#options = given;
    this.#url = url;
    this.#auth = auth;
    const fixed = auth && fixedHeadersOf(auth);
    if (fixed) this.secrets.addHeaders(fixed, false);
    this.#retry = retryPolicy([given.retry], definition.idempotencyKeys === true, subject);
    this.#headers = setHeaders(
      { accept: 'application/json', 'user-agent': given.userAgent ?? `clientkit/${VERSION}` },
      given.headers,
    ) as Record<string, string>;
    // Read for every attempt, so that a fetch replaced after the client was built (by a test tool) is used.
    this.#ky = kyInstance(() => this.#options.fetch ?? globalThis.fetch);
    const level = logLevelOf(given);
    this.#log = level
      ? callLog(given.logger ?? console, level, definition.contract, this.secrets)
      : undefined;
  }

  /** The options the client was built with, and those the environment filled in. */
  get options(): GivenOptions {
    return this.#options;
  }

  /**
   * Calls an operation: its input is checked against the operation's schemas before anything is
   * sent, and the answer is checked against its response schema with `validateResponses`.
   */
  call<O extends AnyOperation>(
    operation: O,
    input: InputOf<O>,
    options?: RequestOptions,
    target?: CallTarget,
  ): APIPromise<ResponseOf<O>> {
    return this.#callFrom(callSite(this.call), operation, input, options, target);
  }

  /** A call whose errors name the application's code at `site`. */
  #callFrom<O extends AnyOperation>(
    site: CallSite,
    operation: O,
    input: InputOf<O>,
    options: RequestOptions | undefined,
    target?: CallTarget,
  ): APIPromise<ResponseOf<O>> {
    return this.#door(site, this.#operationName(operation), () => {
      const route = this.#route(operation, input as CallInput, options, target);
      const body = this.#bodyOf(operation, (input as CallInput).body, route);
      return this.#send(this.#prepared(route, body));
    });
  }

  /**
   * Calls of one operation whose bodies the client has checked and serialised itself, for a path
   * that sends many (metering's stream checks each event as it is pushed, so a second check of
   * every batch would be wasted). The request options, the path and the retry policy are checked
   * once, here. Each call sends the JSON text it is given as the body, through the transport, the
   * log and the telemetry like any call, and resolves with the answer's data; `onRetry` hears of
   * each of its retries. (`extraBody` and `extraQuery` have no place here: the body is given whole.)
   */
  checkedSender<O extends AnyOperation>(
    operation: O,
    options?: Omit<RequestOptions, 'extraBody' | 'extraQuery'>,
    target?: CallTarget,
  ): (json: string, onRetry?: (retryCount: number) => void) => Promise<ResponseOf<O>> {
    const route = this.#route(operation, {}, options, target);
    return async (json, onRetry) => {
      try {
        const body = limitedBody(json, this.#definition.bodyLimit, operation.method);
        const { data } = await this.#send(this.#prepared(route, body, onRetry));
        return data as ResponseOf<O>;
      } catch (error) {
        setOperation(error, route.operation);
        throw error;
      }
    };
  }

  /**
   * Lists an operation's records page after page, in the pagination style the operation declares
   * (the one whose parameters the query holds, when it offers several).
   */
  list<Item, Raw = ResponseOf<AnyOperation>>(
    operation: AnyOperation,
    input: { path?: Record<string, unknown>; query?: Record<string, unknown> },
    options?: RequestOptions,
  ): PagePromise<Item, Raw> {
    const offered = operation.pagination;
    if (!offered) throw new TypeError(`clientkit: ${this.#operationName(operation)} has no pages`);
    // Taken once, where the application asked for the listing: every page's errors name it.
    const site = callSite(this.list);
    return pages(
      offered,
      input.query,
      (params) => this.#callFrom(site, operation, { ...input, query: params } as never, options),
      this.secrets,
    );
  }

  /**
   * The `request()` escape hatch: any route under the interface's base URL, with the client's
   * credentials, retries, errors and limits, and the answer passed on as it came.
   */
  request<T = unknown>(
    method: HttpMethod,
    path: string,
    init?: RawRequestInit,
    options?: RequestOptions,
  ): APIPromise<T> {
    return this.#requestFrom(callSite(this.request), method, path, init, options);
  }

  /** A `request()` whose errors name the application's code at `site`. */
  #requestFrom<T>(
    site: CallSite,
    method: HttpMethod,
    path: string,
    init: RawRequestInit | undefined,
    options: RequestOptions | undefined,
  ): APIPromise<T> {
    const name = `${this.#definition.contract.name}.request`;
    return this.#door(site, name, () => {
      const raw = rawCall(this.#definition.contract.name, method, path, init, options);
      const route = this.#checkedRoute(name, raw.pathTemplate, method, raw.path, options);
      const body =
        raw.body === undefined
          ? undefined
          : limitedBody(raw.body, this.#definition.bodyLimit, method);
      return this.#send(this.#prepared(route, body));
    });
  }

  /**
   * The `paginate()` escape hatch: any listing under the base URL, page after page, in the
   * interface's style; `params` are sent as the query.
   */
  paginate<Item = unknown, Raw = unknown>(
    path: string,
    params: Record<string, unknown> = {},
    options?: RequestOptions,
  ): PagePromise<Item, Raw> {
    const { paginate: styleOf, paginateQuery } = this.#definition;
    if (!styleOf)
      throw new TypeError(`clientkit: ${this.#definition.name} has no listings to page`);
    let first: Record<string, unknown>;
    try {
      first = paginateQuery ? paginateQuery(params) : params;
    } catch (error) {
      return new PagePromise<Item, Raw>(Promise.reject(error));
    }
    // A path that is no string is refused by the first page's request, naming it.
    const listing = styleOf(typeof path === 'string' ? path : '');
    const site = callSite(this.paginate);
    return pages(
      listing,
      first,
      (query) =>
        this.#requestFrom(site, 'GET', path, { query: query as RawRequestInit['query'] }, options),
      this.secrets,
    );
  }

  /**
   * Where a call leaves the client: `start` checks and sends it, and the caller gets an APIPromise
   * whose error names the operation (a refusal before sending included) and the application's code
   * at `site`.
   */
  #door<T>(
    site: CallSite,
    operation: string,
    start: () => Promise<CallResult<unknown>>,
  ): APIPromise<T> {
    let sending: Promise<CallResult<unknown>>;
    try {
      sending = start();
    } catch (error) {
      sending = Promise.reject(error);
    }
    return new APIPromise(
      sending.catch((error: unknown) => {
        setOperation(error, operation);
        throw withCallSite(error, site);
      }),
    ) as APIPromise<T>;
  }

  #operationName(operation: AnyOperation): string {
    return `${this.#definition.contract.name}.${operation.sdk}`;
  }

  /** The route of a call of a declared operation, its path and query checked and filled in. */
  #route(
    operation: AnyOperation,
    input: CallInput,
    options: RequestOptions | undefined,
    target: CallTarget | undefined,
  ): Route {
    const name = this.#operationName(operation);
    const template = operation.path.replace(/^\/+/, '');
    const path = filledPath(template, input.path, operation.params, name);
    let query = operation.query
      ? (validateInput(operation.query, input.query ?? {}, `query of ${name}`) as PageParams)
      : undefined;
    if (options?.extraQuery !== undefined) {
      query = withExtraQuery(query, options.extraQuery, operation.query, name);
    }
    const route = this.#checkedRoute(name, template, operation.method, path, options, target);
    return { ...route, path: `${path}${queryString(query)}`, declared: operation };
  }

  /** A route with its request options checked (refused by name, an aborted signal refused). */
  #checkedRoute(
    operation: string,
    pathTemplate: string,
    method: HttpMethod,
    path: string,
    given: RequestOptions | undefined,
    target?: CallTarget,
  ): Route {
    const options = given ?? {};
    checkOptions(options, REQUEST_OPTION_RULES, `options of ${operation}`, {
      also: this.#definition.requestOptions,
    });
    if (options.signal?.aborted) throw abortError(options.signal);
    return { operation, pathTemplate, method, path, options, target, declared: undefined };
  }

  /** The JSON text of a declared operation's body: checked, with `extraBody`, within the limit. */
  #bodyOf(operation: AnyOperation, given: unknown, route: Route): string | undefined {
    let body = given;
    if (operation.body) body = validateInput(operation.body, body, `body of ${route.operation}`);
    if (route.options.extraBody !== undefined) {
      body = withExtraBody(body, route.options.extraBody, operation.body, route.operation);
    }
    if (body === undefined) return undefined;
    return limitedBody(JSON.stringify(body), this.#definition.bodyLimit, route.method);
  }

  /** The request a route describes with `body`: everything `send` needs, fixed now. */
  #prepared(
    route: Route,
    body: string | undefined,
    onRetry?: (retryCount: number) => void,
  ): PreparedRequest {
    const { operation, pathTemplate, method, options, target, declared } = route;
    const given = this.#options;
    const headers = setHeaders({ ...this.#headers }, options.headers);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    setHeaders(headers, this.#definition.requestHeaders?.({ operation, method, options }));
    const key = this.#idempotencyKey(method, options);
    if (key !== undefined) headers['idempotency-key'] = key;
    const baseUrl = target?.url ?? this.#url;
    const schema = given.validateResponses === true ? declared?.response : undefined;
    return {
      operation,
      pathTemplate,
      method,
      baseUrl,
      path: route.path,
      url: targetUrl(baseUrl, route.path),
      headers,
      body,
      expectsBody: declared?.response !== undefined,
      timeout: timeoutOf(options.timeout ?? given.timeout ?? DEFAULT_TIMEOUT_MS),
      maxResponseBytes:
        options.maxResponseBytes ?? given.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      retry: this.#retryOf(options, operation),
      signal: options.signal,
      auth: (target?.auth === undefined ? this.#auth : target.auth) ?? undefined,
      sender: senderFor({
        ky: this.#ky,
        hooks: { client: given.hooks, request: options.hooks },
        own: target?.sender,
        fetchGiven: given.fetch !== undefined,
        context: () => ({ ...given.context, ...options.context, operation, pathTemplate }),
      }),
      secrets: this.secrets,
      errorFields: this.#definition.errorFields,
      options,
      check:
        schema &&
        ((data, answered) => validateResponse(schema, data, operation, requestIdOf(answered))),
      log: this.#log,
      telemetry: given.telemetry,
      onRetry,
      fleet: this.#fleet,
    };
  }

  /** The client's retry policy, or the request's settings laid over it. */
  #retryOf(options: RequestOptions, operation: string): RetryPolicy {
    if (options.retry === undefined) return this.#retry;
    const idempotencyKeys = this.#definition.idempotencyKeys === true;
    const settings = [this.#options.retry, options.retry];
    return retryPolicy(settings, idempotencyKeys, `options of ${operation}`);
  }

  /**
   * The `Idempotency-Key` of every attempt of a call: POST and PATCH carry one (the caller's, or a
   * new one) where the interface honours it.
   */
  #idempotencyKey(method: HttpMethod, options: RequestOptions): string | undefined {
    const write = method === 'POST' || method === 'PATCH';
    if (!write || this.#definition.idempotencyKeys !== true) return undefined;
    return options.idempotencyKey ?? newIdempotencyKey();
  }

  /** Runs the interface's check of a call, then sends it. */
  async #send(request: PreparedRequest): Promise<CallResult<unknown>> {
    await this.#definition.beforeSend?.(request);
    return send(request);
  }
}

/**
 * The options with what the environment fills in, the URL the client sends to and its auth, each
 * checked; a refusal of a value read from the environment names its variable.
 */
function checkedTarget<C extends Contract>(
  definition: ClientDefinition<C>,
  options: GivenOptions,
  credentials: (options: GivenOptions) => Auth | undefined,
): { given: GivenOptions; url: string; auth: Auth | undefined } {
  const subject = `options of ${definition.name}`;
  const { environment } = definition;
  const resolved = environment ? withEnvironment(options, environment, subject) : undefined;
  const given = (resolved?.options ?? options) as GivenOptions;
  try {
    if (environment) requireOptions(given, environment, subject);
    const url = definition.url
      ? definition.url(given, subject)
      : serviceUrl(given.baseUrl, definition.contract.base, subject);
    const auth = credentials(given);
    const secret = definition.browserSecret?.(given);
    if (secret) refuseSecretInBrowser(given.dangerouslyAllowBrowser, subject, secret);
    return { given, url, auth };
  } catch (error) {
    throw namingVariables(error, resolved?.sources ?? {}, subject);
  }
}

/** Local throttles by the `throttle` object they keep: clients given the same one share its caps. */
const localThrottles = new WeakMap<ThrottleOptions, AttemptGate>();

/**
 * The client's place in its fleet (its `coordination`), or its own `throttle`; undefined with
 * neither. A coordination warns through the client's logger, or the console when none is given:
 * an outage of the fleet's store should not pass unseen. `logLevel: 'off'` silences it.
 */
function fleetOf(given: GivenOptions, subject: string, secrets: SecretValues): Fleet | undefined {
  const { coordination, throttle } = given;
  if (throttle !== undefined) {
    checkOptions(throttle, THROTTLE_OPTION_RULES, subject, { prefix: 'throttle.' });
  }
  if (!coordination && !throttle) return undefined;
  let gate: AttemptGate | undefined = coordination ?? localThrottles.get(throttle!);
  if (!gate) {
    gate = localThrottle(throttle!);
    localThrottles.set(throttle!, gate);
  }
  const level = logLevelOf({ logLevel: given.logLevel, logger: console }) ?? 'off';
  return { gate, throttle, log: leveledLogger(given.logger ?? console, level, secrets) };
}

/**
 * The pages of a listing, in the style its query's parameters choose among those offered. A page
 * refused for its shape keeps its body on the error, scrubbed of `secrets` as any error of a call.
 */
function pages<Item, Raw>(
  offered: Pagination | readonly Pagination[],
  query: Record<string, unknown> | undefined,
  fetchPage: (params: PageParams) => APIPromise<unknown>,
  secrets: SecretValues,
): PagePromise<Item, Raw> {
  const params = { ...query };
  const strategy = chosenStyle(offered, params).strategy();
  const items = (body: unknown) => {
    try {
      return strategy.items(body);
    } catch (error) {
      throw scrubbedError(error, secrets);
    }
  };
  return paginate(fetchPage, strategy.first(params), { ...strategy, items }) as PagePromise<
    Item,
    Raw
  >;
}

/** The transport's form of a timeout: `false` for none. */
const timeoutOf = (ms: number): number | false => (ms === Number.POSITIVE_INFINITY ? false : ms);

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
