import { requestIdOf } from '../client/api-promise';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  type ErrorBodyMapper,
  makeAPIError,
  requestPart,
} from '../errors/errors';
import { excerptOf } from '../errors/excerpt';
import { redactUrl } from '../observability/redact';
import { type AttemptFailure, sentNothing } from '../retry/policy';
import type { Call } from './call';
import type { Exchange } from './sender';

/** The start of an answer whose body then broke off: its status and headers. */
export interface AnswerStart {
  status: number;
  headers: Headers;
}

/**
 * The connection of an attempt failed: before anything was sent, or before the answer ended (then
 * `answered` holds what had come of it).
 */
export class ConnectionFailure extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
    readonly answered?: AnswerStart | undefined,
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
  /**
   * The error the caller gets when this was the last attempt, when it says more than `error`: a
   * failed connection's and a timeout's say how many attempts were made over how long.
   */
  final?: ((tally: Tally) => Error) | undefined;
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
  const answered = thrown instanceof ConnectionFailure ? thrown.answered : undefined;
  if (timedOut) {
    return {
      failure: { kind: 'timeout' },
      error: timeoutError(url, call, answered),
      final: (tally) => timeoutError(url, call, answered, tally),
    };
  }
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
    // An answer that had begun proves the request arrived, whatever the cause says.
    const unsent = !answered && sentNothing(cause);
    return {
      failure: unsent ? { kind: 'unsent' } : { kind: 'connection' },
      error: connectionError(thrown.url, cause, call, answered),
      final: (tally) => connectionError(thrown.url, cause, call, answered, tally),
    };
  }
  return { failure: { kind: 'other' }, error: thrown as Error };
}

/**
 * The interface's error class for an error answer, with its code, message and request id. An
 * answer the interface's error body does not explain (a proxy's HTML page) is quoted in the
 * message, briefly and without secrets.
 */
export function answerError(
  exchange: Exchange,
  body: unknown,
  call: Call,
  errorFields: ErrorBodyMapper | undefined,
): Error {
  const headers = exchange.headers();
  const fields = errorFields?.(body);
  const excerpt = fields?.message === undefined ? excerptOf(exchange.text) : '';
  const unexplained = [exchange.statusText, excerpt].filter(Boolean).join(': ');
  return makeAPIError({
    status: exchange.status,
    code: fields?.code,
    message: fields?.message ?? (unexplained || 'Request failed'),
    requestId: requestIdOf(headers),
    body,
    headers,
    method: call.method,
    url: exchange.url,
  });
}

/** How many attempts a call made, over how long: what a connection's final error reports. */
export interface Tally {
  attempts: number;
  elapsedMs: number;
}

/** An attempt to `url` that got no whole answer within the call's timeout. */
export function timeoutError(
  url: string,
  call: Call,
  answered?: AnswerStart,
  tally?: Tally,
): APITimeoutError {
  const what = answered
    ? `The ${answered.status} answer did not end within ${call.timeout} ms`
    : `No response within ${call.timeout} ms`;
  const request = requestPart(call.method, redactUrl(url), idOfAnswer(answered));
  return new APITimeoutError(`${what}${request}${tallyOf(tally)}`, {
    ...answerDetails(answered),
    method: call.method,
    url,
  });
}

/**
 * A connection to `url` that failed, `cause` being what the runtime raised: where it was going,
 * what the runtime said, and what to check.
 */
export function connectionError(
  url: string,
  cause: unknown,
  call: Call,
  answered?: AnswerStart,
  tally?: Tally,
): APIConnectionError {
  const { host, hostname, origin } = new URL(url);
  const request = requestPart(call.method, redactUrl(url), idOfAnswer(answered));
  const said = `${describeCause(cause)}${tallyOf(tally)}`;
  const code = causeCode(cause);
  const message = answered
    ? `The ${answered.status} answer from ${host} broke off before its end${request}: ${said}`
    : `${whatFailed(code, host, hostname)}${request}: ${said}; ${whatToCheck(code, origin)}`;
  return new APIConnectionError(message, {
    cause,
    ...answerDetails(answered),
    method: call.method,
    url,
  });
}

const HOST_NOT_FOUND = ['ENOTFOUND', 'EAI_AGAIN'];

/** What failed, as the runtime's error code tells it. */
function whatFailed(code: string | undefined, host: string, hostname: string): string {
  if (code === 'ECONNREFUSED') return `Connection refused by ${host}`;
  if (code && HOST_NOT_FOUND.includes(code)) return `Host ${hostname} not found`;
  return `Connection to ${host} failed`;
}

function whatToCheck(code: string | undefined, origin: string): string {
  if (code && HOST_NOT_FOUND.includes(code)) return 'is the host name in the base URL right?';
  return `is the service running at ${origin}?`;
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

function answerDetails(answered: AnswerStart | undefined) {
  if (!answered) return {};
  return { status: answered.status, requestId: idOfAnswer(answered) };
}

/** The request id of an answer that had begun, or null. */
function idOfAnswer(answered: AnswerStart | undefined): string | null {
  return answered ? requestIdOf(answered.headers) : null;
}

function tallyOf(tally: Tally | undefined): string {
  if (!tally) return '';
  if (tally.attempts <= 1) return ', 1 attempt';
  return `, ${tally.attempts} attempts over ${(tally.elapsedMs / 1000).toFixed(1)} s`;
}

/** The first error code along the causes of a failure (`ECONNREFUSED`, `UND_ERR_SOCKET`). */
function causeCode(error: unknown, depth = 0): string | undefined {
  if (depth > 8 || error === null || typeof error !== 'object') return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  if (Array.isArray(errors) && errors.length > 0) return causeCode(errors[0], depth + 1);
  return causeCode(cause, depth + 1);
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
