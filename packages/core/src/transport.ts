import type { Hooks, Options as KyOptions, RetryOptions } from 'ky';
import type { $ZodType } from 'zod/v4/core';
import { APIPromise } from './api-promise';
import { type Auth, fixedHeadersOf } from './auth';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  type ErrorBodyMapper,
  makeAPIError,
  PayloadTooLargeError,
  RequestValidationError,
} from './errors';
import { isHTTPError, isTimeoutError } from './ky-errors';
import { loadedKy, loadKy } from './ky-loader';
import { loadLogging, loadResponseCheck } from './lazy';
import type { Logger, LogLevel } from './logger';
import { checkOptionNames } from './options';
import { redactUrl } from './redact';
import type { ResponseCheck } from './response-check';
import { retryDefaults } from './retry';
import { validateInput } from './validation';
import { VERSION } from './version';

/** Time allowed for each attempt of a request, in milliseconds, unless the client or request sets another. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/** The HTTP methods the clients send. */
export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A query value; arrays are sent as comma-separated lists, `undefined` and `null` are left out. */
export type QueryValue =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | readonly (string | number | boolean)[];

/** ky's retry options: a number is the limit of retries after the first attempt. */
export type RetrySetting = number | RetryOptions;

/** ky's hooks: `beforeRequest`, `beforeRetry`, `beforeError` and `afterResponse`, in ky's shapes. */
export type TransportHooks = Hooks;

/** Options every SDK method accepts as its last argument. */
export interface RequestOptions {
  /** Cancels the request, including any wait before a retry; an aborted signal sends nothing. */
  signal?: AbortSignal | undefined;
  /** Milliseconds allowed for each attempt, each with its own timer (default 60 000). */
  timeout?: number | undefined;
  /** ky's retry options for this request, merged over the client's (a number sets the limit). */
  retry?: RetrySetting | undefined;
  /** Extra headers for this request; a value of `undefined` removes a default header. */
  headers?: Record<string, string | undefined> | undefined;
  /** ky hooks for this request, run after the client's. */
  hooks?: TransportHooks | undefined;
  /**
   * The `Idempotency-Key` of a POST or PATCH on an interface that honours one (metering): every
   * attempt carries it. Without it the client generates one per call.
   */
  idempotencyKey?: string | undefined;
}

/** Options shared by every client's constructor. */
export interface ClientOptions {
  /** A `fetch` implementation to use instead of the global one (a proxy agent, a keep-alive pool, a test server). */
  fetch?: typeof fetch;
  /** Milliseconds allowed for each attempt of each request (default 60 000). */
  timeout?: number;
  /** ky's retry options (default: 2 retries; see the README for the statuses and delays). */
  retry?: RetrySetting;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Replaces the `User-Agent` value `clientkit/<version>`. */
  userAgent?: string;
  /** ky hooks run on every request (for example `beforeRequest` to add tracing headers). */
  hooks?: TransportHooks;
  /** Where to write what the client does; defaults to `console` once `logLevel` is set. */
  logger?: Logger;
  /** The least severe level written (default `warn` with a logger, otherwise nothing is written). */
  logLevel?: LogLevel;
  /** Check every response against the interface's schema and throw `APIResponseValidationError` on a mismatch. */
  validateResponses?: boolean;
}

/** The names of `ClientOptions`, for clients that refuse options they do not know. */
export const CLIENT_OPTION_NAMES: readonly (keyof ClientOptions)[] = [
  'fetch',
  'timeout',
  'retry',
  'headers',
  'userAgent',
  'hooks',
  'logger',
  'logLevel',
  'validateResponses',
];

/** A limit on the size of JSON bodies that the interface enforces, checked before sending. */
export interface BodyLimit {
  bytes: number;
  /** The message of the `PayloadTooLargeError`, given the body's size. */
  message: (bytes: number) => string;
  /** The `code` of the `PayloadTooLargeError`. */
  code: string;
}

