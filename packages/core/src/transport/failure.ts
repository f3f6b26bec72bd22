import {
  APIConnectionError,
  APIResponseParseError,
  APIResponseTooLargeError,
  APITimeoutError,
  APIUserAbortError,
  type ConnectionErrorDetails,
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
  const { status } = received;
  if (status >= 200 && status < 300) return undefined;
  const headers = received.headers();
  // What the server wrote may quote a secret of the client: it is scrubbed before any of it is kept.
  const { secrets } = request;
  const text = secrets.scrub(received.text);
  const body = secrets.scrubData(parsedBody(text, received.contentType));
  const fields = request.errorFields?.(body);
  const excerpt = fields?.message === undefined ? excerptOf(text) : '';
  const unexplained = [received.statusText, excerpt].filter(Boolean).join(': ');
  const error = makeAPIError({
    ...answerFields(request, received.url, { status, headers }),
    code: fields?.code,
    message: fields?.message ?? (unexplained || 'Request failed'),
    body,
  });
  // A proxy's demand for credentials is answered the same way however often it is asked.
  const failure: AttemptFailure =
    status === 407 ? { kind: 'lasting' } : { kind: 'status', status, headers };
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
  let failure: AttemptFailure = { kind: 'lasting' };
  let error: Error;
  if (timedOut) {
    failure = { kind: 'timeout' };
    error = timeoutError(thrown, request, tally);
  } else if (thrown instanceof ResponseTooLarge) {
    error = new APIResponseTooLargeError({
      ...answerFields(request, thrown.url, thrown.answered),
      limit: thrown.limit,
      declaredBytes: thrown.declared,
    });
  } else if (thrown instanceof RefusedRedirect) {
    const { answered } = thrown;
    error = brokenError(APIConnectionError, request, tally, {
      what: `The ${answered.status === 0 ? 'redirect' : `${answered.status} answer`} ${thrown.reason}`,
      url: thrown.url,
      answered: answered.status === 0 ? undefined : answered,
    });
  } else if (thrown instanceof ConnectionFailure) {
    failure = connectionFailure(thrown);
    error = connectionError(thrown, request, tally);
  } else if (thrown instanceof ForcedRetry) {
    const { delay, response } = thrown;
    return {
      failure: { kind: 'forced', delay, status: response.status, headers: response.headers() },
      error: thrown.forced,
      forcedOn: response,
    };
  } else {
    return { failure: { kind: 'other' }, error: thrown as Error };
  }
  return { failure, error: scrubbedError(error, request.secrets) };
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
  const error = new APIResponseParseError({
    ...answerFields(request, received.url, {
      status: received.status,
      headers: received.headers(),
    }),
    contentType: received.contentType,
    // Scrubbed whole before its excerpt is cut, so that no part of a secret is left at the cut.
    text: request.secrets.scrub(received.text),
  });
  return scrubbedError(error, request.secrets);
}

/** What an error of an answer to `url` says of the request and of the answer. */
function answerFields(request: PreparedRequest, url: string, answered: AnswerStart) {
  const { status, headers } = answered;
  const { method, operation } = request;
  return { status, requestId: requestIdOf(headers), headers, method, url, operation };
}

/**
 * What the retry rules see of a failed connection: one that provably sent nothing, one whose
 * cause a retry cannot fix, or one that may have reached the service. An answer that had begun
 * proves the request arrived, whatever the cause says.
 */
function connectionFailure({ cause, answered }: ConnectionFailure): AttemptFailure {
  if (isLasting(connectionCause(cause))) return { kind: 'lasting' };
  if (!answered && sentNothing(cause)) return { kind: 'unsent' };
  return { kind: 'connection' };
}

/** An attempt that got no whole answer within the call's timeout. */
function timeoutError(thrown: unknown, request: PreparedRequest, tally: Tally): APITimeoutError {
  const answered = thrown instanceof ConnectionFailure ? thrown.answered : undefined;
  const within = `within ${request.timeout} ms`;
  return brokenError(APITimeoutError, request, tally, {
    what: answered
      ? `The ${answered.status} answer did not end ${within}`
      : `No response ${within}`,
    url: request.url,
    answered,
  });
}

/**
 * A connection that failed: where it was going, what the runtime said (its `cause`), and what to
 * check.
 */
function connectionError(
  { url, cause, answered }: ConnectionFailure,
  request: PreparedRequest,
  tally: Tally,
): APIConnectionError {
  const target = new URL(url);
  const { what, check } = answered
    ? { what: `The ${answered.status} answer from ${target.host} broke off before its end` }
    : describeConnection(connectionCause(cause), target);
  return brokenError(APIConnectionError, request, tally, {
    what,
    url,
    answered,
    said: describeCause(cause),
    check,
    cause,
  });
}

/** How a request that got no whole answer broke: the start of its message and what else is known. */
interface Broken {
  what: string;
  url: string;
  answered?: AnswerStart | undefined;
  /** What the runtime said, after the request in the message. */
  said?: string;
  /** What to check, at the end of the message. */
  check?: string | undefined;
  cause?: unknown;
}

/**
 * The error of a request that got no whole answer: what broke, which request (and answer), what
 * the runtime said, how many attempts over how long, and what to check.
 */
function brokenError<E extends APIConnectionError>(
  ErrorClass: new (message: string, details: ConnectionErrorDetails) => E,
  request: PreparedRequest,
  tally: Tally,
  broken: Broken,
): E {
  const { answered } = broken;
  const details: ConnectionErrorDetails = {
    ...(answered && { status: answered.status, requestId: requestIdOf(answered.headers) }),
    method: request.method,
    url: broken.url,
    operation: request.operation,
  };
  if ('cause' in broken) details.cause = broken.cause;
  const said = broken.said ? `: ${broken.said}` : '';
  const check = broken.check ? `; ${broken.check}` : '';
  return new ErrorClass(
    `${broken.what}${requestPart(details)}${said}${tallyOf(tally)}${check}`,
    details,
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
