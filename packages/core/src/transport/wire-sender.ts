import type { Answer } from '../api-promise';
import type { HttpMethod } from '../contract';
import type { Outcome } from '../telemetry';
import { hasNoBody, parsedBody } from './body';
import { abortError, answerError, connectionError, FetchFailure, timeoutError } from './failure';
import { callHeaders, credentialsOf, idempotencyKeyOf } from './headers';
import { type AttemptFailure, retryWaitMs, sentNothing } from './retry-policy';
import type { Call, CallSender, OwnSend } from './transport';

/** One attempt, as a wire puts it on the network. */
export interface WireRequest {
  /** The absolute URL, with the query. */
  url: string;
  method: HttpMethod;
  /**
   * Every header but `Idempotency-Key` and `Content-Length`, names in lower case. The same object
   * for every attempt of every call until the credentials change, so a wire may keep what it
   * derives from it.
   */
  headers: Readonly<Record<string, string>>;
  /** Sent as `Idempotency-Key` when set. */
  idempotencyKey: string | undefined;
  /** The JSON text of the body. */
  body: string | undefined;
  /** The caller's signal: the attempt stops when it fires. */
  signal: AbortSignal | undefined;
  /** The attempt fails with `wireTimeout()` when no whole answer came in this many ms; false: never. */
  timeoutMs: number | false;
}

/** An answer as it came off the wire, read whole. */
export interface WireAnswer {
  status: number;
  statusText: string;
  contentType: string | null;
  text: string;
  /** Its headers, made only when something reads them (errors, waits, logs, telemetry). */
  headers(): Headers;
}

/**
 * Puts one attempt on the network and reads its answer, whatever the status; rejects with what the
 * runtime raised when the connection failed (its `code`, such as `ECONNREFUSED`, tells whether
 * anything was sent), or with `wireTimeout()`.
 */
export type Wire = (request: WireRequest) => Promise<WireAnswer>;

/** The mark of the errors `wireTimeout` makes. */
const TIMED_OUT = 'clientkitWireTimeout';

/**
 * What a wire rejects with when an attempt ran out of time: an error named as ky names its own,
 * for the log and the telemetry. (A function rather than a class, so that bundles of clients that
 * never use a wire leave it out.)
 */
export function wireTimeout(): Error {
  const error = new Error('The attempt ran out of time');
  error.name = 'TimeoutError';
  Object.defineProperty(error, TIMED_OUT, { value: true });
  return error;
}

function isWireTimeout(error: unknown): error is Error {
  return (error as Record<string, unknown> | null)?.[TIMED_OUT] === true;
}

/**
 * A sender of calls over a client's own wire instead of ky (metering's stream on Node, over
 * `node:http`). It keeps every rule of ky's path, from the same modules: the retry policy decides
 * what is retried and after how long, POST and PATCH carry one `Idempotency-Key` on all the
 * attempts of a call, credentials are asked for before every attempt (the transport renews them
 * once when the interface refuses them), failures become the client's errors with their request
 * ids, and each attempt is reported to the telemetry and each retry to the log. What it saves is ky's work per
 * request (a `Request` built and cloned, its options merged) and a `Response` per answer, which is
 * made only when a log, the telemetry or `withResponse()` reads it. Header sets are built once for
 * each set of credentials, not per request.
 */
export function wireSender(wire: Wire): CallSender {
  const headerSets = new HeaderSets();
  return async (send) => {
    const url = targetUrl(send.url, send.call.path);
    return answerOf(await attempts(wire, send, url, headerSets), send.call.method, url);
  };
}

/**
 * Where a call goes: its path under the base URL, or the base URL itself for an empty path (no
 * trailing slash), as ky's path sends it.
 */
function targetUrl(base: string, path: string): string {
  if (path === '' || path.startsWith('?')) return `${base.replace(/\/$/, '')}${path}`;
  return base.endsWith('/') ? `${base}${path}` : `${base}/${path}`;
}

/** How an attempt failed: the policy's view of it, the error for the log, and the caller's error. */
interface FailedAttempt {
  failure: AttemptFailure;
  /** What ky's path would have raised for this attempt, for the log and the telemetry. */
  raised: Error;
  /** The error the caller gets if this attempt is the last. */
  error: () => Error;
}

/** The attempts of one call: the first, then the retries the policy grants. */
async function attempts(
  wire: Wire,
  send: OwnSend,
  url: string,
  headerSets: HeaderSets,
): Promise<WireAnswer> {
  const { call, progress } = send;
  const key = idempotencyKeyOf(call, send.idempotencyKeys);
  for (let retryCount = 0; ; ) {
    const credentials = await credentialsOf(send.auth, send.sent);
    const request: WireRequest = {
      url,
      method: call.method,
      headers: headerSets.of(send, credentials),
      idempotencyKey: key,
      body: call.body,
      signal: call.options.signal,
      timeoutMs: call.timeout,
    };
    progress.attempts += 1;
    const endAttempt = startAttempt(send, request);
    const outcome = await attemptOnce(wire, request, send);
    if ('answer' in outcome) {
      endAttempt?.({ response: responseOf(outcome.answer, call.method, url) });
      return outcome.answer;
    }
    const { failure, raised, error } = outcome;
    // As on ky's path: an attempt that got an answer ends with it; one that got none ends when it is
    // retried, or else with the caller's error, which the transport reports.
    if (failure.kind === 'status') endAttempt?.({ response: responseOf(raised) });
    if (failure.kind === 'other') throw error();
    retryCount += 1;
    const wait = await retryWaitMs(call.retry, call.method, failure, retryCount, raised);
    if (wait === undefined) throw error();
    await waitFor(wait, call.options.signal);
    endAttempt?.({ error: raised });
    call.log?.retrying(call, raised, retryCount);
    call.onRetry?.(retryCount);
  }
}

