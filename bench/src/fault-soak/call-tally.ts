import { ClientKitError } from '@clientkit/core';

/** The slowest call against the bound it had to keep. */
export interface SlowestCall {
  operation: string;
  ms: number;
  boundMs: number;
}

/** How many examples of a broken rule the tally keeps: enough to debug, bounded on a long run. */
const SAMPLE_LIMIT = 5;

/**
 * What the calls of a soak came to, kept as counts so that a long run holds no per-call record:
 * calls and failures per operation, failures by error class, and the calls that broke a rule
 * (an error that is not a clientkit error, a time over the call's bound), with a few examples.
 */
export class CallTally {
  calls = 0;
  failed = 0;
  readonly byOperation = new Map<string, { calls: number; failed: number }>();
  readonly failuresByClass = new Map<string, number>();
  untyped = 0;
  readonly untypedSamples: string[] = [];
  overBound = 0;
  readonly overBoundSamples: SlowestCall[] = [];
  /** The call that used the largest share of its bound. */
  slowest: SlowestCall | undefined;

  succeeded(operation: string, ms: number, boundMs: number): void {
    this.#count(operation, false);
    this.#time({ operation, ms, boundMs });
  }

  failedWith(operation: string, error: unknown, ms: number, boundMs: number): void {
    this.#count(operation, true);
    this.#time({ operation, ms, boundMs });
    const name = error instanceof Error ? error.name : typeof error;
    this.failuresByClass.set(name, (this.failuresByClass.get(name) ?? 0) + 1);
    if (error instanceof ClientKitError) return;
    this.untyped += 1;
    if (this.untypedSamples.length < SAMPLE_LIMIT) {
      this.untypedSamples.push(`${operation}: ${String(error)}`);
    }
  }

  #count(operation: string, failed: boolean): void {
    const entry = this.byOperation.get(operation) ?? { calls: 0, failed: 0 };
    entry.calls += 1;
    this.calls += 1;
    if (failed) {
      entry.failed += 1;
      this.failed += 1;
    }
    this.byOperation.set(operation, entry);
  }

  #time(call: SlowestCall): void {
    if (!this.slowest || call.ms / call.boundMs > this.slowest.ms / this.slowest.boundMs) {
      this.slowest = call;
    }
    if (call.ms <= call.boundMs) return;
    this.overBound += 1;
    if (this.overBoundSamples.length < SAMPLE_LIMIT) this.overBoundSamples.push(call);
  }
}
