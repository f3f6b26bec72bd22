import type { $ZodType, output } from 'zod/v4/core';
import { APIPromise } from './api-promise';
import type { Auth } from './auth';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  ClientKitError,
  type ErrorBodyMapper,
  makeAPIError,
  RequestValidationError,
} from './errors';
import { type Logger, type LogLevel, leveledLogger } from './logger';
import { redactUrl } from './redact';
import { DEFAULT_MAX_RETRIES, isIdempotent, isRetryableStatus, retryDelayMs, sleep } from './retry';
import { validateInput, validateResponse } from './validation';
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

/**
 * Functions run around every attempt of every request. `beforeRequest` may return a changed Request,
 * or a Response to answer without sending; `afterResponse` may return a replacement Response. They
 * have the shape of ky's hooks of the same names.
 */
export interface TransportHooks {
  /** Return a Request to send instead, a Response to answer without sending, or nothing. */
  beforeRequest?: ((request: Request) => unknown)[];
  /** Return a Response to use instead, or nothing. */
  afterResponse?: ((request: Request, response: Response) => unknown)[];
}

/** Options every SDK method accepts as its last argument. */
export interface RequestOptions {
  /** Cancels the request, including any wait before a retry. */
  signal?: AbortSignal | undefined;
  /** Milliseconds allowed for each attempt (default 60 000). */
  timeout?: number | undefined;
  /** Retries after the first attempt (default 2); 0 turns retries off. */
  maxRetries?: number | undefined;
  /** Extra headers for this request; a value of `undefined` removes a default header. */
  headers?: Record<string, string | undefined> | undefined;
}

/** Options shared by every client's constructor. */
export interface ClientOptions {
  /** A `fetch` implementation to use instead of the global one (for example a reference server's). */
  fetch?: typeof fetch;
  /** Milliseconds allowed for each attempt of each request (default 60 000). */
  timeout?: number;
  /** Retries after the first attempt of a retryable request (default 2). */
  maxRetries?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Replaces the `User-Agent` value `clientkit/<version>`. */
  userAgent?: string;
  /** Hooks run on every attempt (for example `beforeRequest` to add tracing headers). */
  hooks?: TransportHooks;
  /** Where to write what the client does; defaults to `console` once `logLevel` is set. */
  logger?: Logger;
  /** The least severe level written (default `warn` with a logger, otherwise nothing is written). */
  logLevel?: LogLevel;
  /** Check every response against the interface's schema and throw `APIResponseValidationError` on a mismatch. */
  validateResponses?: boolean;
}

/** Options of `createTransport`. */
export interface TransportOptions extends ClientOptions {
  /** The base URL every request path is relative to. */
  baseUrl: string;
  /** The client's credentials, asked for headers on every attempt. */
  auth?: Auth | undefined;
  /** Reads `code` and `message` from the interface's error body. */
  errorBody?: ErrorBodyMapper;
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
  /** Lets a POST or PATCH be retried: set it when repeating the request cannot apply it twice. */
  idempotent?: boolean;
  /** Credentials for this request instead of the client's; `null` sends none. */
  auth?: Auth | null;
  /** Another base URL for this request (for example a separate streaming host). */
  baseUrl?: string;
  /** The method's public name, such as `docs.spaces.get`, used in error messages and logs. */
  operation: string;
}

/** A request whose response body is checked against a schema (when the client validates responses). */
export interface SchemaRequestSpec<S extends $ZodType> extends RequestSpec {
  responseSchema: S;
}

/** A request whose response is turned into a value by `parse` (for example 205/204 into true/false). */
export interface ParsedRequestSpec<T> extends RequestSpec {
  /** Turns the parsed body (undefined when empty) and the response into the method's result. */
  parse: (data: unknown, response: Response) => T;
}

/** The HTTP layer of a client: one per client, shared by its resources. */
export interface Transport {
  /** Sends a request whose answer is the schema's output (checked when the client validates responses). */
  request<S extends $ZodType>(spec: SchemaRequestSpec<S>): APIPromise<output<S>>;
  /** Sends a request whose answer `spec.parse` turns into the result. */
  request<T>(spec: ParsedRequestSpec<T>): APIPromise<T>;
  /** Sends a request whose answer carries nothing the caller needs. */
  request(spec: RequestSpec): APIPromise<void>;
}

interface PreparedRequest {
  spec: RequestSpec;
  url: string;
  body: unknown;
  headers: Record<string, string | undefined>;
  idempotent: boolean;
  maxRetries: number;
  timeout: number;
  /** The URL with any credentials masked, for messages and logs (computed when first needed). */
  readonly displayUrl: string;
}

