/**
 * The hooks a client runs on each attempt, and what they may return to steer it. The transport
 * underneath is ky, whose hooks these are; `stopRetrying` and `forceRetry()` are clientkit's own
 * names for ky's `ky.stop` and `ky.retry()`, and ky's own are honoured as well.
 */

/** Returned by a `beforeRetry` hook: the call gives up and fails with the error of its last attempt. */
export const stopRetrying: unique symbol = Symbol.for('clientkit.stopRetrying');

/** What `forceRetry` returns: a request to try the call again. */
export interface ForcedRetryRequest {
  readonly [forcedRetryMark]: true;
  /** How long to wait first, in ms; without it, the backoff (never less than the server asked). */
  readonly delay: number | undefined;
}

const forcedRetryMark: unique symbol = Symbol.for('clientkit.forceRetry');

/**
 * Returned by an `afterResponse` hook: try the call again, even after a success, under the rules of
 * every retry (the method, the limit, the server's wait and `maxRetryAfter`).
 *
 * @example
 * const hooks = { afterResponse: [(request, options, response) => (response.status === 202 ? forceRetry({ delay: 1000 }) : undefined)] };
 */
export function forceRetry(options: { delay?: number } = {}): ForcedRetryRequest {
  return { [forcedRetryMark]: true, delay: options.delay };
}

/** Whether a hook's result is `forceRetry()`'s. */
export function isForcedRetryRequest(value: unknown): value is ForcedRetryRequest {
  return (value as Partial<ForcedRetryRequest> | null)?.[forcedRetryMark] === true;
}

/** Keys a caller may add to what hooks find in `options.context`. */
export type HookContext = Record<string, unknown>;

/** The options a hook receives (ky's normalized options), with the call's context. */
export interface HookOptions {
  /** The caller's context keys, and the call's `operation` and `pathTemplate`. */
  readonly context: HookContext & {
    /** The operation's public name, such as `docs.spaces.get`. */
    readonly operation: string;
    /** The path template relative to the base URL, such as `spaces/{spaceId}`. */
    readonly pathTemplate: string;
  };
  readonly method: string;
  readonly [option: string]: unknown;
}

/** What every hook but `beforeRetry` is told of the call's progress. */
export interface HookState {
  /** Retries made so far: 0 on the first attempt. */
  readonly retryCount: number;
}

/**
 * Runs before each attempt; return a `Request` to send that instead, or a `Response` to answer
 * without sending.
 */
export type BeforeRequestHook = (
  request: Request,
  options: HookOptions,
  state: HookState,
) => unknown;

/**
 * Runs before each retry, once the wait is over, with the error the failed attempt ended with (the
 * client's error class: `RateLimitError`, `APIConnectionError`...). Return `stopRetrying` (or ky's
 * `ky.stop`) to give up and fail with that error.
 */
export type BeforeRetryHook = (state: {
  request: Request;
  options: HookOptions;
  error: Error;
  retryCount: number;
}) => unknown;

/**
 * Runs on each answer; return a `Response` to use instead, or `forceRetry()` (or ky's `ky.retry()`)
 * to try again, under the same rules as any retry.
 */
export type AfterResponseHook = (
  request: Request,
  options: HookOptions,
  response: Response,
  state: HookState,
) => unknown;

/** An error answer as ky reports it to `beforeError`, before the client turns it into its own. */
export interface HTTPErrorLike extends Error {
  readonly request: Request;
  readonly response: Response;
  readonly options: HookOptions;
}

/** Runs on each error answer; returns the error to report (the client maps an answer's status). */
export type BeforeErrorHook = (error: HTTPErrorLike, state: HookState) => Error | Promise<Error>;

/**
 * Hooks into each attempt of every call, run by the transport (ky) in this order: `beforeRequest`,
 * then `afterResponse`, then for an error answer `beforeError`; `beforeRetry` before each retry.
 * Each list runs in order, the client's hooks before the request's.
 */
export interface TransportHooks {
  beforeRequest?: BeforeRequestHook[] | undefined;
  beforeRetry?: BeforeRetryHook[] | undefined;
  afterResponse?: AfterResponseHook[] | undefined;
  beforeError?: BeforeErrorHook[] | undefined;
}
