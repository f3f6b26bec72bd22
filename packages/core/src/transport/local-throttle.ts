import { delay } from '../coordination/wait';
import type { AttemptGate, ThrottleOptions } from '../options/coordination';

/**
 * The `throttle` of a client given no `coordination`: its caps, held in this process for the
 * clients given the same `throttle` object (a client and those its `withOptions` makes). At most
 * `concurrency` attempts in flight, the next one woken as one ends; starts spaced evenly at
 * `requestsPerSecond`. Waiting ends with the attempt's signal.
 */
export function localThrottle({ concurrency, requestsPerSecond }: ThrottleOptions): AttemptGate {
  const waiting = new Set<() => void>();
  let inFlight = 0;
  let nextStart = 0;
  return {
    async beforeAttempt({ signal }) {
      while (inFlight >= (concurrency ?? Number.POSITIVE_INFINITY)) {
        await delay(Number.POSITIVE_INFINITY, signal, waiting);
      }
      inFlight += 1;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        inFlight -= 1;
        const [next] = waiting;
        next?.();
      };
      if (requestsPerSecond) {
        const now = performance.now();
        const start = Math.max(nextStart, now);
        nextStart = start + 1000 / requestsPerSecond;
        await delay(start - now, signal).catch((error: unknown) => {
          end();
          throw error;
        });
      }
      return end;
    },
  };
}