/** Options of `createTransport`. */
export interface TransportOptions extends ClientOptions {
  /** The base URL every request path is relative to. */
  baseUrl: string;
  /** The client's credentials, asked for headers on every attempt. */
  auth?: Auth | undefined;
  /** Reads `code` and `message` from the interface's error body. */
  errorBody?: ErrorBodyMapper;
  /**
   * The interface honours `Idempotency-Key`: POST and PATCH carry one and are retried like GET.
   * Elsewhere they are never retried, and a `retry.methods` that lists them is refused.
   */
  idempotencyKeys?: boolean;
  /** Refuse JSON bodies larger than this before sending them. */
  bodyLimit?: BodyLimit;
  /** Runs before each request is sent (not before each retry); throw to refuse it. */
  beforeSend?: (spec: RequestSpec) => void | Promise<void>;
  /**
   * Loads the client's response schemas, by the names specs give in `response`. Called once, the
   * first time a response is checked (with `validateResponses`), so that applications which do not
   * check responses never load them: a client passes a dynamic `import()` here.
   */
  responseSchemas?: () => Promise<Record<string, unknown>>;
}

/** One request, as a client's resource method describes it. */
export interface RequestSpec extends RequestOptions {
  method: HttpMethod;
  /** Relative to the base URL; `{name}` placeholders are filled from `pathParams`, percent-encoded. */
  path: string;
  pathParams?: Record<string, string | number>;
  query?: Record<string, QueryValue> | undefined;
  /** Checked (and transformed) before sending; failures become `RequestValidationError`. */
  querySchema?: $ZodType;
  /** The JSON body. */
  body?: unknown;
  /** Checked (and transformed) before sending; failures become `RequestValidationError`. */
  bodySchema?: $ZodType;
  /** Credentials for this request instead of the client's; `null` sends none. */
  auth?: Auth | null;
  /** Another base URL for this request (for example a separate streaming host). */
  baseUrl?: string;
  /** The method's public name, such as `docs.spaces.get`, used in error messages and logs. */
  operation: string;
  /**
   * The name of the response body's schema among the client's response schemas; with
   * `validateResponses`, the body is checked against it.
   */
  response?: string;
}

/** A request whose response is turned into a value by `parse` (for example 205/204 into true/false). */
export interface ParsedRequestSpec<T> extends RequestSpec {
  /** Turns the parsed body (undefined when empty) and the response into the method's result. */
  parse: (data: unknown, response: Response) => T;
}

/** The HTTP layer of a client: one per client, the one door its resources reach the network through. */
export interface Transport {
  /** Sends a request whose answer `spec.parse` turns into the result. */
  request<T>(spec: ParsedRequestSpec<T>): APIPromise<T>;
  /** Sends a request whose answer is of type `T` (checked against `spec.response` when the client validates responses). */
  request<T = void>(spec: RequestSpec): APIPromise<T>;
}

type AnySpec = RequestSpec & { parse?: (data: unknown, response: Response) => unknown };

const specNames = new Set(
  'signal timeout retry headers hooks idempotencyKey method path pathParams query querySchema body bodySchema auth baseUrl operation response parse'.split(
    ' ',
  ),
);

/** One call as `prepare` leaves it: where it goes, ky's options, and its credentials. */
interface Call {
  url: string;
  kyOptions: KyOptions;
  auth: Auth | null | undefined;
  /** The credentials never change and are in the headers already. */
  fixedAuth: boolean;
}

/** A rejection of the `fetch` call itself: no response arrived. */
class FetchFailure extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super('fetch failed', { cause });
  }
}

/**
 * Builds the transport a client sends its requests through, on one ky instance: base URL,
 * credentials, headers, user agent, a timeout per attempt, ky's retry loop with our defaults, hooks,
 * a custom `fetch`, and a redacting logger. What ky does not do lives here: the interface's error
 * classes, input validation, redaction, and the one renewal of refused credentials.
 *
 * @example
 * const transport = createTransport({ baseUrl: 'http://127.0.0.1:4010/v1', auth: bearerAuth(token) });
 * const user = await transport.request<User>({ method: 'GET', path: 'user', operation: 'docs.user.get', response: 'User' });
 */
