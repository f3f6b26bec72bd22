import type { AttemptGate, ThrottleOptions } from '../options/coordination';
import { waitFor } from './wait';

/**
 * The `throttle` of a client given no `coordination`, held in this process for the clients given
 * the same `throttle` object (a client and those its `withOptions` makes): at most `concurrency`
 * attempts in flight, the longest waiting one let go as one ends, and starts spaced evenly at
 * `requestsPerSecond`. Waiting ends with the attempt's signal.
 */
export function localThrottle({
  concurrency = Infinity,
  requestsPerSecond = Infinity,
}: ThrottleOptions): AttemptGate {
  const waiting = new Set<() => void>();
  let inFlight = 0;
  let nextStart = 0;
  const end = () => {
    inFlight -= 1;
    for (const next of waiting) return next();
  };
  return {
    async beforeAttempt({ signal }) {
      while (inFlight >= concurrency) await waitFor(Infinity, signal, waiting);
      inFlight += 1;
      const now = performance.now();
      const start = Math.max(nextStart, now);
      nextStart = start + 1000 / requestsPerSecond;
      if (start > now) {
        await waitFor(start - now, signal).catch((error: unknown) => {
          end();
          throw error;
        });
      }
      // The attempt loop ends each turn once.
      return end;
    },
  };
}
