import { requestIdOf } from '../client/api-promise';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  type ErrorBodyMapper,
  makeAPIError,
} from '../errors/errors';
import { redactUrl } from '../observability/redact';
import { type AttemptFailure, sentNothing } from '../retry/policy';
import type { Call } from './call';
import type { Exchange } from './sender';

/** The connection of an attempt failed: before anything was sent, or before the answer ended. */
export class ConnectionFailure extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super('The connection failed', { cause });
  }
}

/**
 * A hook forced a retry (ky's `ky.retry()` from `afterResponse`) on the answer it saw, which the
 * retry rules judge as they judge that answer.
 */
export class ForcedRetry extends Error {
  constructor(
    /** ky's error, which the caller gets when the retries run out. */
    readonly forced: Error,
    /** The delay the hook named, if any. */
    readonly delay: number | undefined,
    /** The answer the hook was given, which stands when a rule forbids the retry. */
    readonly answer: Exchange,
  ) {
    super('A hook forced a retry');
  }
}

/** How an attempt failed: what the retry rules see of it, and the error the caller gets. */
export interface FailedAttempt {
  failure: AttemptFailure;
  error: Error;
  /** The answer a hook forced a retry on, which stands when a rule forbids the retry. */
  answer?: Exchange | undefined;
}

/**
 * What a rejected attempt means: the caller's abort, the attempt's own timeout (`timedOut`), a
 * forced retry, a failed connection, or an error of a hook or a custom fetch, which reaches the
 * caller as itself and is never retried.
 */
export function failedAttempt(
  thrown: unknown,
  timedOut: boolean,
  url: string,
  call: Call,
): FailedAttempt {
  const { signal } = call.options;
  if (signal?.aborted) return { failure: { kind: 'other' }, error: abortError(signal, thrown) };
  if (timedOut) return { failure: { kind: 'timeout' }, error: timeoutError(url, call) };
  if (thrown instanceof ForcedRetry) {
    const { delay, answer } = thrown;
    return {
      failure: { kind: 'forced', delay, status: answer.status, headers: answer.headers() },
      error: thrown.forced,
      answer,
    };
  }
  if (thrown instanceof ConnectionFailure) {
    const cause = thrown.cause;
    return {
      failure: sentNothing(cause) ? { kind: 'unsent' } : { kind: 'connection' },
      error: connectionError(thrown.url, cause, call),
    };
  }
  return { failure: { kind: 'other' }, error: thrown as Error };
}

/** The interface's error class for an error answer, with its code, message and request id. */
export function answerError(
  exchange: Exchange,
  body: unknown,
  call: Call,
  errorFields: ErrorBodyMapper | undefined,
): Error {
  const headers = exchange.headers();
  const fields = errorFields?.(body);
  return makeAPIError({
    status: exchange.status,
    code: fields?.code,
    message: fields?.message ?? (exchange.statusText || 'Request failed'),
    requestId: requestIdOf(headers),
    body,
    headers,
    method: call.method,
    url: exchange.url,
  });
}

/** An attempt to `url` that got no whole answer within the call's timeout. */
export function timeoutError(url: string, call: Call): Error {
  return new APITimeoutError(
    `No response within ${call.timeout} ms (${call.method} ${redactUrl(url)})`,
  );
}

/** A connection to `url` that failed, `cause` being what the runtime raised. */
export function connectionError(url: string, cause: unknown, call: Call): Error {
  return new APIConnectionError(
    `Connection failed (${call.method} ${redactUrl(url)}): ${describeCause(cause)}`,
    { cause },
  );
}

/**
 * The caller's signal fired: an `AbortSignal.timeout` that ran out is a timeout, anything else the
 * caller's own abort.
 */
export function abortError(signal: AbortSignal, cause?: unknown): Error {
  const reason = signal.reason as { name?: unknown } | undefined;
  if (reason?.name === 'TimeoutError') {
    return new APITimeoutError('The request ran out of time (its signal timed out)', {
      cause: signal.reason,
    });
  }
  return new APIUserAbortError('Request aborted', { cause: cause ?? signal.reason });
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