export function createTransport(options: TransportOptions): Transport {
  const prefixUrl = checkBaseUrl(options.baseUrl);
  const clientRetry = checkRetry(options.retry, options.idempotencyKeys, 'client options');
  const fetchImpl: typeof fetch = (input, init) => {
    const isRequest = input instanceof Request;
    // A signal aborted between the call and this attempt: nothing is handed to fetch.
    if (isRequest && input.signal.aborted) {
      return Promise.reject(new FetchFailure(input.url, input.signal.reason));
    }
    // Read at call time, so that a fetch replaced after the client was built (by a test tool) is used.
    // The URL is read only on a failure: serialising it is work every successful call would pay.
    return (options.fetch ?? globalThis.fetch)(input, init).catch((error: unknown) => {
      throw new FetchFailure(isRequest ? input.url : String(input), error);
    });
  };
  const timeout = checkTimeout(options.timeout ?? DEFAULT_TIMEOUT_MS);
  const defaultHeaders = lowerCasedHeaders({
    accept: 'application/json',
    'user-agent': options.userAgent ?? `clientkit/${VERSION}`,
    ...options.headers,
  });
  let clientHooks: TransportHooks;
  let renewingHooks: TransportHooks;
  let noHooks: boolean;
  const setHooks = (own: TransportHooks) => {
    clientHooks = mergeHooks(own, options.hooks);
    // Renewing credentials before a retry comes first, as the client's own hooks may read them.
    renewingHooks = mergeHooks({ beforeRetry: [renewCredentials] }, clientHooks);
    noHooks = !hasHooks(clientHooks);
  };
  setHooks({});
  // The logging hooks load with the first request of a client that logs: most clients do not.
  let logging =
    options.logger || options.logLevel
      ? loadLogging().then((module) => {
          setHooks(module.loggingHooks(options.logger ?? console, options.logLevel ?? 'warn'));
          logging = undefined;
        })
      : undefined;
  const clientAuthHeaders = options.auth ? fixedHeadersOf(options.auth) : undefined;
  const clientHeaders = { ...defaultHeaders, ...clientAuthHeaders };

  async function send(spec: AnySpec): Promise<{ data: unknown; response: Response }> {
    if (logging) await logging;
    const call = prepare(spec);
    const checking = options.beforeSend?.(spec);
    if (checking) await checking;
    if (spec.signal?.aborted) throw new APIUserAbortError('Request aborted before it was sent');
    const { auth } = call;
    let response: Response;
    const sent: Record<string, string> = {};
    try {
      response = await sendOnce(call, spec, sent);
    } catch (error) {
      const failure = await describeFailure(error, spec);
      const renewed =
        failure instanceof AuthenticationError && auth?.renew && (await auth.renew(failure, sent));
      if (!renewed) throw failure;
      // The credentials were refused and the auth has replaced them: send once more with the new ones.
      try {
        response = await sendOnce(call, spec, sent);
      } catch (retryError) {
        throw await describeFailure(retryError, spec);
      }
    }
    // The usual answer is read here rather than through readBody, one promise fewer per call.
    const data = hasNoBody(response, spec.method)
      ? await readBody(response, spec.method)
      : parseBody(await response.text(), response);
    if (spec.parse) return { data: spec.parse(data, response), response };
    if (spec.response && options.validateResponses) {
      return { data: (await responseCheck())(spec.response, data, spec.operation), response };
    }
    return { data, response };
  }

  let checker: Promise<ResponseCheck> | undefined;

  /** The check of response bodies, loaded with the client's response schemas on first use. */
  function responseCheck(): Promise<ResponseCheck> {
    checker ??= Promise.all([
      loadResponseCheck(),
      options.responseSchemas?.() ?? Promise.resolve({}),
    ]).then(([module, schemas]) => module.responseChecker(schemas));
    return checker;
  }

  /**
   * One ky call (its retries included); `sent` receives the credentials of the latest attempt. The
   * first attempt's credentials go in with the headers; each retry asks the auth again (a
   * `beforeRetry` hook, which finds the auth in ky's `context`), so a retry after a wait never
   * carries a token that lapsed meanwhile. Fixed credentials are in the headers already.
   */
  function sendOnce(call: Call, spec: AnySpec, sent: Record<string, string>): Promise<Response> {
    const { auth } = call;
    if (!auth || call.fixedAuth) return callKy(call.url, call.kyOptions);
    const given = auth.headers();
    if (given instanceof Promise) {
      return given.then((current) => sendWith(call, spec, auth, current, sent));
    }
    return sendWith(call, spec, auth, given, sent);
  }

  function sendWith(
    call: Call,
    spec: AnySpec,
    auth: Auth,
    current: Record<string, string>,
    sent: Record<string, string>,
  ): Promise<Response> {
    const { kyOptions } = call;
    setHeaders(kyOptions.headers as Record<string, string | undefined>, current);
    Object.assign(sent, current);
    kyOptions.context = { auth, sent } satisfies CallContext;
    kyOptions.hooks = hooksOf(renewingHooks, false, spec.hooks);
    return callKy(call.url, kyOptions);
  }

  /**
   * Validates the inputs and turns the spec into the URL and ky's options of one call, built in
   * one object (not merged over an instance's defaults, which ky would do again on every call);
   * throws `RequestValidationError`.
   */
  function prepare(spec: AnySpec): Call {
    for (const name in spec) {
      if (!specNames.has(name)) {
        throw new RequestValidationError(`options of ${spec.operation}`, [
          { path: name, message: 'is not an option of this method' },
        ]);
      }
    }
    const path = fillPath(spec.path, spec.pathParams, spec.operation);
    let url = `${spec.baseUrl ? checkBaseUrl(spec.baseUrl) : prefixUrl}${checkRelative(path)}`;
    // The query goes into the URL here: given `searchParams`, ky would build the Request twice.
    url += spec.querySchema
      ? checkedQueryString(spec.querySchema, spec.query, spec.operation)
      : spec.query
        ? queryStringOf(spec.query)
        : '';
    const auth = spec.auth === undefined ? options.auth : spec.auth;
    const fixed = auth
      ? auth === options.auth
        ? clientAuthHeaders
        : fixedHeadersOf(auth)
      : undefined;
    const clientOwn = fixed !== undefined && fixed === clientAuthHeaders;
    const headers: Record<string, string | undefined> = {
      ...(clientOwn ? clientHeaders : defaultHeaders),
    };
    if (spec.headers) setHeaders(headers, spec.headers);
    // The credentials win over a request's own headers of the same name.
    if (fixed && (spec.headers || !clientOwn)) Object.assign(headers, fixed);
    const kyOptions: KyOptions = {
      method: spec.method,
      headers,
      timeout: spec.timeout === undefined ? timeout : checkTimeout(spec.timeout),
      fetch: fetchImpl,
      retry:
        spec.retry === undefined
          ? clientRetry
          : requestRetry(options.retry, spec.retry, options.idempotencyKeys, spec.operation),
    };
    const body = spec.bodySchema
      ? validateInput(spec.bodySchema, spec.body, `body of ${spec.operation}`)
      : spec.body;
    if (body !== undefined) setBody(kyOptions, headers, body, spec);
    const unsafe = spec.method === 'POST' || spec.method === 'PATCH';
    if (unsafe && options.idempotencyKeys) {
      headers['idempotency-key'] = spec.idempotencyKey ?? newIdempotencyKey();
    }
    if (spec.signal) kyOptions.signal = spec.signal;
    if (!auth || fixed) {
      const hooks = hooksOf(clientHooks, noHooks, spec.hooks);
      if (hooks) kyOptions.hooks = hooks;
    }
    return { url, kyOptions, auth, fixedAuth: fixed !== undefined };
  }

  function setBody(
    kyOptions: KyOptions,
    headers: Record<string, string | undefined>,
    body: unknown,
    spec: AnySpec,
  ): void {
    const limit = options.bodyLimit;
    if (!limit) {
      kyOptions.json = body;
      return;
    }
    const text = JSON.stringify(body);
    const bytes = utf8Length(text);
    if (bytes > limit.bytes) {
      throw new PayloadTooLargeError({
        status: 413,
        code: limit.code,
        message: limit.message(bytes),
        method: spec.method,
      });
    }
    kyOptions.body = text;
    headers['content-type'] ??= 'application/json';
  }

  async function describeFailure(error: unknown, spec: AnySpec): Promise<unknown> {
    if (spec.signal?.aborted) return new APIUserAbortError('Request aborted', { cause: error });
    if (isHTTPError(error)) {
      const { response } = error;
      const body = await readBody(response, spec.method);
      const fields = options.errorBody?.(body);
      return makeAPIError({
        status: response.status,
        code: fields?.code,
        message: fields?.message ?? (response.statusText || 'Request failed'),
        requestId: response.headers.get('x-request-id'),
        body,
        headers: response.headers,
        method: spec.method,
        url: response.url || error.request.url,
      });
    }
    if (isTimeoutError(error)) {
      const ms = spec.timeout ?? options.timeout ?? DEFAULT_TIMEOUT_MS;
      return new APITimeoutError(
        `No response within ${ms} ms (${spec.method} ${redactUrl(error.request.url)})`,
      );
    }
    if (error instanceof FetchFailure) {
      return new APIConnectionError(
        `Connection failed (${spec.method} ${redactUrl(error.url)}): ${describeCause(error.cause)}`,
        { cause: error.cause },
      );
    }
    // An error thrown by a hook, a `fetch` replacement's own error class, or a validation error.
    return error;
  }

  function request(spec: AnySpec): APIPromise<unknown> {
    if (spec.signal?.aborted) {
      return APIPromise.reject(new APIUserAbortError('Request aborted before it was sent'));
    }
    return new APIPromise(send(spec));
  }

  return { request } as Transport;
}

