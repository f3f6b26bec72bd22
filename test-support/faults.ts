/**
 * How a client meets each network fault of the reference server, one table for all five: for a call
 * and a fault kind, the error it fails with (its class, and the status, request id, URL and
 * operation it carries), whether the retry rules repeat it, and how often a write took effect.
 *
 * Each client's test file describes two of its calls (a read and a write, as `FaultCall`s) and
 * passes its own error classes, so that `instanceof` is checked against what its users import.
 */
import { describe, expect, it } from 'vitest';

/** The faults a call meets: the reference server's kinds, with their options. */
export type FaultKind =
  | 'reset before the headers'
  | 'reset mid-body'
  | 'truncate'
  | 'malformed'
  | 'stall'
  | 'empty'
  | 'html';

/** The part of the reference server these tests use. */
export interface FaultServer {
  faults: {
    add(fault: Record<string, unknown>): unknown;
    injected(): { requestId: string }[];
  };
}

/** An error class of the client under test. */
type ErrorClass = abstract new (...args: never[]) => Error;

/** The error classes a client re-exports from core. */
export interface FaultErrors {
  APIConnectionError: ErrorClass;
  APITimeoutError: ErrorClass;
  APIResponseParseError: ErrorClass;
  InternalServerError: ErrorClass;
}

/** The retry and timeout options a call is made with. */
export interface CallOptions {
  retry: number | { limit: number; delay: () => number; jitter: false };
  timeout: number;
}

/** One call of a client, as the fault tests make it. */
export interface FaultCall {
  /** Names the call in the tests' names: `a GET of a space`. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path of the request from the origin, which the fault matches. */
  path: string;
  /** The operation the errors name, such as `docs.spaces.get`. */
  operation: string;
  /**
   * Whether the retry rules repeat it after a failure that may have reached the service: a GET or
   * a PUT, or a write with an idempotency key.
   */
  repeatable: boolean;
  /** Makes the call with a client built with `options`. */
  run(options: CallOptions): Promise<unknown>;
  /** How many times a write has taken effect on the server; a read has none to count. */
  effects?(): number | Promise<number>;
}

interface KindRule {
  fault: Record<string, unknown>;
  /** The class of the error, by the name of its key in `FaultErrors`. */
  error: keyof FaultErrors;
  /** Whether the failure came with an answer, whose status and request id the error carries. */
  answered: boolean;
  /** Whether the server's handler ran, so a write took effect although the call failed. */
  handlerRuns: boolean;
  /** Whether the retry rules repeat it at all (on a repeatable call). */
  retried: boolean;
}

const rules: Record<FaultKind, KindRule> = {
  'reset before the headers': {
    fault: { kind: 'reset' },
    error: 'APIConnectionError',
    answered: false,
    handlerRuns: false,
    retried: true,
  },
  'reset mid-body': {
    fault: { kind: 'reset', when: 'mid-body' },
    error: 'APIConnectionError',
    answered: true,
    handlerRuns: true,
    retried: true,
  },
  truncate: {
    fault: { kind: 'truncate' },
    error: 'APIConnectionError',
    answered: true,
    handlerRuns: true,
    retried: true,
  },
  malformed: {
    fault: { kind: 'malformed' },
    error: 'APIResponseParseError',
    answered: true,
    handlerRuns: true,
    retried: false,
  },
  stall: {
    fault: { kind: 'stall' },
    error: 'APITimeoutError',
    answered: true,
    handlerRuns: true,
    retried: true,
  },
  empty: {
    fault: { kind: 'empty' },
    error: 'APIResponseParseError',
    answered: true,
    handlerRuns: true,
    retried: false,
  },
  html: {
    fault: { kind: 'html' },
    error: 'InternalServerError',
    answered: true,
    handlerRuns: false,
    retried: true,
  },
};

/** The stall's wait: the attempt's timeout, well above a loopback answer's first bytes. */
const STALL_TIMEOUT_MS = 1_500;
const quickRetries = { limit: 2, delay: () => 1, jitter: false as const };

/** The error a promise rejects with (fails the test when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    (value) => expect.unreachable(`expected a rejection, got ${JSON.stringify(value)}`),
    (error: Error) => error,
  );
}

/**
 * The tests of every fault kind on each of `calls`, against the reference server `server()` (reset
 * before each test by the caller's harness).
 */
export function describeFaults(
  server: () => FaultServer,
  errors: FaultErrors,
  calls: readonly FaultCall[],
  kinds: readonly FaultKind[] = Object.keys(rules) as FaultKind[],
): void {
  for (const call of calls) {
    describe(`${call.name} (${call.method} ${call.path})`, () => {
      for (const kind of kinds) describeKind(server, errors, call, kind);
    });
  }
}

function describeKind(
  server: () => FaultServer,
  errors: FaultErrors,
  call: FaultCall,
  kind: FaultKind,
): void {
  const rule = rules[kind];
  const timeout = kind === 'stall' ? STALL_TIMEOUT_MS : 30_000;
  const addFault = (count: number) =>
    server().faults.add({ method: call.method, path: call.path, count, ...rule.fault });
  const effects = async () => (call.effects ? await call.effects() : undefined);
  const expectedEffects = (applied: boolean) => (call.effects ? (applied ? 1 : 0) : undefined);

  it(`${kind}: fails with ${rule.error}, carrying ${rule.answered ? "the answer's status and request id, " : ''}the URL and the operation`, async () => {
    addFault(1);
    const error = await rejectionOf(call.run({ retry: 0, timeout }));
    expect(error).toBeInstanceOf(errors[rule.error]);
    if (rule.error === 'APIConnectionError')
      expect(error).not.toBeInstanceOf(errors.APITimeoutError);
    const fields = error as unknown as Record<string, unknown>;
    const [injected] = server().faults.injected();
    if (rule.answered) {
      expect(fields.status).toEqual(kind === 'html' ? 502 : expect.any(Number));
      expect(fields.requestId).toBe(injected?.requestId);
      expect(error.message).toContain(`[request ${injected?.requestId}]`);
    } else {
      expect(fields.status).toBeUndefined();
    }
    expect(String(fields.url)).toContain(call.path);
    expect(fields.operation).toBe(call.operation);
    expect(await effects()).toBe(expectedEffects(rule.handlerRuns));
  });

  if (call.repeatable && rule.retried) {
    it(`${kind}: is retried, and ${call.effects ? 'takes effect once' : 'answers'} on the next attempt`, async () => {
      addFault(1);
      await call.run({ retry: quickRetries, timeout });
      expect(server().faults.injected()).toHaveLength(1);
      expect(await effects()).toBe(expectedEffects(true));
    });
  } else {
    it(`${kind}: is not retried${call.effects ? `, and ${rule.handlerRuns ? 'took effect once' : 'took no effect'}` : ''}`, async () => {
      addFault(3);
      const error = await rejectionOf(call.run({ retry: quickRetries, timeout }));
      expect(error).toBeInstanceOf(errors[rule.error]);
      expect(server().faults.injected()).toHaveLength(1);
      expect(await effects()).toBe(expectedEffects(rule.handlerRuns));
    });
  }
}
