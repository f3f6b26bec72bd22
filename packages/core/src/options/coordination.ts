import type { Logger } from '../observability/logger';
import type { IssuedToken } from '../response/issued-token';

/**
 * What a client asks of the fleet it runs in, given as its `coordination` option: a turn for each
 * attempt (the pause a service asked of every process, then a throttle slot and start), and the
 * tokens and metering sessions its processes share. `redisCoordination()` from `@clientkit/redis`
 * is one, over Redis; `inProcessCoordination()` and `coordinate(store)` from
 * `@clientkit/core/coordination` make others. The value brings the fleet's protocols with it: a
 * client holds only the hooks that call them.
 *
 * A coordination never fails a call because its store failed: it goes on with what this process
 * knows and warns once through the logger of the client that met the failure.
 */
export interface Coordination {
  /**
   * Waits until the fleet lets an attempt go: for a throttle slot and a start (with `throttle`),
   * then while the service is paused. Resolves with the function to call once the attempt is over,
   * with its answer when one came: it gives the slot back and records the pause that answer asks
   * of the fleet. Rejects with the signal's reason when `attempt.signal` aborts first.
   */
  beforeAttempt(attempt: FleetAttempt): Promise<AttemptEnd>;
  /**
   * A token (or metering session) shared by the processes that use one credential: one of them
   * exchanges while the others wait for its result, and after a 401 only a process that finds the
   * refused token still shared replaces it.
   */
  sharedToken(request: SharedTokenRequest): Promise<IssuedToken>;
  /** Ends the coordination's connection to its store, if it has one of its own. */
  close(): Promise<void>;
}

/** What a client says of the attempt it is about to make. */
export interface FleetAttempt {
  /** The call's public name, such as `docs.spaces.get`, for log lines. */
  operation: string;
  /** The attempt's URL: its origin names the service. */
  url: string;
  /**
   * The attempt's credential headers, names in lower case: with the origin they name whose budget
   * it spends. Only a digest of them reaches a store.
   */
  credentials: Readonly<Record<string, string>>;
  /** The client's caps, which hold for every client of the fleet with this service and credential. */
  throttle: ThrottleOptions | undefined;
  /** Fires when the caller aborts or the call's wait for a turn runs out of time. */
  signal: AbortSignal;
  log: FleetLog;
}

/** The answer of an attempt, as the fleet reads it. */
export interface AttemptAnswer {
  /** Its status. */
  status: number;
  /** Its headers (`Retry-After`, the rate-limit headers), made when read. */
  headers(): Headers;
}

/**
 * Ends an attempt's turn: frees its slot, and records the pause its answer asks for, if any; the
 * call goes on once the pause is recorded, so that the fleet knows of it before the caller does.
 */
export type AttemptEnd = (answer?: AttemptAnswer) => void | Promise<void>;

/** What holds each attempt of a client back: its fleet's coordination, or its own throttle. */
export type AttemptGate = Pick<Coordination, 'beforeAttempt'>;

/** A token that the processes using one credential share. */
export interface SharedTokenRequest {
  /** Names the credential and what the token is for (token URL, client id, audience); hashed before it reaches a store. */
  identity: readonly string[];
  /** The credential's secret: the stored token is sealed with a key derived from it. */
  secret: string;
  /** Obtains a new token; one process of the fleet calls it at a time. */
  exchange: () => Promise<IssuedToken>;
  /** The token a 401 refused: it is replaced only if it is still the shared one. */
  refused?: string | undefined;
  /**
   * The longest this process waits for another one's exchange, in ms (the client's timeout):
   * then it exchanges itself.
   */
  maxWaitMs?: number | undefined;
  log: FleetLog;
}

/** Where a coordination writes: the logger of the client that called it, at that client's level. */
export type FleetLog = Pick<Logger, 'debug' | 'info' | 'warn'>;

/** Caps on a client's requests; with a `coordination` they hold for the whole fleet. */
export interface ThrottleOptions {
  /** At most this many requests in flight at once. */
  concurrency?: number;
  /** At most this many requests started per second, evenly spaced. */
  requestsPerSecond?: number;
}