/**
 * Builds the transport a client sends its requests through: base URL, credentials, headers, user
 * agent, a timeout per attempt, the retry policy, hooks, a custom `fetch`, and a redacting logger.
 * It calls `fetch` directly: see the package README for why it does not sit on an HTTP library.
 *
 * @example
 * const transport = createTransport({ baseUrl: 'http://127.0.0.1:4010/v1', auth: bearerAuth(token) });
 * const user = await transport.request({ method: 'GET', path: 'user', operation: 'docs.user.get', responseSchema: User });
 */
export function createTransport(options: TransportOptions): Transport {
  const prefixUrl = checkBaseUrl(options.baseUrl, 'baseUrl');
  const hooks = options.hooks ?? {};
  const hasHooks = Boolean(hooks.beforeRequest?.length || hooks.afterResponse?.length);
  const logger =
    options.logger || options.logLevel
      ? leveledLogger(options.logger ?? console, options.logLevel ?? 'warn')
      : undefined;
  const defaultHeaders: Record<string, string> = {
    accept: 'application/json',
    'user-agent': options.userAgent ?? `clientkit/${VERSION}`,
    ...lowerCaseKeys(options.headers ?? {}),
  };

  function prepare(spec: RequestSpec): PreparedRequest {
    const base = spec.baseUrl ? checkBaseUrl(spec.baseUrl, 'baseUrl') : prefixUrl;
    const path = fillPath(spec.path, spec.pathParams ?? {}, spec.operation);
    const query = spec.querySchema
      ? validateInput(spec.querySchema, spec.query ?? {}, `query of ${spec.operation}`)
      : spec.query;
    const body =
      spec.bodySchema !== undefined
        ? validateInput(spec.bodySchema, spec.body, `body of ${spec.operation}`)
        : spec.body;
    const searchParams = toSearchParams(query as Record<string, QueryValue> | undefined);
    const url = `${base}${path}${searchParams.size > 0 ? `?${searchParams}` : ''}`;
    return {
      spec,
      url,
      body,
      headers: { ...defaultHeaders, ...lowerCaseKeys(spec.headers ?? {}) },
      idempotent: isIdempotent(spec.method, spec.idempotent),
      maxRetries: spec.maxRetries ?? options.maxRetries ?? DEFAULT_MAX_RETRIES,
      timeout: checkTimeout(spec.timeout ?? options.timeout ?? DEFAULT_TIMEOUT_MS),
      get displayUrl() {
        return redactUrl(url);
      },
    };
  }

  async function attempt(request: PreparedRequest): Promise<{ data: unknown; response: Response }> {
    const { spec, timeout } = request;
    const auth = spec.auth === undefined ? options.auth : spec.auth;
    const authHeaders = auth ? await auth.headers() : {};
    const controller = new AbortController();
    let timedOut = false;
    const timer = Number.isFinite(timeout)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout)
      : undefined;
    const onAbort = () => controller.abort(spec.signal?.reason);
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const headers = definedOnly({ ...request.headers, ...authHeaders });
      const init: RequestInit = { method: spec.method, headers, signal: controller.signal };
      if (request.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        init.body = JSON.stringify(request.body);
      }
      // Read at call time, so that a fetch replaced after the client was built (by a test tool) is used.
      const fetchImpl = options.fetch ?? globalThis.fetch;
      const response = hasHooks
        ? await fetchWithHooks(fetchImpl, new Request(request.url, init), hooks)
        : await fetchImpl(request.url, init);
      return { data: await readBody(response, spec.method), response };
    } catch (error) {
      if (spec.signal?.aborted) throw new APIUserAbortError('Request aborted', { cause: error });
      if (timedOut) {
        throw new APITimeoutError(
          `No response within ${timeout} ms (${spec.method} ${request.displayUrl})`,
        );
      }
      if (error instanceof ClientKitError) throw error;
      throw new APIConnectionError(
        `Connection failed (${spec.method} ${request.displayUrl}): ${describeCause(error)}`,
        { cause: error },
      );
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onAbort);
    }
  }

  async function send(request: PreparedRequest): Promise<{ data: unknown; response: Response }> {
    const { spec } = request;
    for (let retry = 0; ; retry++) {
      const canRetry = request.idempotent && retry < request.maxRetries;
      const started = Date.now();
      logger?.debug(`${spec.method} ${request.displayUrl}`, { attempt: retry + 1 });
      let result: { data: unknown; response: Response };
      try {
        result = await attempt(request);
      } catch (error) {
        if (!canRetry || !(error instanceof APIConnectionError)) throw error;
        const delay = retryDelayMs(retry);
        logger?.info(`Retrying ${spec.method} ${request.displayUrl} in ${Math.round(delay)} ms`, {
          reason: error.message,
        });
        await sleep(delay, spec.signal);
        continue;
      }
      const { response, data } = result;
      logger?.debug(`${response.status} ${spec.method} ${request.displayUrl}`, {
        ms: Date.now() - started,
        requestId: response.headers.get('x-request-id'),
      });
      if (response.ok) return result;
      if (canRetry && isRetryableStatus(response.status)) {
        const delay = retryDelayMs(retry, response.headers);
        logger?.info(`Retrying ${spec.method} ${request.displayUrl} in ${Math.round(delay)} ms`, {
          status: response.status,
        });
        await sleep(delay, spec.signal);
        continue;
      }
      throw errorFor(request, response, data);
    }
  }

  function errorFor(request: PreparedRequest, response: Response, body: unknown) {
    const fields = options.errorBody?.(body);
    return makeAPIError({
      status: response.status,
      code: fields?.code,
      message: fields?.message ?? (response.statusText || 'Request failed'),
      requestId: response.headers.get('x-request-id'),
      body,
      headers: response.headers,
      method: request.spec.method,
      url: request.displayUrl,
    });
  }

  function request(
    spec: RequestSpec & {
      responseSchema?: $ZodType;
      parse?: (data: unknown, response: Response) => unknown;
    },
  ): APIPromise<unknown> {
    let prepared: PreparedRequest;
    try {
      prepared = prepare(spec);
    } catch (error) {
      return APIPromise.reject(error);
    }
    const result = send(prepared).then(({ data, response }) => {
      if (spec.parse) return { data: spec.parse(data, response), response };
      if (spec.responseSchema && options.validateResponses) {
        return { data: validateResponse(spec.responseSchema, data, spec.operation), response };
      }
      return { data, response };
    });
    return new APIPromise(result);
  }

  return { request } as Transport;
}