/** One ky call; the first request of the process waits for ky to load (see ky-loader.ts). */
function callKy(url: string, options: KyOptions): Promise<Response> {
  const ky = loadedKy();
  return ky ? ky.ky(url, options) : loadKy().then((module) => module.ky(url, options));
}

/**
 * The retry policy: ky's options over our defaults, plus two rules ky does not have. An error that
 * is not about the response or the connection (one thrown by a hook, say) is never retried, and a
 * `Retry-After` longer than `maxRetryAfter` fails at once instead of being shortened.
 */
function checkRetry(
  setting: RetrySetting | undefined,
  idempotencyKeys: boolean | undefined,
  subject: string,
): RetryOptions {
  const given = retryOptionsOf(setting);
  if (typeof setting === 'number' || setting === undefined || typeof setting === 'object') {
    const limit = given.limit;
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 0)) {
      throw new RequestValidationError(subject, [
        { path: 'retry.limit', message: 'must be a whole number of 0 or more' },
      ]);
    }
  } else {
    throw new RequestValidationError(subject, [
      { path: 'retry', message: 'must be a number or ky retry options' },
    ]);
  }
  const methods = given.methods?.map((method) => method.toLowerCase());
  if (!idempotencyKeys && methods?.some((method) => method === 'post' || method === 'patch')) {
    throw new RequestValidationError(subject, [
      {
        path: 'retry.methods',
        message:
          'must not list POST or PATCH: this interface does not honour Idempotency-Key, so a retry could apply the request twice',
      },
    ]);
  }
  const defaults = retryDefaults(idempotencyKeys === true);
  return {
    ...defaults,
    ...given,
    shouldRetry: guardedShouldRetry(
      given.shouldRetry,
      given.maxRetryAfter ?? defaults.maxRetryAfter!,
    ),
  };
}

