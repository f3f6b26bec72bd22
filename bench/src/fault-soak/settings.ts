import type { ChaosKind } from '@clientkit/reference-server';

/** How much work one fault soak does, and under which faults. */
export interface FaultSoakSettings {
  /** Rounds of mixed traffic: each round is one task per entry of the traffic mix. */
  rounds: number;
  /** Tasks in flight at once. */
  lanes: number;
  /** Events pushed through the metering stream while the rounds run. */
  streamEvents: number;
  /** The seed of the server's chaos generator: the same seed replays the same faults in order. */
  seed: number;
  /** The share of requests that get a fault. */
  rate: number;
}

/**
 * The fault mix of issue 35: a 503, a 429 (chaos sends `Retry-After: 1`), a reset before and after
 * the headers, a truncated body, malformed JSON, a stalled body and a 2 s wait.
 */
export const FAULT_KINDS: readonly ChaosKind[] = [
  503,
  429,
  'reset',
  'reset-mid-body',
  'truncate',
  'malformed',
  'stall',
  'latency',
];

/** The wait of the `latency` kind. */
export const FAULT_LATENCY_MS = 2_000;

/**
 * Each attempt's timeout: above the 2 s wait, so a slow answer still succeeds, and short enough
 * that a stalled body costs little.
 */
export const CALL_TIMEOUT_MS = 3_000;

/**
 * The retry settings every client is built with: the default limit, and a cap on the waits the
 * server may ask for, so that a call's time has a bound (chaos asks for 1 s).
 */
export const CALL_RETRY = { limit: 2, maxRetryAfter: 1_000 } as const;

/**
 * The short soak of `pnpm test`: a fixed, small amount of work. Its seed draws all eight kinds of
 * the mix within the first 49 requests under chaos (the kinds come in the seed's order whichever
 * request gets them), so a short run meets every one.
 */
export const SHORT_SOAK: FaultSoakSettings = {
  rounds: 20,
  lanes: 8,
  streamEvents: 2_000,
  rate: 0.1,
  seed: 410,
};

/** The long soak of `pnpm soak`. */
export const LONG_SOAK: Omit<FaultSoakSettings, 'seed'> = {
  rounds: 2_000,
  lanes: 8,
  streamEvents: 200_000,
  rate: 0.1,
};
