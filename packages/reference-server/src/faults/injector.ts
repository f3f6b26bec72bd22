import {
  type ActiveChaos,
  activeChaos,
  type ChaosOptions,
  chaosInjection,
  checkChaos,
} from './chaos';
import {
  type ActiveFault,
  checkFault,
  DEFAULT_HTML_STATUS,
  drawsAtRandom,
  type FaultSpec,
  faultHeaders,
} from './fault-spec';
import { InjectedLog } from './injected-log';
import { type InjectedFault, type Injection, injectedFault } from './injection';
import { copyLatency, drawLatency } from './latency';
import { freshSeed, type SeededRandom, seededRandom } from './seeded-random';

/** Options of `new FaultInjector`. */
export interface FaultInjectorOptions {
  /** The path prefixes chaos mode covers when it is given none (default: every path). */
  chaosPaths?: string[];
}

/** A request as the injector sees it. */
export interface FaultedRequest {
  /** The request's method. */
  method: string;
  /** The request's path, a trailing slash kept. */
  path: string;
  /** The `x-request-id` the server gives the exchange, for the log. */
  requestId: string;
}

/** A copy whose headers and latency range are its own, so that changing the caller's object changes no fault. */
function ownCopy<T extends FaultSpec>(spec: T): T {
  const copy = { ...spec };
  if (spec.headers !== undefined) copy.headers = { ...spec.headers };
  if (spec.latencyMs !== undefined) copy.latencyMs = copyLatency(spec.latencyMs);
  return copy;
}

function matches(fault: ActiveFault, method: string, path: string): boolean {
  return (
    (fault.method === undefined || fault.method.toUpperCase() === method.toUpperCase()) &&
    path.startsWith(fault.path ?? '/')
  );
}

/** What a fault does to the request it applies to. */
function faultInjection(fault: ActiveFault, random: SeededRandom): Injection {
  const latencyMs = fault.latencyMs === undefined ? 0 : drawLatency(fault.latencyMs, random);
  if (fault.drop) return { kind: 'drop', latencyMs };
  if (fault.kind === 'html') {
    const status = fault.status ?? DEFAULT_HTML_STATUS;
    return { kind: 'html', status, headers: faultHeaders(fault), latencyMs };
  }
  if (fault.kind === 'reset')
    return { kind: 'reset', when: fault.when ?? 'before-headers', latencyMs };
  if (fault.kind !== undefined) return { kind: fault.kind, latencyMs };
  if (fault.status !== undefined) {
    return { kind: 'status', status: fault.status, headers: faultHeaders(fault), latencyMs };
  }
  return { kind: 'latency', latencyMs };
}

/**
 * Holds injected faults and chaos mode, hands them to matching requests (faults oldest first, then
 * chaos), and logs what each request got.
 */
export class FaultInjector {
  #faults: ActiveFault[] = [];
  /** Each fault's generator; a fault that is used up takes its generator with it. */
  #random = new WeakMap<ActiveFault, SeededRandom>();
  #nextId = 1;
  #chaos: { settings: ActiveChaos; random: SeededRandom } | undefined;
  #log = new InjectedLog();
  #chaosPaths: string[];

  constructor(options: FaultInjectorOptions = {}) {
    this.#chaosPaths = [...(options.chaosPaths ?? ['/'])];
  }

  /**
   * Adds a fault; throws a RangeError naming the field that is not valid, and a TypeError naming
   * each field it does not know.
   *
   * @example
   * server.faults.add({ method: 'POST', path: '/v2/billing/meter_event_stream', status: 503, retryAfter: 1, count: 2 });
   * server.faults.add({ path: '/api/v2/clients', drop: true }); // the next request loses its connection
   * server.faults.add({ path: '/api/v2/', status: 429, headers: { 'X-RateLimit-Reset': 1767225600 } });
   * server.faults.add({ method: 'POST', path: '/v1/spaces', kind: 'truncate' }); // stored, then cut
   * server.faults.add({ path: '/v1/', kind: 'reset', probability: 0.2, seed: 7 });
   */
  add(spec: FaultSpec): ActiveFault {
    checkFault(spec);
    const draws = drawsAtRandom(spec);
    const seed = spec.seed ?? (draws ? freshSeed() : 0);
    const fault: ActiveFault = {
      ...ownCopy(spec),
      ...(draws ? { seed } : {}),
      id: this.#nextId++,
      ...(spec.probability === undefined ? { remaining: spec.count ?? 1 } : {}),
      applied: 0,
    };
    this.#faults.push(fault);
    this.#random.set(fault, seededRandom(seed));
    // The fault itself, so that a test can read `applied` and `remaining` as requests use it.
    return fault;
  }

  /**
   * The fault that applies to this request, if any: the oldest matching one whose count is not
   * used up, or whose probability comes up. Each use counts against its `count`.
   */
  take(method: string, path: string): ActiveFault | undefined {
    const fault = this.#faults.find((f) => matches(f, method, path) && this.#comesUp(f));
    if (!fault) return undefined;
    fault.applied += 1;
    if (fault.remaining === undefined) return fault;
    fault.remaining -= 1;
    if (fault.remaining === 0) this.#remove(fault);
    return fault;
  }

  /** What happens to this request, if anything; every injection is logged. */
  inject(request: FaultedRequest): Injection | undefined {
    return this.#injectFault(request) ?? this.#injectChaos(request);
  }

  /**
   * Turns on chaos mode, replacing any before it: each request under `paths` gets, with
   * probability `rate`, one of `kinds`. Throws naming an option that is not valid.
   *
   * @example
   * server.faults.chaos({ rate: 0.1, kinds: [503, 'reset', 'malformed'], seed: 7 });
   */
  chaos(options: ChaosOptions): ActiveChaos {
    checkChaos(options);
    const settings = activeChaos(options, this.#chaosPaths);
    this.#chaos = { settings, random: seededRandom(settings.seed) };
    return structuredClone(settings);
  }

  /** Chaos mode as it runs, or undefined when it is off. */
  activeChaos(): ActiveChaos | undefined {
    return this.#chaos && structuredClone(this.#chaos.settings);
  }

  /** The latest injections (at most 1,000), oldest first. */
  injected(): InjectedFault[] {
    return this.#log.list();
  }

  /** The faults still waiting for requests, oldest first. */
  list(): ActiveFault[] {
    return this.#faults.map(ownCopy);
  }

  /** Removes every fault, ends chaos mode and empties the log of injections. */
  clear(): void {
    this.#faults = [];
    this.#chaos = undefined;
    this.#log.clear();
  }

  #injectFault(request: FaultedRequest): Injection | undefined {
    const fault = this.take(request.method, request.path);
    if (!fault) return undefined;
    const injection = faultInjection(fault, this.#random.get(fault)!);
    this.#log.add(injectedFault(injection, request, { faultId: fault.id }));
    return injection;
  }

  #injectChaos(request: FaultedRequest): Injection | undefined {
    const chaos = this.#chaos;
    if (!chaos?.settings.paths.some((prefix) => request.path.startsWith(prefix))) return undefined;
    const injection = chaosInjection(chaos.settings, chaos.random);
    if (injection) this.#log.add(injectedFault(injection, request, 'chaos'));
    return injection;
  }

  #comesUp(fault: ActiveFault): boolean {
    if (fault.probability === undefined) return true;
    return this.#random.get(fault)!() < fault.probability;
  }

  #remove(fault: ActiveFault): void {
    this.#faults = this.#faults.filter((f) => f !== fault);
  }
}
