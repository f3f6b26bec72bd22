import { retryDelayMs } from '@clientkit/core/internal';

/** What a call's time may be made of: its attempts, each with a timeout, and the waits between. */
export interface CallBoundInput {
  timeoutMs: number;
  /** Retries after the first attempt. */
  retries: number;
  /** The longest server-requested wait the client honours. */
  maxRetryAfterMs: number;
  /**
   * Requests a call may wait on before its own: a token exchange (identity management) or a
   * session (metering), each under the same timeout and retries.
   */
  credentialSteps: number;
}

/**
 * Room for the event loop of a loaded machine: timers fire late when other processes hold the
 * core, and the call's own work happens outside its attempts' timers.
 */
export const SCHEDULING_ALLOWANCE_MS = 1_000;

/**
 * The longest a call may take under core's retry policy: every attempt used up to its timeout, and
 * before each retry the longer of the backoff and the longest wait a server may ask for (a longer
 * request fails at once). The backoff's jitter only shortens it, so its ceiling is used.
 */
export function callBoundMs(input: CallBoundInput): number {
  let waits = 0;
  for (let retry = 1; retry <= input.retries; retry++) {
    waits += Math.max(retryDelayMs(retry), input.maxRetryAfterMs);
  }
  const oneRequest = input.timeoutMs * (input.retries + 1) + waits;
  return oneRequest * (1 + input.credentialSteps) + SCHEDULING_ALLOWANCE_MS;
}
