import type { Logger, LogLevel } from '../observability/logger';
import type { Telemetry } from '../observability/telemetry';
import type { Coordination, ThrottleOptions } from './coordination';
import type { HookContext, TransportHooks } from './hooks';
import { CLIENT_OPTION_RULES } from './rules';

/** Time allowed for each attempt of a request, in milliseconds, unless the client or request sets another. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The largest answer read, in bytes after any decompression (32 MiB), unless the client or request
 * sets another: far above any answer of the five interfaces, far below what would strain memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** What `shouldRetry` is told of a failed attempt. */
export interface ShouldRetryState {
  /** The error the attempt failed with, as the caller would get it (`RateLimitError`, ...). */
  error: Error;
  /** The number of the retry being decided: 1 for the first. */
  retryCount: number;
}

/** The retry options, in ky's shape; every one is optional. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  limit?: number;
  /** Methods whose failures are retried beyond those every method retries (429, a refused connection). */
  methods?: string[];
  /** Statuses worth another attempt (default 408, 409, 429, 500, 502, 503, 504). */
  statusCodes?: number[];
  /** Statuses whose `Retry-After` (or, for 429, rate-limit reset header) sets the wait (default 429, 503). */
  afterStatusCodes?: number[];
  /** The longest server-requested wait that is waited, in ms (default 60 000); a longer one fails at once. */
  maxRetryAfter?: number;
  /** The longest backoff, in ms (default 8 000). */
  backoffLimit?: number;
  /** The backoff before retry number `attemptCount` (1 for the first), in ms, before jitter. */
  delay?: (attemptCount: number) => number;
  /** Spreads a backoff: true picks from all of it, false keeps it whole, or a function of the delay. */
  jitter?: boolean | ((delay: number) => number);
  /** Whether an attempt that ran out of time is retried (default true). */
  retryOnTimeout?: boolean;
  /**
   * Narrows what is retried: false never retries, true retries what the method rules allow,
   * undefined leaves it to the other options.
   */
  shouldRetry?: (state: ShouldRetryState) => boolean | undefined | Promise<boolean | undefined>;
}

/** Retry options: a number is the limit of retries after the first attempt. */
export type RetrySetting = number | RetryOptions;

/** Options every SDK method accepts as its last argument. */
export interface RequestOptions {
  /** Cancels the request, including any wait before a retry; an aborted signal sends nothing. */
  signal?: AbortSignal | undefined;
  /** Milliseconds allowed for each attempt, the body included, each with its own timer (default 60 000). */
  timeout?: number | undefined;
  /**
   * The largest answer this request reads, in bytes after any decompression (default: the
   * client's, else 32 MiB); a larger one is an `APIResponseTooLargeError`.
   */
  maxResponseBytes?: number | undefined;
  /** Retry options for this request, merged over the client's (a number sets the limit). */
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
  /** Keys for hooks to read in `options.context`, next to `operation` and `pathTemplate`. */
  context?: HookContext | undefined;
}

/** Options shared by every client's constructor. */
export interface ClientOptions {
  /** A `fetch` implementation to use instead of the global one (a proxy agent, a keep-alive pool, a test server). */
  fetch?: typeof fetch;
  /** Milliseconds allowed for each attempt of each request, the body included (default 60 000). */
  timeout?: number;
  /**
   * The largest answer read, in bytes after any decompression (default 32 MiB): a larger
   * `Content-Length` is refused before the body is read, and a body that passes it is cut off
   * there, both as an `APIResponseTooLargeError`.
   */
  maxResponseBytes?: number;
  /** Retry options (default: 2 retries; see the README for the statuses and waits). */
  retry?: RetrySetting;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Replaces the `User-Agent` value `clientkit/<version>`. */
  userAgent?: string;
  /** ky hooks run on every request (for example `beforeRequest` to add tracing headers). */
  hooks?: TransportHooks;
  /** Keys every hook finds in `options.context`, next to `operation` and `pathTemplate`. */
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
  /**
   * The fleet this client's process belongs to, such as `redisCoordination()` from
   * `@clientkit/redis`: its processes share token exchanges and metering sessions, the pause a
   * 429 or 503 asks for, and the `throttle` caps. Without it, the client acts alone.
   */
  coordination?: Coordination;
  /**
   * Caps on requests in flight (`concurrency`) and started per second (`requestsPerSecond`), per
   * service and credential: across the fleet with a `coordination`, otherwise for the clients given
   * this same object. Waiting for a turn counts against neither the attempt's timeout nor the
   * retries, and lasts at most the timeout.
   */
  throttle?: ThrottleOptions;
  /**
   * Build the client in a browser (a page or a web worker) even though it holds a long-lived secret
   * (an API key, a password, a static token), which anyone who loads the page could read. Set it
   * only where every reader of the page may hold the secret, such as an internal tool or a test.
   */
  dangerouslyAllowBrowser?: boolean;
}

/** The names of `ClientOptions`. */
export const CLIENT_OPTION_NAMES: readonly string[] = Object.keys(CLIENT_OPTION_RULES);
