import type { Auth } from '../auth/auth';
import { refuseSecretInBrowser } from '../auth/browser-secret';
import type {
  AnyOperation,
  Contract,
  HttpMethod,
  InputOf,
  Pagination,
  ResponseOf,
} from '../contract/operation';
import { type CallSite, callSite, withCallSite } from '../errors/call-site';
import { type ErrorBodyMapper, setOperation } from '../errors/errors';
import { callLog } from '../observability/call-log';
import { logLevelOf } from '../observability/logger';
import {
  type ClientEnvironment,
  namingVariables,
  requireOptions,
  withEnvironment,
} from '../options/environment';
import { type ClientOptions, DEFAULT_TIMEOUT_MS, type RequestOptions } from '../options/options';
import {
  CLIENT_OPTION_RULES,
  checkOptions,
  type OptionRule,
  REQUEST_OPTION_RULES,
} from '../options/rules';
import { serviceUrl } from '../options/service-url';
import { type PagePromise, paginate } from '../pagination/page';
import { chosenStyle, type PageParams } from '../pagination/styles';
import { type RetryPolicy, retryPolicy } from '../retry/policy';
import { type BodyLimit, limitedBody } from '../transport/body';
import type { Call, CallLog } from '../transport/call';
import { abortError } from '../transport/failure';
import type { Sender } from '../transport/sender';
import { Transport } from '../transport/transport';
import { withExtraBody, withExtraQuery } from '../validation/extra-fields';
import { validateInput, validateResponse } from '../validation/validate';
import { type Answer, APIPromise, requestIdOf } from './api-promise';
import { type RawRequestInit, rawCall } from './escape-hatch';
import { filledPath, queryString } from './request-url';

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
  /** Runs before each call is sent (not before each retry); throw to refuse it. */
  beforeSend?: (call: Call) => void | Promise<void>;
  /** How `paginate()` pages a listing at `path`; without it the client has no `paginate()`. */
  paginate?: (path: string) => Pagination | readonly Pagination[];
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

/** Where one call goes instead of the client's defaults (metering's stream host and session). */
export interface Via {
  url?: string | undefined;
  auth?: Auth | null | undefined;
  /**
   * How the call's attempts travel instead of ky, for a client with its own way on some runtime;
   * used only when the application gave no `fetch` and no hooks.
   */
  sender?: Sender | undefined;
}

/** Options of a client, as its constructor receives them. */
export type GivenOptions = ClientOptions & Record<string, unknown>;

interface CallInput {
  path?: Record<string, unknown>;
  query?: unknown;
  body?: unknown;
}

