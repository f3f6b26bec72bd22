import { requestIdOf } from '../api-promise';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  type ErrorBodyMapper,
  makeAPIError,
} from '../errors';
import { redactUrl } from '../redact';
import { readBody } from './body';
import { isHTTPError, isTimeoutError } from './ky';
import { type AttemptFailure, sentNothing } from './retry-policy';
import type { Call } from './transport';

/** A rejection of the `fetch` call itself: no response arrived. */
export class FetchFailure extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super('fetch failed', { cause });
  }
}

/**
 * ky's `fetch`, which marks its own rejections so that they are told apart from errors thrown by
 * hooks. ky hands it a `Request`.
 */
export function markingFetch(fetchOf: () => typeof fetch): typeof fetch {
  return (input, init) => {
    const request = input as Request;
    // A signal aborted between the call and this attempt: nothing is handed to fetch.
    if (request.signal.aborted) {
      return Promise.reject(new FetchFailure(request.url, request.signal.reason));
    }
    return fetchOf()(request, init).catch((error: unknown) => {
      throw new FetchFailure(request.url, error);
    });
  };
}

/** What a failed attempt means to the retry policy. */
export function attemptFailureOf(error: unknown): AttemptFailure {
  if (isHTTPError(error)) {
    return { kind: 'status', status: error.response.status, headers: error.response.headers };
  }
  if (isTimeoutError(error)) return { kind: 'timeout' };
  if (error instanceof FetchFailure) {
    return sentNothing(error.cause) ? { kind: 'unsent' } : { kind: 'connection' };
  }
  return { kind: 'other' };
}

/**
 * The error a caller sees for what ky raised: the interface's error class for an error answer, or
 * a connection, timeout or abort error. An error thrown by a hook (or a custom fetch's own error
 * class) reaches the caller as itself.
 */
export async function describeFailure(
  error: unknown,
  call: Call,
  errorFields: ErrorBodyMapper | undefined,
): Promise<unknown> {
  const { signal } = call.options;
  if (signal?.aborted) return abortError(signal, error);
  if (isHTTPError(error)) {
    const { response } = error;
    const body = await readBody(response, call.method);
    return answerError(response, body, response.url || error.request.url, call, errorFields);
  }
  if (isTimeoutError(error)) return timeoutError(error.request.url, call);
  if (error instanceof FetchFailure) return connectionError(error.url, error.cause, call);
  return error;
}

/** What an error answer says, enough to make the client's error of it. */
export interface ErrorAnswer {
  status: number;
  statusText: string;
  headers: Headers;
}

/** The interface's error class for an error answer, with its code, message and request id. */
export function answerError(
  answer: ErrorAnswer,
  body: unknown,
  url: string,
  call: Call,
  errorFields: ErrorBodyMapper | undefined,
): Error {
  const fields = errorFields?.(body);
  return makeAPIError({
    status: answer.status,
    code: fields?.code,
    message: fields?.message ?? (answer.statusText || 'Request failed'),
    requestId: requestIdOf(answer.headers),
    body,
    headers: answer.headers,
    method: call.method,
    url,
  });
}

/** An attempt to `url` that got no answer within the call's timeout. */
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