function checkBaseUrl(url: string, field: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
    throw new RequestValidationError('client options', [
      { path: field, message: 'must be an absolute http(s) URL' },
    ]);
  }
  return url.endsWith('/') ? url : `${url}/`;
}

/** A positive number of milliseconds, or `Infinity` for no limit. */
function checkTimeout(timeout: number): number {
  if (timeout > 0 && timeout <= 2_147_483_647) return timeout;
  if (timeout === Number.POSITIVE_INFINITY) return timeout;
  throw new RequestValidationError('request options', [
    {
      path: 'timeout',
      message: 'must be a positive number of milliseconds (at most 2^31 - 1) or Infinity',
    },
  ]);
}

function fillPath(
  template: string,
  params: Record<string, string | number>,
  operation: string,
): string {
  if (!template.includes('{')) return template;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
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

function toSearchParams(query: Record<string, QueryValue> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (!query) return params;
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) params.set(name, value.join(','));
    else if (value instanceof Date) params.set(name, value.toISOString());
    else params.set(name, String(value));
  }
  return params;
}

async function fetchWithHooks(
  fetchImpl: typeof fetch,
  original: Request,
  hooks: TransportHooks,
): Promise<Response> {
  let request = original;
  let response: Response | undefined;
  for (const hook of hooks.beforeRequest ?? []) {
    const result = await hook(request);
    if (result instanceof Response) {
      response = result;
      break;
    }
    if (result instanceof Request) request = result;
  }
  response ??= await fetchImpl(request);
  for (const hook of hooks.afterResponse ?? []) {
    const result = await hook(request, response);
    if (result instanceof Response) response = result;
  }
  return response;
}

function definedOnly(headers: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) result[name] = value;
  return result;
}

function lowerCaseKeys<V>(headers: Record<string, V>): Record<string, V> {
  const result: Record<string, V> = {};
  for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
  return result;
}

async function readBody(response: Response, method: string): Promise<unknown> {
  if (method === 'HEAD' || response.status === 204 || response.status === 205) {
    await response.body?.cancel();
    return undefined;
  }
  const text = await response.text();
  if (text === '') return undefined;
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function describeCause(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const detail = cause?.code ?? cause?.message;
  return detail ? `${error.message} (${detail})` : error.message;
}