/**
 * A request's retry options laid over the client's, not over the defaults: `retry: 1` on a request
 * changes the limit and keeps the client's statusCodes, delays and shouldRetry.
 */
function requestRetry(
  client: RetrySetting | undefined,
  request: RetrySetting,
  idempotencyKeys: boolean | undefined,
  operation: string,
): RetryOptions {
  const subject = `options of ${operation}`;
  checkRetry(request, idempotencyKeys, subject);
  return checkRetry(
    { ...retryOptionsOf(client), ...retryOptionsOf(request) },
    idempotencyKeys,
    subject,
  );
}

function retryOptionsOf(setting: RetrySetting | undefined): RetryOptions {
  return typeof setting === 'number' ? { limit: setting } : (setting ?? {});
}

function guardedShouldRetry(
  userShouldRetry: RetryOptions['shouldRetry'],
  maxRetryAfter: number,
): NonNullable<RetryOptions['shouldRetry']> {
  return (state) => {
    const { error } = state;
    if (isHTTPError(error)) {
      const wait = retryAfterMs(error.response.headers.get('retry-after'));
      if (wait !== undefined && wait > maxRetryAfter) return false;
    } else if (!isTimeoutError(error) && !(error instanceof FetchFailure)) {
      return false;
    }
    return userShouldRetry?.(state);
  };
}

