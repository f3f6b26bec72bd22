import type { Auth } from '../auth/auth';
import { setOperation } from '../errors/errors';
import type { CallTelemetry, Outcome } from '../observability/telemetry';
import { retryWaitMs } from '../retry/policy';
import type { Call } from './call';
import { abortError, type FailedAttempt, failedAttempt } from './failure';
import { callHeaders, credentialsOf } from './headers';
import type { AttemptRequest, Exchange, Sender } from './sender';

/** What the transport keeps of one call while its attempts run. */
export interface CallProgress {
  attempts: number;
  telemetry: CallTelemetry | undefined;
}

/** What the attempts of one call share: where they go, with what, and who hears of them. */
export interface AttemptsOf {
  call: Call;
  sender: Sender;
  /** The absolute URL of the call. */
  url: string;
  /** The client's own headers (accept, user agent, its `headers` option), names in lower case. */
  clientHeaders: Readonly<Record<string, string>>;
  auth: Auth | undefined;
  /** The credentials each attempt sent, names in lower case, for a renewal (see `Auth.renew`). */
  sent: Record<string, string>;
  /** The call's `Idempotency-Key`, the same on every attempt. */
  idempotencyKey: string | undefined;
  progress: CallProgress;
  /** Judges an answer: the error of a failed one, or undefined for a success. */
  judge(exchange: Exchange): FailedAttempt | undefined;
}

/**
 * The one retry loop of every call, whatever sends it: the first attempt, then each retry the
 * retry policy grants, after the wait it chose. Every attempt asks for the credentials again and
 * has the call's timeout to itself, body included. Resolves with the successful answer; rejects
 * with the error of the last attempt.
 */
export async function runAttempts(of: AttemptsOf): Promise<Exchange> {
  const started = Date.now();
  const giveUp = (failed: FailedAttempt) => {
    const tally = { attempts: of.progress.attempts, elapsedMs: Date.now() - started };
    const error = failed.final?.(tally) ?? failed.error;
    setOperation(error, of.call.operation);
    return error;
  };
  for (let retryCount = 0; ; retryCount += 1) {
    const outcome = await attempt(of, retryCount);
    let failed = 'exchange' in outcome ? of.judge(outcome.exchange) : outcome;
    if (!failed) return (outcome as { exchange: Exchange }).exchange;
    setOperation(failed.error, of.call.operation);
    let wait = await waitBefore(of, failed, retryCount + 1);
    if (wait === undefined) {
      // A hook's forced retry that a rule forbids (not the limit) leaves the answer as it came.
      const standing =
        failed.answer && retryCount < of.call.retry.limit ? failed.answer : undefined;
      if (!standing) throw giveUp(failed);
      failed = of.judge(standing);
      if (!failed) return standing;
      wait = await waitBefore(of, failed, retryCount + 1);
      if (wait === undefined) throw giveUp(failed);
    }
    await pause(of, failed, wait, retryCount + 1, giveUp);
  }
}

/** The wait the retry policy grants before retry number `retryCount`, or undefined for none. */
function waitBefore(of: AttemptsOf, failed: FailedAttempt, retryCount: number) {
  const { retry, method } = of.call;
  return retryWaitMs(retry, method, failed.failure, retryCount, failed.error);
}

/** Waits before a retry, then lets the sender's hooks call it off, and tells who listens. */
async function pause(
  of: AttemptsOf,
  failed: FailedAttempt,
  wait: number,
  retryCount: number,
  giveUp: (failed: FailedAttempt) => Error,
) {
  const { call } = of;
  await waitFor(wait, call.options.signal);
  if (of.sender.beforeRetry && !(await of.sender.beforeRetry(failed.error, retryCount))) {
    throw giveUp(failed);
  }
  call.log?.retrying(call, failed.error, retryCount);
  call.onRetry?.(retryCount);
}

/**
 * One attempt, sent within the call's timeout, which covers the whole answer: its answer, or how
 * it failed. The telemetry hears of it when the sender announces it, and of how it ended.
 */
async function attempt(
  of: AttemptsOf,
  retryCount: number,
): Promise<{ exchange: Exchange } | FailedAttempt> {
  const { call, progress } = of;
  const caller = call.options.signal;
  if (caller?.aborted) return { failure: { kind: 'other' }, error: abortError(caller) };
  const headers = callHeaders(of.clientHeaders, call, await credentialsOf(of.auth, of.sent));
  if (of.idempotencyKey !== undefined) headers['idempotency-key'] = of.idempotencyKey;
  progress.attempts += 1;
  let end: ((outcome: Outcome) => void) | undefined;
  const { telemetry } = progress;
  const resendCount = progress.attempts - 1;
  const timer = new AbortController();
  const timeout =
    call.timeout === false ? undefined : setTimeout(() => timer.abort(), call.timeout);
  const request: AttemptRequest = {
    url: of.url,
    method: call.method,
    headers,
    body: call.body,
    signal: caller ? AbortSignal.any([caller, timer.signal]) : timer.signal,
    retryCount,
    announce: telemetry && ((sent) => (end = telemetry.attempt(sent, resendCount))),
  };
  try {
    const exchange = await of.sender.send(request);
    end?.({ response: exchange.response() });
    return { exchange };
  } catch (thrown) {
    const failed = failedAttempt(thrown, timer.signal.aborted, of.url, call);
    end?.(failed.answer ? { response: failed.answer.response() } : { error: failed.error });
    return failed;
  } finally {
    clearTimeout(timeout);
  }
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
