import type { FaultKind, ResetWhen } from './fault-spec';

/** What was done to a request: a plain error status, a dropped connection, a wait, or a kind. */
export type InjectedKind = 'status' | 'drop' | 'latency' | FaultKind;

/** What a fault does to one request, decided when the request arrives. */
export interface Injection {
  /** What is done. */
  kind: InjectedKind;
  /** For `reset`: before the headers or half-way through the body. */
  when?: ResetWhen;
  /** For `status` and `html`: the status of the answer. */
  status?: number;
  /** For `status` and `html`: headers set on the answer. */
  headers?: [string, string][];
  /** The wait before anything else, in milliseconds (0: none). */
  latencyMs: number;
}

/** One request a fault was injected into, as `faults.injected()` and `GET /__admin/faults` show it. */
export interface InjectedFault {
  /** The `x-request-id` the server gave the exchange (sent only when headers were sent). */
  requestId: string;
  /** The request's method. */
  method: string;
  /** The request's path, a trailing slash kept. */
  path: string;
  /** What was done to it. */
  kind: InjectedKind;
  /** For `reset`: when the connection was cut. */
  when?: ResetWhen;
  /** For `status` and `html`: the status answered. */
  status?: number;
  /** The wait added before the rest, when there was one. */
  latencyMs?: number;
  /** Who injected it: a fault added with `faults.add`, or chaos mode. */
  source: 'fault' | 'chaos';
  /** The id of the fault, when a fault injected it. */
  faultId?: number;
}

/**
 * Whether the fault answers instead of the handler (nothing changes on the server) rather than
 * letting the handler run and breaking its answer (the change is kept although the client sees a
 * failure).
 */
export function replacesAnswer(injection: Injection): boolean {
  switch (injection.kind) {
    case 'status':
    case 'html':
    case 'drop':
      return true;
    case 'reset':
      return injection.when !== 'mid-body';
    default:
      return false;
  }
}

/** The log entry of an injection into a request. */
export function injectedFault(
  injection: Injection,
  request: { requestId: string; method: string; path: string },
  source: { faultId: number } | 'chaos',
): InjectedFault {
  return {
    ...request,
    kind: injection.kind,
    ...(injection.when === undefined ? {} : { when: injection.when }),
    ...(injection.status === undefined ? {} : { status: injection.status }),
    ...(injection.latencyMs > 0 ? { latencyMs: injection.latencyMs } : {}),
    ...(source === 'chaos' ? { source } : { source: 'fault' as const, faultId: source.faultId }),
  };
}