function retryAfterMs(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date - Date.now();
}

/** What one call hands its hooks through ky's `context`: its credentials, and what it sent. */
type CallContext = {
  auth: Auth;
  sent: Record<string, string>;
};

/** Before each retry, the credentials are asked for again (a provider may have renewed them). */
async function renewCredentials({ request, options }: { request: Request; options: KyOptions }) {
  const call = options.context as CallContext | undefined;
  if (!call?.auth) return;
  const headers = await call.auth.headers();
  for (const name in headers) {
    request.headers.set(name, headers[name]!);
    call.sent[name] = headers[name]!;
  }
}

const hookNames = ['beforeRequest', 'beforeRetry', 'beforeError', 'afterResponse'] as const;

/** The hooks of both, each list in order: the first's, then the second's. */
function mergeHooks(first: TransportHooks, second: TransportHooks | undefined): TransportHooks {
  if (!second) return first;
  checkOptionNames(second, hookNames, 'hooks of the client options', 'hooks.');
  const merged: Record<string, unknown[]> = {};
  for (const name of hookNames) merged[name] = [...(first[name] ?? []), ...(second[name] ?? [])];
  return merged as TransportHooks;
}

/** Whether any of the hook lists has a hook. */
function hasHooks(hooks: TransportHooks): boolean {
  return hookNames.some((name) => (hooks[name]?.length ?? 0) > 0);
}

/**
 * The hooks of one call: the client's (none when `baseEmpty`), then the request's, merged as ky
 * merges a request's hooks over an instance's: a list the request sets to `undefined` is emptied.
 */
function hooksOf(
  base: TransportHooks,
  baseEmpty: boolean,
  request: TransportHooks | undefined,
): TransportHooks | undefined {
  if (!request) return baseEmpty ? undefined : base;
  const merged: Record<string, unknown[]> = {};
  for (const name of hookNames) {
    const own = request[name];
    merged[name] =
      own === undefined && Object.hasOwn(request, name)
        ? []
        : [...(base[name] ?? []), ...(Array.isArray(own) ? own : [])];
  }
  return merged as TransportHooks;
}

/** Sets each header under its lower-case name (HTTP names are case-insensitive); `undefined` removes it. */
function setHeaders(
  target: Record<string, string | undefined>,
  source: Record<string, string | undefined>,
): void {
  for (const name in source) {
    const value = source[name];
    if (value === undefined) delete target[name.toLowerCase()];
    else target[name.toLowerCase()] = value;
  }
}

function lowerCasedHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const lowerCased: Record<string, string | undefined> = {};
  setHeaders(lowerCased, headers);
  return lowerCased as Record<string, string>;
}

/** A client's path is relative to its base URL (ky's `prefixUrl` refused a leading slash too). */
function checkRelative(path: string): string {
  if (path.startsWith('/')) {
    throw new Error(`clientkit: the request path ${path} must be relative to the base URL`);
  }
  return path;
}

function checkBaseUrl(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new RequestValidationError('client options', [
      { path: 'baseUrl', message: 'must be an absolute http(s) URL' },
    ]);
  }
  return url.endsWith('/') ? url : `${url}/`;
}

