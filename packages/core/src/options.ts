import type { Hooks, RetryOptions } from 'ky';
import type { SecretSource } from './auth';
import { RequestValidationError } from './errors';
import type { Logger, LogLevel } from './logger';
import { CLIENT_OPTION_RULES, checkOptions } from './option-rules';
import type { Telemetry } from './telemetry';

/** ky's retry options: a number is the limit of retries after the first attempt. */
export type RetrySetting = number | RetryOptions;

/** ky's hooks: `beforeRequest`, `beforeRetry`, `beforeError` and `afterResponse`, in ky's shapes. */
export type TransportHooks = Hooks;

/** Keys a caller may add to what hooks find in ky's `options.context`. */
export type HookContext = Record<string, unknown>;

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
  /**
   * Body fields the SDK does not know yet, sent as given next to the checked body. A field the
   * operation declares is refused: the typed input is where it goes.
   */
  extraBody?: Record<string, unknown> | undefined;
  /** Query parameters the SDK does not know yet, sent as given next to the checked query. */
  extraQuery?: Record<string, string | number | boolean> | undefined;
  /** Keys for hooks to read in ky's `options.context`, next to `operation` and `pathTemplate`. */
  context?: HookContext | undefined;
}

/** Options shared by every client's constructor. */
export interface ClientOptions {
  /** A `fetch` implementation to use instead of the global one (a proxy agent, a keep-alive pool, a test server). */
  fetch?: typeof fetch;
  /** Milliseconds allowed for each attempt of each request (default 60 000). */
  timeout?: number;
  /** ky's retry options (default: 2 retries; see the README for the statuses and waits). */
  retry?: RetrySetting;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Replaces the `User-Agent` value `clientkit/<version>`. */
  userAgent?: string;
  /** ky hooks run on every request (for example `beforeRequest` to add tracing headers). */
  hooks?: TransportHooks;
  /** Keys every hook finds in ky's `options.context`, next to `operation` and `pathTemplate`. */
  context?: HookContext;
  /** Where to write what the client does; `console` when a level is set without one. */
  logger?: Logger;
  /**
   * The least severe level written; without it, the `CLIENTKIT_LOG` environment variable
   * (`debug`, `info`, `warn`, `error` or `off`) when set, else `warn` with a logger and nothing
   * without one.
   */
  logLevel?: LogLevel;
  /** Check every response against the interface's schema and throw `APIResponseValidationError` on a mismatch. */
  validateResponses?: boolean;
  /** Watches every call and attempt, such as `openTelemetry()` from `@clientkit/core/opentelemetry`. */
  telemetry?: Telemetry;
}

/** The names of `ClientOptions`. */
export const CLIENT_OPTION_NAMES: readonly string[] =
  /* @__PURE__ */ Object.keys(CLIENT_OPTION_RULES);

/**
 * Refuses option names the receiver does not know, each by name, with the known names listed once,
 * so that a misspelt option (`retries`, `timeoutMs`) fails loudly instead of being ignored.
 */
export function checkOptionNames(
  options: object | undefined,
  known: readonly string[],
  subject: string,
  prefix = '',
): void {
  if (options === null || typeof options !== 'object') return;
  checkOptions(options, {}, subject, { also: known, prefix });
}

/**
 * The URL a client sends to: the service's origin, or the prefix a proxy mounts it under, given as
 * `baseUrl`, with the interface's own path appended. A URL that already ends with that path would
 * be sent to it twice, and a query, a fragment or credentials in it would be lost or leaked, so each
 * is refused by name.
 *
 * @example
 * serviceUrl('https://api.example.com', '/v1', 'options of DocsClient'); // 'https://api.example.com/v1/'
 */
export function serviceUrl(value: unknown, appended: string, subject: string, field = 'baseUrl') {
  const refuse = (message: string): never => {
    throw new RequestValidationError(subject, [{ path: field, message }]);
  };
  const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    return refuse('must be an absolute http(s) URL, such as https://api.example.com');
  }
  const text = value as string;
  if (text.includes('?')) return refuse('must not carry a query string');
  if (text.includes('#')) return refuse('must not carry a fragment');
  if (url.username || url.password) return refuse('must not carry credentials (user:password@)');
  const path = url.pathname.replace(/\/+$/, '');
  if (appended && path.toLowerCase().endsWith(appended.toLowerCase())) {
    return refuse(
      `must not end with ${appended}: the client appends it (give the service's origin, or the prefix it is mounted under)`,
    );
  }
  return `${url.origin}${path}${appended}/`;
}

/**
 * A credential given as an option or an argument: a non-empty string, or a function that returns the
 * current one.
 */
export function secretOption(value: unknown, field: string, subject: string): SecretSource {
  if ((typeof value === 'string' && value !== '') || typeof value === 'function') {
    return value as SecretSource;
  }
  throw new RequestValidationError(subject, [
    { path: field, message: 'must be a non-empty string or a function that returns one' },
  ]);
}
