import { abortError } from './failure';

/**
 * Resolves after `ms` (never, for `Infinity`), or as soon as something calls the function it adds
 * to `waiting`; the signal cuts it short with its own error. It leaves no timer, listener or
 * waiter behind. The wait before a retry, and for a turn of a client's own throttle.
 */
export function waitFor(
  ms: number,
  signal: AbortSignal | undefined,
  waiting?: Set<() => void>,
): Promise<void> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      waiting?.delete(go);
      signal?.removeEventListener('abort', stop);
    };
    const go = () => {
      settle();
      resolve();
    };
    const stop = () => {
      settle();
      reject(abortError(signal!));
    };
    const timer = ms < Infinity ? setTimeout(go, ms) : undefined;
    waiting?.add(go);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