/** Sends one attempt: its answer when it is a success, otherwise how it failed. */
async function attemptOnce(
  wire: Wire,
  request: WireRequest,
  send: OwnSend,
): Promise<{ answer: WireAnswer } | FailedAttempt> {
  const { signal } = request;
  let answer: WireAnswer;
  try {
    if (signal?.aborted) throw abortError(signal);
    answer = await wire(request);
  } catch (thrown) {
    return failedConnection(thrown, request.url, send.call);
  }
  if (answer.status >= 200 && answer.status < 300) return { answer };
  const headers = answer.headers();
  const body = parsedBody(answer.text, answer.contentType);
  return {
    failure: { kind: 'status', status: answer.status, headers },
    raised: statusFailure(answer, request.method, request.url),
    error: () =>
      answerError({ ...answer, headers }, body, request.url, send.call, send.errorFields),
  };
}

function failedConnection(thrown: unknown, url: string, call: Call): FailedAttempt {
  const { signal } = call.options;
  if (signal?.aborted) {
    const error = abortError(signal, thrown);
    return { failure: { kind: 'other' }, raised: error, error: () => error };
  }
  if (isWireTimeout(thrown)) {
    return { failure: { kind: 'timeout' }, raised: thrown, error: () => timeoutError(url, call) };
  }
  return {
    failure: sentNothing(thrown) ? { kind: 'unsent' } : { kind: 'connection' },
    raised: new FetchFailure(url, thrown),
    error: () => connectionError(url, thrown, call),
  };
}

/** An error answer as ky's path reports it to the log: an error that carries the response. */
function statusFailure(answer: WireAnswer, method: string, url: string): Error {
  const error = new Error(`Request failed with status code ${answer.status}`);
  let response: Response | undefined;
  Object.defineProperty(error, 'response', {
    get: () => (response ??= responseOf(answer, method, url)),
  });
  return error;
}

/** The call's telemetry hears of the attempt, with a `Request` it may add headers to (trace context). */
function startAttempt(
  send: OwnSend,
  request: WireRequest,
): ((outcome: Outcome) => void) | undefined {
  const { telemetry } = send.progress;
  if (!telemetry) return undefined;
  const headers: Record<string, string> = { ...request.headers };
  if (request.idempotencyKey !== undefined) headers['idempotency-key'] = request.idempotencyKey;
  const seen = new Request(request.url, {
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  const end = telemetry.attempt(seen, send.progress.attempts - 1);
  const added: Record<string, string> = {};
  seen.headers.forEach((value, name) => {
    if (headers[name] !== value && name !== 'content-length') added[name] = value;
  });
  if (Object.keys(added).length > 0) request.headers = { ...request.headers, ...added };
  let ended = false;
  const endOnce = (outcome: Outcome) => {
    send.progress.endAttempt = undefined;
    if (ended) return;
    ended = true;
    end(outcome);
  };
  send.progress.endAttempt = endOnce;
  return endOnce;
}

/**
 * The header set of each call's attempts: the client's headers, the request's, the content type
 * and the credentials. Built again only when one of them changes (a new session token), so that a
 * stream of calls with the same options and credentials shares one set.
 */
class HeaderSets {
  #last:
    | {
        client: object;
        request: object | undefined;
        body: boolean;
        credentials: Readonly<Record<string, string>>;
        headers: Readonly<Record<string, string>>;
      }
    | undefined;

  of(
    send: OwnSend,
    credentials: Readonly<Record<string, string>>,
  ): Readonly<Record<string, string>> {
    const request = send.call.options.headers;
    const body = send.call.body !== undefined;
    const last = this.#last;
    if (
      last &&
      last.client === send.headers &&
      last.request === request &&
      last.body === body &&
      sameHeaders(last.credentials, credentials)
    ) {
      return last.headers;
    }
    const headers = callHeaders(send.headers, send.call, credentials);
    this.#last = { client: send.headers, request, body, credentials, headers };
    return headers;
  }
}

function sameHeaders(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) {
  if (a === b) return true;
  let count = 0;
  for (const name in b) {
    if (a[name] !== b[name]) return false;
    count += 1;
  }
  for (const _ in a) count -= 1;
  return count === 0;
}

/** The wait before a retry; the caller's signal cuts it short with its own error. */
function waitFor(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(abortError(signal!));
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** A success as the door's callers see it, its `Response` made only if something reads it. */
function answerOf(answer: WireAnswer, method: HttpMethod, url: string): Answer<unknown> {
  const data = hasNoBody(answer.status, method)
    ? undefined
    : parsedBody(answer.text, answer.contentType);
  let response: Response | undefined;
  return {
    data,
    get response() {
      response ??= responseOf(answer, method, url);
      return response;
    },
  };
}

/** The answer as a fetch `Response`, for what reads one (logs, telemetry, `withResponse()`). */
function responseOf(answer: WireAnswer, method: string, url: string): Response;
function responseOf(raised: Error): Response;
function responseOf(source: WireAnswer | Error, method?: string, url?: string): Response {
  if (source instanceof Error) return (source as Error & { response: Response }).response;
  const empty = method === 'HEAD' || NO_BODY_STATUSES.has(source.status);
  const response = new Response(empty ? null : source.text, {
    status: source.status,
    statusText: source.statusText,
    headers: source.headers(),
  });
  // Error messages and logs name `response.url`, which a fetch response has and a made one lacks.
  Object.defineProperty(response, 'url', { value: url });
  return response;
}
