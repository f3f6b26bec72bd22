import type { RecordedExchange } from '../recording/recorded-exchange';
import type { InterfaceRecordings } from '../recording/recording-files';
import { requestKey, splitPath } from '../recording/request-key';

/** The recordings of a directory, each answered once, in order, to the requests that match it. */
export interface RecordingQueues {
  /** How many recordings were read. */
  readonly total: number;
  /** The next unused recording the request matches (the n-th of identical ones for the n-th request). */
  take(method: string, path: string, body: string): RecordedExchange | undefined;
  /** Why nothing matched: nothing recorded for the route, recordings of it that differ, or all used. */
  why(method: string, path: string): string;
}

export function recordingQueues(recordings: InterfaceRecordings[]): RecordingQueues {
  const queues = new Map<string, RecordedExchange[]>();
  const routes = new Map<string, { recorded: number; replayed: number }>();
  const routeOf = (method: string, path: string) =>
    `${method.toUpperCase()} ${splitPath(path).pathname}`;
  let total = 0;
  for (const { exchanges } of recordings) {
    for (const exchange of exchanges) {
      const key = requestKey(exchange.method, exchange.path, exchange.body);
      queues.set(key, [...(queues.get(key) ?? []), exchange]);
      const route = routes.get(routeOf(exchange.method, exchange.path));
      if (route) route.recorded += 1;
      else routes.set(routeOf(exchange.method, exchange.path), { recorded: 1, replayed: 0 });
      total += 1;
    }
  }
  return {
    total,
    take(method, path, body) {
      const recording = queues.get(requestKey(method, path, body))?.shift();
      if (recording) routes.get(routeOf(method, path))!.replayed += 1;
      return recording;
    },
    why(method, path) {
      const route = routeOf(method, path);
      const counts = routes.get(route);
      if (!counts) return `nothing was recorded for ${route}`;
      const { recorded, replayed } = counts;
      if (replayed === recorded) {
        return `the ${recorded} recorded for ${route} were all answered already`;
      }
      return `the query or body differs from each of the ${recorded - replayed} recorded for ${route} not answered yet`;
    },
  };
}
