import {
  APIConnectionError,
  APIResponseParseError,
  APITimeoutError,
  APIUserAbortError,
  makeAPIError,
  requestPart,
} from '../errors/errors';
import { excerptOf } from '../errors/excerpt';
import { redactUrl } from '../redaction/redact';
import { requestIdOf } from '../response/request-id';
import { type AttemptFailure, sentNothing } from '../retry/policy';
import { parsedBody } from './body';
import type { PreparedRequest } from './prepared-request';
import type { ReceivedResponse } from './sender';

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
 * A hook forced a retry (ky's `ky.retry()` from `afterResponse`) on the response it saw, which the
 * retry rules judge as they judge that response.
 */
export class ForcedRetry extends Error {
  constructor(
    /** ky's error, which the caller gets when the retries run out. */
    readonly forced: Error,
    /** The delay the hook named, if any. */
    readonly delay: number | undefined,
    /** The response the hook was given, which stands when a rule forbids the retry. */
    readonly response: ReceivedResponse,
  ) {
    super('A hook forced a retry');
  }
}

/** How an attempt failed: what the retry rules see of it, and the error the caller gets. */
export interface FailedAttempt {
  failure: AttemptFailure;
  error: Error;
  /** The response a hook forced a retry on, which stands when a rule forbids the retry. */
  forcedOn?: ReceivedResponse | undefined;
}

/** How many attempts a call has made so far, over how long: what a connection's error reports. */
export interface Tally {
  attempts: number;
  elapsedMs: number;
}

/**
 * A response outside 2xx as a failed attempt, with the interface's error class, code, message and
 * request id; undefined for a success. A response the interface's error body does not explain (a
 * proxy's HTML page) is quoted in the message, briefly and without secrets.
 */
export function statusFailure(
  received: ReceivedResponse,
  request: PreparedRequest,
): FailedAttempt | undefined {
  if (received.status >= 200 && received.status < 300) return undefined;
  const headers = received.headers();
  const body = parsedBody(received.text, received.contentType);
  const fields = request.errorFields?.(body);
  const excerpt = fields?.message === undefined ? excerptOf(received.text) : '';
  const unexplained = [received.statusText, excerpt].filter(Boolean).join(': ');
  const error = makeAPIError({
    status: received.status,
    code: fields?.code,
    message: fields?.message ?? (unexplained || 'Request failed'),
    requestId: requestIdOf(headers),
    body,
    headers,
    method: request.method,
    url: received.url,
    operation: request.operation,
  });
  return { failure: { kind: 'status', status: received.status, headers }, error };
}

/**
 * What a rejected attempt means: the caller's abort, the attempt's own timeout (`timedOut`), a
 * forced retry, a failed connection, or an error of a hook or a custom fetch, which reaches the
 * caller as itself and is never retried.
 */
export function thrownFailure(
  thrown: unknown,
  timedOut: boolean,
  request: PreparedRequest,
  tally: Tally,
): FailedAttempt {
  const { signal } = request;
  if (signal?.aborted) return { failure: { kind: 'other' }, error: abortError(signal, thrown) };
  const answered = thrown instanceof ConnectionFailure ? thrown.answered : undefined;
  if (timedOut) {
    return { failure: { kind: 'timeout' }, error: timeoutError(request, answered, tally) };
  }
  if (thrown instanceof ForcedRetry) {
    const { delay, response } = thrown;
    return {
      failure: { kind: 'forced', delay, status: response.status, headers: response.headers() },
      error: thrown.forced,
      forcedOn: response,
    };
  }
  if (thrown instanceof ConnectionFailure) {
    // An answer that had begun proves the request arrived, whatever the cause says.
    const unsent = !answered && sentNothing(thrown.cause);
    return {
      failure: unsent ? { kind: 'unsent' } : { kind: 'connection' },
      error: connectionError(thrown.url, thrown.cause, request, answered, tally),
    };
  }
  return { failure: { kind: 'other' }, error: thrown as Error };
}

/**
 * The data of a success: its body as JSON. A body that claims JSON and does not parse, or that is
 * not JSON (or missing) where the operation promises JSON, is an `APIResponseParseError`, never text
 * handed on as data. Where nothing is promised (the `request()` escape hatch, an operation without
 * a response), a body that does not claim JSON is passed on as text, and an empty one as undefined.
 */
export function dataOf(received: ReceivedResponse, request: PreparedRequest): unknown {
  if (request.method === 'HEAD') return undefined;
  const { text, contentType } = received;
  if (text === '') {
    if (request.expectsBody) throw parseError(received, request);
    return undefined;
  }
  if (!request.expectsBody && !contentType?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw parseError(received, request);
  }
}

function parseError(received: ReceivedResponse, request: PreparedRequest): APIResponseParseError {
  const headers = received.headers();
  return new APIResponseParseError({
    status: received.status,
    contentType: received.contentType,
    text: received.text,
    requestId: requestIdOf(headers),
    headers,
    method: request.method,
    url: received.url,
    operation: request.operation,
  });
}

/** An attempt that got no whole answer within the call's timeout. */
function timeoutError(
  request: PreparedRequest,
  answered: AnswerStart | undefined,
  tally: Tally,
): APITimeoutError {
  const what = answered
    ? `The ${answered.status} answer did not end within ${request.timeout} ms`
    : `No response within ${request.timeout} ms`;
  const where = requestPart(request.method, redactUrl(request.url), idOfAnswer(answered));
  return new APITimeoutError(`${what}${where}${tallyOf(tally)}`, {
    ...answerDetails(answered),
    method: request.method,
    url: request.url,
    operation: request.operation,
  });
}

/**
 * A connection to `url` that failed, `cause` being what the runtime raised: where it was going,
 * what the runtime said, and what to check.
 */
function connectionError(
  url: string,
  cause: unknown,
  request: PreparedRequest,
  answered: AnswerStart | undefined,
  tally: Tally,
): APIConnectionError {
  const { host, hostname, origin } = new URL(url);
  const where = requestPart(request.method, redactUrl(url), idOfAnswer(answered));
  const said = `${describeCause(cause)}${tallyOf(tally)}`;
  const code = causeCode(cause);
  const message = answered
    ? `The ${answered.status} answer from ${host} broke off before its end${where}: ${said}`
    : `${whatFailed(code, host, hostname)}${where}: ${said}; ${whatToCheck(code, origin)}`;
  return new APIConnectionError(message, {
    cause,
    ...answerDetails(answered),
    method: request.method,
    url,
    operation: request.operation,
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

function tallyOf(tally: Tally): string {
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