/**
 * The one skeleton every client is built on, and the one door its methods reach the network
 * through. It checks the client's options once, the same way for every client, and each call's
 * input against the operation's schemas before anything is sent; it sends through the client's
 * transport, checks answers when asked to, and lists with the operation's pagination style.
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
  readonly #transport: Transport;
  readonly #retry: RetryPolicy;
  /** The log of calls (undefined when the client logs nothing). */
  readonly #log: CallLog | undefined;

  /**
   * Checks the options (unknown names, `baseUrl`, the shared options), with the base URL and
   * credentials the code leaves out read from the definition's environment variables, and builds
   * the transport; `credentials` turns the checked options into the client's auth, refusing bad
   * ones by name.
   */
  constructor(
    definition: ClientDefinition<C>,
    options: unknown,
    credentials: (options: GivenOptions, subject: string) => Auth | undefined,
  ) {
    const subject = `options of ${definition.name}`;
    checkOptions(options, { ...CLIENT_OPTION_RULES, ...definition.optionRules }, subject, {
      also: definition.options,
    });
    const { given, url, auth } = checkedTarget(definition, options as GivenOptions, credentials);
    const idempotencyKeys = definition.idempotencyKeys === true;
    this.#definition = definition;
    this.#options = given;
    this.#retry = retryPolicy([given.retry], idempotencyKeys, subject);
    this.#log = logLevelOf(given) ? callLog(given, definition.contract) : undefined;
    this.#transport = new Transport({
      url,
      options: given,
      auth,
      errorFields: definition.errorFields,
      idempotencyKeys,
    });
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
    via?: Via,
  ): APIPromise<ResponseOf<O>> {
    return this.#callFrom(callSite(this.call), operation, input, options, via);
  }

  /** A call whose errors name the application's code at `site`. */
  #callFrom<O extends AnyOperation>(
    site: CallSite,
    operation: O,
    input: InputOf<O>,
    options?: RequestOptions,
    via?: Via,
  ): APIPromise<ResponseOf<O>> {
    let sending: Promise<Answer<unknown>>;
    try {
      const call = this.#prepare(operation, input as CallInput, options, via);
      const name = call.operation;
      let body = (input as CallInput).body;
      if (operation.body) body = validateInput(operation.body, body, `body of ${name}`);
      if (options?.extraBody !== undefined) {
        body = withExtraBody(body, options.extraBody, operation.body, name);
      }
      if (body !== undefined) {
        call.body = limitedBody(JSON.stringify(body), this.#definition.bodyLimit, operation.method);
      }
      sending = this.#send(call, operation);
    } catch (error) {
      sending = Promise.reject(error);
    }
    const name = this.#operationName(operation);
    return this.#settle(sending, site, name) as APIPromise<ResponseOf<O>>;
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
    via?: Via,
  ): (json: string, onRetry?: (retryCount: number) => void) => Promise<ResponseOf<O>> {
    const prepared = this.#prepare(operation, {}, options, via);
    return async (json, onRetry) => {
      const body = limitedBody(json, this.#definition.bodyLimit, operation.method);
      return (await this.#send({ ...prepared, body, onRetry }, operation)).data as ResponseOf<O>;
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
    return pages(offered, input.query, (params) =>
      this.#callFrom(site, operation, { ...input, query: params } as never, options),
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
    init?: RawRequestInit,
    options?: RequestOptions,
  ): APIPromise<T> {
    let sending: Promise<Answer<unknown>>;
    try {
      const raw = rawCall(this.#definition.contract.name, method, path, init, options);
      const call = this.#call(raw.operation, raw.pathTemplate, method, raw.path, options);
      if (raw.body !== undefined) {
        call.body = limitedBody(raw.body, this.#definition.bodyLimit, method);
      }
      sending = this.#send(call);
    } catch (error) {
      sending = Promise.reject(error);
    }
    return this.#settle(
      sending,
      site,
      `${this.#definition.contract.name}.request`,
    ) as APIPromise<T>;
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
    const styleOf = this.#definition.paginate;
    if (!styleOf)
      throw new TypeError(`clientkit: ${this.#definition.name} has no listings to page`);
    // A path that is no string is refused by the first page's request, naming it.
    const listing = styleOf(typeof path === 'string' ? path : '');
    const site = callSite(this.paginate);
    return pages(listing, params, (query) =>
      this.#requestFrom(site, 'GET', path, { query: query as RawRequestInit['query'] }, options),
    );
  }

  /**
   * The APIPromise of a call of `operation` being sent, whose errors name the operation and the
   * application's code at `site`, refusals before sending included.
   */
  #settle(
    sending: Promise<Answer<unknown>>,
    site: CallSite,
    operation: string,
  ): APIPromise<unknown> {
    return new APIPromise(
      sending.catch((error: unknown) => {
        setOperation(error, operation);
        throw withCallSite(error, site);
      }),
    );
  }

  #operationName(operation: AnyOperation): string {
    return `${this.#definition.contract.name}.${operation.sdk}`;
  }

  /** A call of an operation, its path and query checked and filled in; the body is the caller's. */
  #prepare(
    operation: AnyOperation,
    input: CallInput,
    options: RequestOptions | undefined,
    via?: Via,
  ): Call {
    const name = this.#operationName(operation);
    const template = operation.path.replace(/^\/+/, '');
    const path = filledPath(template, input.path, operation.params, name);
    let query = operation.query
      ? (validateInput(operation.query, input.query ?? {}, `query of ${name}`) as Record<
          string,
          unknown
        >)
      : undefined;
    if (options?.extraQuery !== undefined) {
      query = withExtraQuery(query, options.extraQuery, operation.query, name);
    }
    return this.#call(
      name,
      template,
      operation.method,
      `${path}${queryString(query)}`,
      options,
      via,
    );
  }

  #call(
    operation: string,
    pathTemplate: string,
    method: HttpMethod,
    path: string,
    given: RequestOptions | undefined,
    via?: Via,
  ): Call {
    const options = given ?? {};
    const subject = `options of ${operation}`;
    checkOptions(options, REQUEST_OPTION_RULES, subject, { also: this.#definition.requestOptions });
    if (options.signal?.aborted) throw abortError(options.signal);
    return {
      operation,
      pathTemplate,
      method,
      path,
      options,
      retry:
        options.retry === undefined
          ? this.#retry
          : retryPolicy(
              [this.#options.retry, options.retry],
              this.#definition.idempotencyKeys === true,
              subject,
            ),
      timeout: timeoutOf(options.timeout ?? this.#options.timeout ?? DEFAULT_TIMEOUT_MS),
      ...via,
    };
  }

  async #send(call: Call, operation?: AnyOperation): Promise<Answer<unknown>> {
    call.log = this.#log;
    call.expectsBody = operation?.response !== undefined;
    await this.#definition.beforeSend?.(call);
    // The transport runs the check before it ends the call's span and log line, so that an answer
    // that breaks its schema is a failed call there too, not only for the caller.
    const schema = operation?.response;
    if (schema && this.#options.validateResponses === true) {
      call.check = ({ data, response }) => ({
        data: validateResponse(schema, data, call.operation, requestIdOf(response.headers)),
        response,
      });
    }
    return this.#transport.send(call);
  }
}

/**
 * The options with what the environment fills in, the URL the client sends to and its auth, each
 * checked; a refusal of a value read from the environment names its variable.
 */
function checkedTarget<C extends Contract>(
  definition: ClientDefinition<C>,
  options: GivenOptions,
  credentials: (options: GivenOptions, subject: string) => Auth | undefined,
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
    const auth = credentials(given, subject);
    const secret = definition.browserSecret?.(given);
    if (secret) refuseSecretInBrowser(given.dangerouslyAllowBrowser, subject, secret);
    return { given, url, auth };
  } catch (error) {
    throw namingVariables(error, resolved?.sources ?? {}, subject);
  }
}

/** The pages of a listing, in the style its query's parameters choose among those offered. */
function pages<Item, Raw>(
  offered: Pagination | readonly Pagination[],
  query: Record<string, unknown> | undefined,
  fetchPage: (params: PageParams) => APIPromise<unknown>,
): PagePromise<Item, Raw> {
  const params = { ...query };
  const strategy = chosenStyle(offered, params).strategy();
  return paginate(fetchPage, strategy.first(params), strategy) as PagePromise<Item, Raw>;
}

/** The transport's form of a timeout: `false` for none. */
const timeoutOf = (ms: number): number | false => (ms === Number.POSITIVE_INFINITY ? false : ms);
