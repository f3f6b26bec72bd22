import { AuthenticationError } from '../errors/errors';
import { scrubbedError } from '../errors/scrubbed-error';
import type { CallTelemetry, Outcome } from '../observability/telemetry';
import type { AttemptEnd } from '../options/coordination';
import type { CallResult } from '../response/api-promise';
import { retryWaitMs } from '../retry/policy';
import {
  abortError,
  dataOf,
  type FailedAttempt,
  statusFailure,
  type Tally,
  thrownFailure,
} from './failure';
import { credentialsOf } from './headers';
import type { PreparedRequest } from './prepared-request';
import { sendFollowingRedirects } from './redirects';
import type { ReceivedResponse } from './sender';
import { waitFor } from './wait';

/** What the attempts of one call share while they run. */
interface Progress {
  /** Attempts made so far. */
  attempts: number;
  /** Requests put on the wire so far: attempts, and the redirects they followed. */
  sent: number;
  readonly started: number;
  readonly telemetry: CallTelemetry | undefined;
}

/**
 * Sends a call: attempts until one succeeds or the retry policy gives up, then reads the data of
 * the success and checks it when asked to. The telemetry and the log hear how it went, once.
 * Rejects with the error the caller gets.
 */
export async function send(request: PreparedRequest): Promise<CallResult<unknown>> {
  const progress: Progress = {
    attempts: 0,
    sent: 0,
    started: Date.now(),
    telemetry: request.telemetry?.startCall({
      operation: request.operation,
      method: request.method,
      baseUrl: request.baseUrl,
      urlTemplate: `${new URL(request.baseUrl).pathname}${request.pathTemplate}`,
    }),
  };
  let result: CallResult<unknown>;
  try {
    const received = await attemptUntilDone(request, progress);
    const data = dataOf(received, request);
    result = {
      data: request.check ? request.check(data, received.headers()) : data,
      // Made only when something reads it: the metering stream's own sender reads none.
      get response() {
        return received.response();
      },
    };
  } catch (thrown) {
    // Errors of the attempts are scrubbed as they are built; this catches the response check's.
    const error = scrubbedError(thrown, request.secrets);
    progress.telemetry?.end({ error });
    request.log?.failed(request, error, progress.attempts, Date.now() - progress.started);
    throw error;
  }
  progress.telemetry?.end({ response: result.response });
  const durationMs = Date.now() - progress.started;
  request.log?.completed(request, result.response, progress.attempts, durationMs, result.data);
  return result;
}

/**
 * The one attempt loop of every call: the first attempt, then each retry the retry policy grants,
 * after the wait it chose, and one more attempt when the interface refused the credentials and the
 * auth renewed them. Each attempt waits for its turn first (the fleet's pause and throttle, or the
 * client's own throttle) and tells the fleet how it ended. Resolves with the successful response;
 * rejects with the last attempt's error.
 */
async function attemptUntilDone(
  request: PreparedRequest,
  progress: Progress,
): Promise<ReceivedResponse> {
  let renewed = false;
  for (let retryCount = 0; ; ) {
    const credentials = await credentialsOf(request.auth, request.secrets);
    const { received, failed: thrown } = await attempt(request, credentials, retryCount, progress);
    let failed = received ? statusFailure(received, request) : thrown;
    if (!failed) return received!;
    if (!renewed && failed.error instanceof AuthenticationError && request.auth?.renew) {
      renewed = true;
      if (await request.auth.renew(failed.error, credentials)) continue;
    }
    let wait = await waitBefore(request, failed, retryCount + 1);
    // A hook's forced retry that a rule forbids (not the limit) leaves its response as it came.
    if (wait === undefined && failed.forcedOn && retryCount < request.retry.limit) {
      const standing = failed.forcedOn;
      failed = statusFailure(standing, request);
      if (!failed) return standing;
      wait = await waitBefore(request, failed, retryCount + 1);
    }
    if (wait === undefined) throw failed.error;
    retryCount += 1;
    await waitFor(wait, request.signal);
    const goOn = (await request.sender.beforeRetry?.(failed.error, retryCount)) ?? true;
    if (!goOn) throw failed.error;
    request.log?.retrying(request, failed.error, retryCount);
    request.onRetry?.(retryCount);
  }
}

/** The wait the retry policy grants before retry number `retryCount`, or undefined for none. */
function waitBefore(request: PreparedRequest, failed: FailedAttempt, retryCount: number) {
  return retryWaitMs(request.retry, request.method, failed.failure, retryCount, failed.error);
}

/**
 * One attempt with `credentials`, within the call's timeout, which covers its wait for a turn
 * (the fleet's pause and throttle, or the client's own throttle) and the whole response: the
 * response of any status, or how the attempt failed. The telemetry hears of it when the sender
 * announces it, and of how it ended; the fleet hears how it ended.
 */
async function attempt(
  request: PreparedRequest,
  credentials: Readonly<Record<string, string>>,
  retryCount: number,
  progress: Progress,
): Promise<{ received?: ReceivedResponse; failed?: FailedAttempt }> {
  const { signal } = request;
  const { telemetry } = progress;
  if (signal?.aborted) return { failed: { failure: { kind: 'other' }, error: abortError(signal) } };
  progress.attempts += 1;
  let end: ((outcome: Outcome) => void) | undefined;
  let endTurn: AttemptEnd | undefined;
  let received: ReceivedResponse | undefined;
  const timer = new AbortController();
  const timeout =
    request.timeout === false ? undefined : setTimeout(() => timer.abort(), request.timeout);
  const attemptSignal = signal ? AbortSignal.any([signal, timer.signal]) : timer.signal;
  try {
    const { fleet, operation, url } = request;
    endTurn =
      fleet &&
      (await fleet.gate.beforeAttempt({
        operation,
        url,
        credentials,
        throttle: fleet.throttle,
        signal: attemptSignal,
        log: fleet.log,
      }));
    const attempted = {
      url,
      method: request.method,
      headers: { ...request.headers, ...credentials },
      body: request.body,
      signal: attemptSignal,
      maxResponseBytes: request.maxResponseBytes,
      retryCount,
      announce: telemetry && ((sent: Request) => (end = telemetry.attempt(sent, progress.sent++))),
    };
    received = await sendFollowingRedirects(request.sender, attempted, (redirect) =>
      end?.({ response: redirect.response() }),
    );
    end?.({ response: received.response() });
    return { received };
  } catch (thrown) {
    const tally: Tally = { attempts: progress.attempts, elapsedMs: Date.now() - progress.started };
    const failed = thrownFailure(thrown, timer.signal.aborted, request, tally);
    end?.(failed.forcedOn ? { response: failed.forcedOn.response() } : { error: failed.error });
    return { failed };
  } finally {
    clearTimeout(timeout);
    await endTurn?.(received);
  }
}