/** A positive number of milliseconds, or `Infinity` for no limit (ky's `false`). */
function checkTimeout(timeout: number): number | false {
  if (timeout > 0 && timeout <= 2_147_483_647) return timeout;
  if (timeout === Number.POSITIVE_INFINITY) return false;
  throw new RequestValidationError('request options', [
    {
      path: 'timeout',
      message: 'must be a positive number of milliseconds (at most 2^31 - 1) or Infinity',
    },
  ]);
}

function fillPath(
  template: string,
  params: Record<string, string | number> | undefined,
  operation: string,
): string {
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (
      !(typeof value === 'number'
        ? Number.isSafeInteger(value) && value >= 0
        : value && typeof value === 'string')
    ) {
      throw new RequestValidationError(`arguments of ${operation}`, [
        { path: name, message: 'must be a non-empty string or a whole number' },
      ]);
    }
    return encodeURIComponent(String(value));
  });
}

/**
 * The URL query of the checked query last seen, by schema: calls tend to repeat the same flat query
 * (none at all, or the same page size and filters), and checking the same query against the same
 * schema gives the same answer every time. A refusal is not kept (it throws).
 */
const lastQueries = new WeakMap<$ZodType, [key: string, text: string]>();

function checkedQueryString(schema: $ZodType, query: unknown = {}, operation: string): string {
  const key = queryKey(query);
  const last = lastQueries.get(schema);
  if (key !== undefined && last?.[0] === key) return last[1];
  // A query schema is an object schema: what it lets through is an object.
  const checked = validateInput(schema, query, `query of ${operation}`);
  const text = queryStringOf(checked as Record<string, QueryValue>);
  if (key !== undefined) lastQueries.set(schema, [key, text]);
  return text;
}

/**
 * The query as JSON when it is a plain object of strings, booleans and finite numbers, which JSON
 * writes without loss (but for -0, written 0 as the URL writes it, and which no check of the
 * clients' schemas tells from 0). Undefined for anything else.
 */
function queryKey(query: unknown): string | undefined {
  if (!isPlainObject(query)) return undefined;
  for (const name in query) {
    const value = (query as Record<string, unknown>)[name];
    const type = typeof value;
    if (type === 'number' ? !Number.isFinite(value) : type !== 'string' && type !== 'boolean') {
      return undefined;
    }
  }
  return JSON.stringify(query);
}

function isPlainObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && value.constructor === Object;
}

function hasOwnKeys(value: object): boolean {
  for (const name in value) if (Object.hasOwn(value, name)) return true;
  return false;
}

/** The query as `?name=value&...` (nothing when it is empty), as ky would have written it. */
function queryStringOf(query: Record<string, QueryValue>): string {
  const params = searchParamsOf(query);
  return hasOwnKeys(params)
    ? `?${new URLSearchParams(params as Record<string, string>).toString()}`
    : '';
}

/** ky takes strings, numbers and booleans; lists go comma-separated and dates as ISO 8601. */
function searchParamsOf(
  query: Record<string, QueryValue>,
): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {};
  for (const name in query) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) params[name] = value.join(',');
    else if (value instanceof Date) params[name] = value.toISOString();
    else params[name] = value as string | number | boolean;
  }
  return params;
}

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

function hasNoBody(response: Response, method: string): boolean {
  return method === 'HEAD' || response.status === 204 || response.status === 205;
}

async function readBody(response: Response, method: string): Promise<unknown> {
  if (hasNoBody(response, method)) {
    await response.body?.cancel();
    return undefined;
  }
  return parseBody(await response.text(), response);
}

/** JSON when the response says so and it parses, otherwise the text; an empty body is undefined. */
function parseBody(text: string, response: Response): unknown {
  if (text === '') return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The reason a connection failed, as the runtime reports it (`ECONNREFUSED`, `socket hang up`). */
function describeCause(error: unknown): string {
  const { cause, code, message } = (error ?? {}) as {
    cause?: unknown;
    code?: unknown;
    message?: unknown;
  };
  const detail = (cause as { code?: unknown; message?: unknown } | undefined) ?? {};
  const text = [message ?? code ?? error, detail.code ?? detail.message].filter(Boolean).join(' ');
  return redactUrl(String(text));
}
