import { parseDuration } from './clock';

/** A failure to inject into the next requests that match a method and a path prefix. */
export interface FaultSpec {
  /** Only requests with this method (default: any). */
  method?: string;
  /** Only requests whose path starts with this (default: every path). */
  path?: string;
  /** Answer with this status, in the interface's own error format. */
  status?: number;
  /** With `status`: the `Retry-After` header, in seconds or as an HTTP date. */
  retryAfter?: number | string;
  /** Wait this long (real time) before handling or failing the request. */
  latencyMs?: number;
  /** Close the connection without answering. */
  drop?: boolean;
  /** How many matching requests to affect (default 1). */
  count?: number;
}

/** A fault with its id and how many requests it still affects. */
export interface ActiveFault extends FaultSpec {
  /** Its number, in the order faults were added. */
  id: number;
  /** How many more requests it will affect. */
  remaining: number;
  /** How many requests it has affected so far. */
  applied: number;
}

/** Raised inside the server to make the transport drop the connection. */
export class DroppedConnection extends Error {
  constructor() {
    super('connection dropped by an injected fault');
  }
}

/** Holds injected faults and hands them to matching requests, oldest first. */
export class FaultInjector {
  #faults: ActiveFault[] = [];
  #nextId = 1;

  /**
   * Adds a fault; throws a RangeError naming the field that is not valid.
   *
   * @example
   * server.faults.add({ method: 'POST', path: '/v2/billing/meter_event_stream', status: 503, retryAfter: 1, count: 2 });
   * server.faults.add({ path: '/api/v2/clients', drop: true }); // the next request loses its connection
   */
  add(spec: FaultSpec): ActiveFault {
    if (
      spec.status !== undefined &&
      !(Number.isInteger(spec.status) && spec.status >= 400 && spec.status <= 599)
    ) {
      throw new RangeError('status must be an integer from 400 to 599');
    }
    if (spec.status === undefined && !spec.drop && spec.latencyMs === undefined) {
      throw new RangeError('a fault needs status, drop or latencyMs');
    }
    if (spec.latencyMs !== undefined) parseDuration(spec.latencyMs);
    const count = spec.count ?? 1;
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError('count must be a positive integer');
    const fault: ActiveFault = { ...spec, id: this.#nextId++, remaining: count, applied: 0 };
    this.#faults.push(fault);
    return fault;
  }

  /** The fault that applies to this request, if any; each use counts against its `count`. */
  take(method: string, path: string): ActiveFault | undefined {
    const fault = this.#faults.find(
      (f) =>
        (f.method === undefined || f.method.toUpperCase() === method.toUpperCase()) &&
        path.startsWith(f.path ?? '/'),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    fault.applied += 1;
    if (fault.remaining === 0) this.#faults = this.#faults.filter((f) => f !== fault);
    return fault;
  }

  /** The faults still waiting for requests, oldest first. */
  list(): ActiveFault[] {
    return this.#faults.map((fault) => ({ ...fault }));
  }

  /** Removes every fault. */
  clear(): void {
    this.#faults = [];
  }
}
