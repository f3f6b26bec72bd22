import { parseDuration } from './clock';
import { type KnownNames, refuseUnknownKeys } from './unknown-keys';

/** A failure to inject into the next requests that match a method and a path prefix. */
export interface FaultSpec {
  /** Only requests with this method (default: any). */
  method?: string;
  /** Only requests whose path starts with this (default: every path). */
  path?: string;
  /** Answer with this status, in the interface's own error format. */
  status?: number;
  /**
   * With `status`: the `Retry-After` header, in seconds or as an HTTP date; a shorthand for
   * `headers: { 'Retry-After': ... }`.
   */
  retryAfter?: number | string;
  /**
   * With `status`: headers of the answer, set over the interface's own (e.g. a 429 with
   * `X-RateLimit-Reset` and no `Retry-After`, or `Retry-After: garbage`). The server's own
   * `x-request-id` and `request-id` and the headers that frame the body cannot be set.
   */
  headers?: Record<string, string | number>;
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

const faultFields: KnownNames<FaultSpec> = {
  method: true,
  path: true,
  status: true,
  retryAfter: true,
  headers: true,
  latencyMs: true,
  drop: true,
  count: true,
};

/** A header name as HTTP defines one (a token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A header value: visible characters, spaces and tabs; no line breaks, which would split the answer. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** Headers a fault may not set: the server writes them itself, or they frame the body. */
const RESERVED_HEADERS = new Set([
  'x-request-id',
  'request-id',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
]);

function checkHeader(name: string, value: unknown): string {
  if (!HEADER_NAME.test(name)) throw new RangeError(`headers: "${name}" is not a header name`);
  if (RESERVED_HEADERS.has(name.toLowerCase())) {
    throw new RangeError(`headers: ${name} is set by the server and cannot be injected`);
  }
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !HEADER_VALUE.test(text)) {
    throw new RangeError(
      `headers: the value of ${name} must be text without line breaks or a finite number`,
    );
  }
  return text;
}

/** The headers a status fault adds to its answer, `retryAfter` included, checked one by one. */
function headersOf(spec: FaultSpec): [string, string][] {
  const given = spec.headers ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) {
    throw new RangeError('headers must be an object of header names and values');
  }
  const headers = Object.entries(given).map(([name, value]): [string, string] => [
    name,
    checkHeader(name, value),
  ]);
  if (spec.retryAfter === undefined) return headers;
  if (headers.some(([name]) => name.toLowerCase() === 'retry-after')) {
    throw new RangeError('give Retry-After once: as retryAfter or in headers, not both');
  }
  if (typeof spec.retryAfter === 'number' && !(spec.retryAfter >= 0)) {
    throw new RangeError('retryAfter must be a number of seconds from 0, or text');
  }
  return [['Retry-After', checkHeader('Retry-After', spec.retryAfter)], ...headers];
}

function checkStatus(spec: FaultSpec): void {
  if (
    spec.status !== undefined &&
    !(Number.isInteger(spec.status) && spec.status >= 400 && spec.status <= 599)
  ) {
    throw new RangeError('status must be an integer from 400 to 599');
  }
  if (spec.status === undefined && !spec.drop && spec.latencyMs === undefined) {
    throw new RangeError('a fault needs status, drop or latencyMs');
  }
  if (spec.status === undefined && (spec.headers !== undefined || spec.retryAfter !== undefined)) {
    throw new RangeError('headers and retryAfter go with status: they describe its answer');
  }
}

function checkMatch(spec: FaultSpec): void {
  if (
    spec.method !== undefined &&
    !(typeof spec.method === 'string' && HEADER_NAME.test(spec.method))
  ) {
    throw new RangeError('method must be an HTTP method such as GET or POST');
  }
  if (spec.path !== undefined && !(typeof spec.path === 'string' && spec.path.startsWith('/'))) {
    throw new RangeError('path must be a path that starts with /');
  }
  if (spec.drop !== undefined && typeof spec.drop !== 'boolean') {
    throw new RangeError('drop must be true or false');
  }
}

/** A copy whose headers are its own, so that changing the caller's object changes no fault. */
function withOwnHeaders<T extends FaultSpec>(spec: T): T {
  return spec.headers === undefined ? { ...spec } : { ...spec, headers: { ...spec.headers } };
}

/** The headers an injected status fault sets on its answer, in the order given. */
export function faultHeaders(fault: FaultSpec): [string, string][] {
  return headersOf(fault);
}

/** Holds injected faults and hands them to matching requests, oldest first. */
export class FaultInjector {
  #faults: ActiveFault[] = [];
  #nextId = 1;

  /**
   * Adds a fault; throws a RangeError naming the field that is not valid, and a TypeError naming
   * each field it does not know.
   *
   * @example
   * server.faults.add({ method: 'POST', path: '/v2/billing/meter_event_stream', status: 503, retryAfter: 1, count: 2 });
   * server.faults.add({ path: '/api/v2/clients', drop: true }); // the next request loses its connection
   * server.faults.add({ path: '/api/v2/', status: 429, headers: { 'X-RateLimit-Reset': 1767225600 } });
   */
  add(spec: FaultSpec): ActiveFault {
    if (typeof spec !== 'object' || spec === null) throw new TypeError('a fault must be an object');
    refuseUnknownKeys(spec, faultFields, 'faults.add', 'field');
    checkMatch(spec);
    checkStatus(spec);
    headersOf(spec);
    if (spec.latencyMs !== undefined) parseDuration(spec.latencyMs);
    const count = spec.count ?? 1;
    if (!Number.isInteger(count) || count < 1)
      throw new RangeError('count must be a positive integer');
    const fault: ActiveFault = {
      ...withOwnHeaders(spec),
      id: this.#nextId++,
      remaining: count,
      applied: 0,
    };
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
    return this.#faults.map((fault) => ({ ...withOwnHeaders(fault) }));
  }

  /** Removes every fault. */
  clear(): void {
    this.#faults = [];
  }
}
