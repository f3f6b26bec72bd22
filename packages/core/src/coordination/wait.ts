/** Waiting in the coordination's loops: for a turn, a slot or a pause, always abortable. */

/**
 * Resolves after `ms`, or as soon as something calls the function it adds to `wakers`; rejects
 * with the signal's reason when `signal` aborts first. Leaves no timer or listener behind. A timer
 * may fire a little early (Node measures from the start of its loop's turn): the wait then goes on
 * for what is left, so that a reserved start is never taken early.
 */
export function delay(ms: number, signal?: AbortSignal, wakers?: Set<() => void>): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  const until = performance.now() + ms;
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      wakers?.delete(wake);
    };
    const wake = () => {
      settle();
      resolve();
    };
    const abort = () => {
      settle();
      reject(signal?.reason);
    };
    const tick = () => {
      const left = until - performance.now();
      if (left <= 0) return wake();
      timer = setTimeout(tick, Math.ceil(left));
    };
    tick();
    signal?.addEventListener('abort', abort, { once: true });
    wakers?.add(wake);
  });
}

const FIRST_POLL_MS = 10;
const LONGEST_POLL_MS = 250;

/**
 * How long to wait before asking the store again, round 0 first: 10 ms doubling to 250 ms, less up
 * to a quarter at random, so that the processes of a fleet do not ask in step.
 */
export function pollingDelayMs(round: number): number {
  const delayMs = Math.min(FIRST_POLL_MS * 2 ** round, LONGEST_POLL_MS);
  return delayMs * (1 - Math.random() / 4);
}
