import type { AttemptEnd, Coordination, FleetLog, ThrottleOptions } from '../options/coordination';
import { checkOptions, type OptionRule } from '../options/rules';
import { resilientStore } from './resilient';
import { type SharedPause, sharedPause } from './shared-pause';
import { sharedToken } from './shared-token';
import type { CoordinationStore } from './store';
import { type Throttle, throttle } from './throttle';

/** Options of `coordinate`. */
export interface CoordinateOptions {
  /**
   * How long an operation of the store may take before the process goes on without it, in ms
   * (default 1000): a backstop for a store with no time limit of its own.
   */
  deadlineMs?: number;
  /** While the store fails, how often one operation tries it again, in ms (default 1000). */
  retryAfterMs?: number;
}

const positiveMs: OptionRule = (value) =>
  typeof value === 'number' && value > 0 && value <= 2_147_483_647
    ? undefined
    : 'must be a positive number of milliseconds';

const RULES: Record<string, OptionRule> = { deadlineMs: positiveMs, retryAfterMs: positiveMs };

/** Past this many services seen by one client, the remembered ones are forgotten, so memory stays bounded. */
const MOST_SERVICES = 256;

/** What one client has seen of one service (an origin with a credential). */
interface Service {
  pause: SharedPause;
  /** By the caps they keep, as JSON. */
  throttles: Map<string, Throttle>;
}

/**
 * The fleet's protocols on a shared store, as the `coordination` option of every client: before
 * each attempt a throttle slot and start (for a client with `throttle`) and the wait for a pause
 * that a 429 or 503 (or a spent rate limit) asked of the service; after it, the pause its answer
 * asks for; and tokens and metering sessions shared by the processes that use one credential. A
 * service is named by the attempt's origin and credentials, and keys hold only a digest of them.
 *
 * The store is made resilient: an operation it rejects, or does not answer within `deadlineMs`,
 * runs on this process's own memory instead, a warning goes once per outage to the logger of the
 * client whose call met it, and the store is tried again every `retryAfterMs`.
 *
 * @example
 * const coordination = coordinate(myStore);
 * const docs = new DocsClient({ baseUrl, token, coordination, throttle: { concurrency: 8 } });
 */
export function coordinate(
  store: CoordinationStore,
  options: CoordinateOptions = {},
): Coordination {
  checkOptions(options, RULES, 'options of coordinate');
  const shared = resilientStore(store, options);
  /** What each client has seen, by its log: its store view and the services it called. */
  const clients = new WeakMap<FleetLog, Map<string, Service>>();

  const serviceOf = (log: FleetLog, identity: readonly string[]): Service => {
    let services = clients.get(log);
    if (services === undefined) {
      services = new Map();
      clients.set(log, services);
    }
    const name = JSON.stringify(identity);
    let service = services.get(name);
    if (service === undefined) {
      if (services.size >= MOST_SERVICES) services.clear();
      service = { pause: sharedPause(shared.via(log), identity), throttles: new Map() };
      services.set(name, service);
    }
    return service;
  };

  const throttleOf = (log: FleetLog, identity: readonly string[], caps: ThrottleOptions) => {
    const { throttles } = serviceOf(log, identity);
    const name = JSON.stringify(caps);
    let found = throttles.get(name);
    if (found === undefined) {
      found = throttle(shared.via(log), identity, caps);
      throttles.set(name, found);
    }
    return found;
  };

  return {
    async beforeAttempt({ operation, url, credentials, throttle: caps, signal, log }) {
      const identity = ['service', new URL(url).origin, ...Object.entries(credentials).flat()];
      const release = caps ? await throttleOf(log, identity, caps).acquire(signal) : undefined;
      const { pause } = serviceOf(log, identity);
      try {
        await pause.wait({
          signal,
          onWait: (waitMs) =>
            log.debug(
              `${operation}: waiting ${Math.ceil(waitMs)} ms, the pause the service asked of the fleet`,
              { operation, waitMs: Math.ceil(waitMs) },
            ),
        });
      } catch (error) {
        release?.();
        throw error;
      }
      const end: AttemptEnd = async (answer) => {
        release?.();
        if (answer) await pause.record(answer.status, answer.headers());
      };
      return end;
    },
    sharedToken: ({ log, ...request }) => sharedToken(shared.via(log), request),
    close: async () => {
      await store.close?.();
    },
  };
}
