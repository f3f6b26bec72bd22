import type { MiddlewareHandler } from 'hono';
import type { Clock } from './clock';

/** What the server has seen of the requests to its interfaces since the last reset. */
export interface TrafficSnapshot {
  /** Requests to the interfaces (the admin routes and CORS preflights are not counted). */
  requests: number;
  /** Requests whose answer is not made yet. */
  inFlight: number;
  /** The most requests in flight at once. */
  mostInFlight: number;
  /** How many answers each status had (`{ "200": 41, "429": 3 }`); a lost connection has none. */
  statuses: Record<string, number>;
  /** When each request arrived, in server-clock milliseconds, oldest first: the latest 10,000. */
  startedAt: number[];
}

/** Reads and clears the traffic counters. */
export interface TrafficControl {
  /** The counters as they are now. */
  snapshot(): TrafficSnapshot;
  /** Counts afresh (requests in flight stay counted as in flight). */
  reset(): void;
}

/** The counters, with the pipeline stage that counts. */
export interface TrafficCounter extends TrafficControl {
  middleware: MiddlewareHandler;
}

const KEPT_STARTS = 10_000;

/**
 * Counts the requests to the interfaces: how many, how many at once, when each arrived on the
 * server clock, and their answers' statuses. Tests of clients that share a budget read it: the most requests a fleet had in
 * flight, the starts in any second.
 */
export function trafficCounter(clock: Clock): TrafficCounter {
  let requests = 0;
  let inFlight = 0;
  let mostInFlight = 0;
  let startedAt: number[] = [];
  let statuses: Record<string, number> = {};
  return {
    middleware: async (c, next) => {
      const path = new URL(c.req.url).pathname;
      if (path.startsWith('/__admin') || c.req.method === 'OPTIONS') return next();
      requests += 1;
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      startedAt.push(clock.now());
      if (startedAt.length > KEPT_STARTS) startedAt = startedAt.slice(-KEPT_STARTS);
      try {
        await next();
        statuses[c.res.status] = (statuses[c.res.status] ?? 0) + 1;
      } finally {
        inFlight -= 1;
      }
    },
    snapshot: () => ({
      requests,
      inFlight,
      mostInFlight,
      statuses: { ...statuses },
      startedAt: [...startedAt],
    }),
    reset() {
      requests = 0;
      mostInFlight = inFlight;
      startedAt = [];
      statuses = {};
    },
  };
}
