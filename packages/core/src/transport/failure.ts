import {
  APIConnectionError,
  APIResponseParseError,
  APIResponseTooLargeError,
  APITimeoutError,
  APIUserAbortError,
  makeAPIError,
  requestPart,
} from '../errors/errors';
import { excerptOf } from '../errors/excerpt';
import { scrubbedError } from '../errors/scrubbed-error';
import { redactUrl } from '../redaction/redact';
import { requestIdOf } from '../response/request-id';
import { type AttemptFailure, sentNothing } from '../retry/policy';
import { parsedBody } from './body';
import { connectionCause, describeConnection, isLasting } from './connection-cause';
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
 * An answer larger than the call's `maxResponseBytes`: its `Content-Length` said so (`declared`),
 * or its body passed the limit and was cut off there.
 */
export class ResponseTooLarge extends Error {
  constructor(
    readonly url: string,
    readonly limit: number,
    readonly answered: AnswerStart,
    readonly declared?: number | undefined,
  ) {
    super('The answer is larger than the limit');
  }
}

/**
 * A redirect the transport does not follow (see `sendFollowingRedirects`): `reason` ends the
 * sentence `The 302 answer ...`.
 */
export class RefusedRedirect extends Error {
  constructor(
    readonly reason: string,
    readonly url: string,
    readonly answered: AnswerStart,
  ) {
    super('A redirect was not followed');
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
  // What the server wrote may quote a secret of the client: it is scrubbed before any of it is kept.
  const { secrets } = request;
  const text = secrets.scrub(received.text);
  const body = secrets.scrubData(parsedBody(text, received.contentType));
  const fields = request.errorFields?.(body);
  const excerpt = fields?.message === undefined ? excerptOf(text) : '';
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
  // A proxy's demand for credentials is answered the same way however often it is asked.
  const failure: AttemptFailure =
    received.status === 407
      ? { kind: 'lasting' }
      : { kind: 'status', status: received.status, headers };
  return { failure, error: scrubbedError(error, secrets) };
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
    const error = timeoutError(request, answered, tally);
    return { failure: { kind: 'timeout' }, error: scrubbedError(error, request.secrets) };
  }
  if (thrown instanceof ResponseTooLarge) {
    const error = tooLargeError(thrown, request);
    return { failure: { kind: 'lasting' }, error: scrubbedError(error, request.secrets) };
  }
  if (thrown instanceof RefusedRedirect) {
    const error = redirectError(thrown, request, tally);
    return { failure: { kind: 'lasting' }, error: scrubbedError(error, request.secrets) };
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
    const error = connectionError(thrown.url, thrown.cause, request, answered, tally);
    return { failure: connectionFailure(thrown, answered), error };
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
  const error = new APIResponseParseError({
    status: received.status,
    contentType: received.contentType,
    // Scrubbed whole before its excerpt is cut, so that no part of a secret is left at the cut.
    text: request.secrets.scrub(received.text),
    requestId: requestIdOf(headers),
    headers,
    method: request.method,
    url: received.url,
    operation: request.operation,
  });
  return scrubbedError(error, request.secrets);
}

/**
 * What the retry rules see of a failed connection: one that provably sent nothing, one whose
 * cause a retry cannot fix, or one that may have reached the service. An answer that had begun
 * proves the request arrived, whatever the cause says.
 */
function connectionFailure(thrown: ConnectionFailure, answered: AnswerStart | undefined) {
  if (isLasting(connectionCause(thrown.cause))) return { kind: 'lasting' } as const;
  if (!answered && sentNothing(thrown.cause)) return { kind: 'unsent' } as const;
  return { kind: 'connection' } as const;
}

/** An answer over the call's `maxResponseBytes`, refused before its body or cut off in it. */
function tooLargeError(
  thrown: ResponseTooLarge,
  request: PreparedRequest,
): APIResponseTooLargeError {
  return new APIResponseTooLargeError({
    status: thrown.answered.status,
    limit: thrown.limit,
    declaredBytes: thrown.declared,
    requestId: requestIdOf(thrown.answered.headers),
    headers: thrown.answered.headers,
    method: request.method,
    url: thrown.url,
    operation: request.operation,
  });
}

/** A redirect the transport did not follow: its status, where it pointed, and why not. */
function redirectError(
  thrown: RefusedRedirect,
  request: PreparedRequest,
  tally: Tally,
): APIConnectionError {
  const { answered, url } = thrown;
  const status = answered.status === 0 ? 'redirect' : `${answered.status} answer`;
  const where = requestPart(request.method, redactUrl(url), idOfAnswer(answered));
  return new APIConnectionError(`The ${status} ${thrown.reason}${where}${tallyOf(tally)}`, {
    ...(answered.status === 0 ? {} : answerDetails(answered)),
    method: request.method,
    url,
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
  const target = new URL(url);
  const where = requestPart(request.method, redactUrl(url), idOfAnswer(answered));
  const said = `${describeCause(cause)}${tallyOf(tally)}`;
  const { what, check } = describeConnection(connectionCause(cause), target);
  const message = answered
    ? `The ${answered.status} answer from ${target.host} broke off before its end${where}: ${said}`
    : `${what}${where}: ${said}${check ? `; ${check}` : ''}`;
  const error = new APIConnectionError(message, {
    cause,
    ...answerDetails(answered),
    method: request.method,
    url,
    operation: request.operation,
  });
  return scrubbedError(error, request.secrets);
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
