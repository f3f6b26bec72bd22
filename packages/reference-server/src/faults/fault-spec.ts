import { type KnownNames, refuseUnknownKeys } from '../unknown-keys';
import { checkLatency, isLatencyRange, type Latency } from './latency';
import { checkSeed } from './seeded-random';

/**
 * How a fault breaks an exchange beyond a plain error status. `reset` (before the headers) and
 * `html` answer instead of the handler; the others let the handler run and break its answer.
 */
export type FaultKind = 'reset' | 'truncate' | 'malformed' | 'stall' | 'empty' | 'html';

/** When a `reset` fault cuts the connection. */
export type ResetWhen = 'before-headers' | 'mid-body';

/** A failure to inject into the next requests that match a method and a path prefix. */
export interface FaultSpec {
  /** Only requests with this method (default: any). */
  method?: string;
  /** Only requests whose path starts with this (default: every path). */
  path?: string;
  /**
   * Answer with this status, in the interface's own error format; with kind `html`, the status of
   * the proxy's page (default 502).
   */
  status?: number;
  /** Break the exchange this way (see `FaultKind`). */
  kind?: FaultKind;
  /** With kind `reset`: cut before the headers (default) or half-way through the body. */
  when?: ResetWhen;
  /**
   * With `status` or kind `html`: the `Retry-After` header, in seconds or as an HTTP date; a
   * shorthand for `headers: { 'Retry-After': ... }`.
   */
  retryAfter?: number | string;
  /**
   * With `status` or kind `html`: headers of the answer, set over the interface's own (e.g. a 429
   * with `X-RateLimit-Reset` and no `Retry-After`, or `Retry-After: garbage`). The server's own
   * `x-request-id` and `request-id` and the headers that frame the body cannot be set.
   */
  headers?: Record<string, string | number>;
  /**
   * Wait this long (real time) before handling or failing the request: milliseconds, or
   * `{ min, max }` to draw a wait for each request with the fault's seeded generator.
   */
  latencyMs?: Latency;
  /** Close the connection without answering. */
  drop?: boolean;
  /** How many matching requests to affect (default 1). */
  count?: number;
  /**
   * Instead of `count`: affect each matching request with this probability (0 to 1), until the
   * fault is cleared.
   */
  probability?: number;
  /**
   * The seed of the fault's generator (with `probability` or a latency range): the same seed and
   * the same requests in the same order give the same faults. Default: a fresh one, shown back.
   */
  seed?: number;
}

/** A fault with its id and how many requests it still affects. */
export interface ActiveFault extends FaultSpec {
  /** Its number, in the order faults were added. */
  id: number;
  /** How many more requests it will affect; absent for a `probability` fault, which stays. */
  remaining?: number;
  /** How many requests it has affected so far. */
  applied: number;
}

export const FAULT_KINDS: readonly FaultKind[] = [
  'reset',
  'truncate',
  'malformed',
  'stall',
  'empty',
  'html',
];

/** The status of an `html` fault's page when the fault gives none: a gateway's usual complaint. */
export const DEFAULT_HTML_STATUS = 502;

const faultFields: KnownNames<FaultSpec> = {
  method: true,
  path: true,
  status: true,
  kind: true,
  when: true,
  retryAfter: true,
  headers: true,
  latencyMs: true,
  drop: true,
  count: true,
  probability: true,
  seed: true,
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

function checkKind(spec: FaultSpec): void {
  if (spec.kind !== undefined && !FAULT_KINDS.includes(spec.kind)) {
    throw new RangeError(`kind must be one of ${FAULT_KINDS.join(', ')}`);
  }
  if (spec.when !== undefined && spec.kind !== 'reset') {
    throw new RangeError('when goes with kind "reset": it says when the connection is cut');
  }
  if (spec.when !== undefined && spec.when !== 'before-headers' && spec.when !== 'mid-body') {
    throw new RangeError('when must be before-headers or mid-body');
  }
  if (spec.kind !== undefined && spec.drop) {
    throw new RangeError(`drop and kind "${spec.kind}" are two faults: give one`);
  }
  if (spec.kind !== undefined && spec.kind !== 'html' && spec.status !== undefined) {
    throw new RangeError(
      `status goes alone or with kind "html": kind "${spec.kind}" keeps the handler's answer or sends none`,
    );
  }
}

function checkStatus(spec: FaultSpec): void {
  if (
    spec.status !== undefined &&
    !(Number.isInteger(spec.status) && spec.status >= 400 && spec.status <= 599)
  ) {
    throw new RangeError('status must be an integer from 400 to 599');
  }
  if (
    spec.status === undefined &&
    spec.kind === undefined &&
    !spec.drop &&
    spec.latencyMs === undefined
  ) {
    throw new RangeError('a fault needs status, drop or latencyMs, or a kind');
  }
  const describesAnswer = spec.status !== undefined || spec.kind === 'html';
  if (!describesAnswer && (spec.headers !== undefined || spec.retryAfter !== undefined)) {
    throw new RangeError(
      'headers and retryAfter go with status or kind "html": they describe its answer',
    );
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

function checkRepetition(spec: FaultSpec): void {
  if (spec.probability !== undefined && spec.count !== undefined) {
    throw new RangeError('give count or probability, not both: a probability fault stays');
  }
  if (
    spec.probability !== undefined &&
    !(typeof spec.probability === 'number' && spec.probability >= 0 && spec.probability <= 1)
  ) {
    throw new RangeError('probability must be a number from 0 to 1');
  }
  const count = spec.count ?? 1;
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError('count must be a positive integer');
  }
  if (spec.seed === undefined) return;
  if (spec.probability === undefined && !isLatencyRange(spec.latencyMs)) {
    throw new RangeError('seed goes with probability or a latencyMs range: nothing else is drawn');
  }
  checkSeed(spec.seed);
}

/**
 * Throws a RangeError naming the field that is not valid, and a TypeError naming each field it
 * does not know.
 */
export function checkFault(spec: FaultSpec): void {
  if (typeof spec !== 'object' || spec === null) throw new TypeError('a fault must be an object');
  refuseUnknownKeys(spec, faultFields, 'faults.add', 'field');
  checkMatch(spec);
  checkKind(spec);
  checkStatus(spec);
  headersOf(spec);
  if (spec.latencyMs !== undefined) checkLatency(spec.latencyMs);
  checkRepetition(spec);
}

/** Whether the fault draws numbers, and so needs a seeded generator. */
export function drawsAtRandom(spec: FaultSpec): boolean {
  return spec.probability !== undefined || isLatencyRange(spec.latencyMs);
}

/** The headers an injected status fault sets on its answer, in the order given. */
export function faultHeaders(fault: FaultSpec): [string, string][] {
  return headersOf(fault);
}
