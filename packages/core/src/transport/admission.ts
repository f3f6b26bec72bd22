import { APITimeoutError, requestPart } from '../errors/errors';
import type { AttemptEnd } from '../options/coordination';
import { redactUrl } from '../redaction/redact';
import { abortError } from './failure';
import type { PreparedRequest } from './prepared-request';

/**
 * Waits for the turn of an attempt: the fleet's pause and throttle, or the client's own throttle
 * (`PreparedRequest.fleet`), for at most the call's timeout. Resolves with the function that ends
 * the turn, or undefined for a client with neither. Rejects with the caller's abort, or with an
 * `APITimeoutError` when no turn came in time; nothing was sent, and it is not retried.
 */
export async function admission(
  request: PreparedRequest,
  credentials: Readonly<Record<string, string>>,
): Promise<AttemptEnd | undefined> {
  const { fleet, signal, timeout, method, url, operation } = request;
  if (!fleet) return undefined;
  const timer = new AbortController();
  const clock = timeout === false ? undefined : setTimeout(() => timer.abort(), timeout);
  try {
    return await fleet.gate.beforeAttempt({
      operation,
      url,
      credentials,
      throttle: fleet.throttle,
      signal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal,
      log: fleet.log,
    });
  } catch (error) {
    if (signal?.aborted) throw abortError(signal, error);
    if (!timer.signal.aborted) throw error;
    const where = requestPart(method, redactUrl(url), null);
    throw new APITimeoutError(
      `No turn within ${timeout} ms: the fleet's pause or throttle held the request back${where}`,
      { method, url, operation },
    );
  } finally {
    clearTimeout(clock);
  }
}
