import type { Clock } from '../../clock';

/** At most `requests` stream requests in each window of `perMs` milliseconds on the server clock. */
export interface MeteringRateLimit {
  requests: number;
  perMs: number;
}

/** Checks a rate limit description; throws a RangeError naming the field that is not valid. */
export function checkRateLimit(limit: MeteringRateLimit): MeteringRateLimit {
  if (!Number.isInteger(limit?.requests) || limit.requests < 1) {
    throw new RangeError('rateLimit.requests must be a positive integer');
  }
  if (!Number.isFinite(limit.perMs) || limit.perMs <= 0) {
    throw new RangeError('rateLimit.perMs must be a positive number of milliseconds');
  }
  return { requests: limit.requests, perMs: limit.perMs };
}

/** A fixed-window counter: cheap, and what most services document. */
export class FixedWindowLimiter {
  readonly #clock: Clock;
  #limit: MeteringRateLimit | undefined;
  #windowStart = 0;
  #used = 0;

  constructor(clock: Clock, limit?: MeteringRateLimit) {
    this.#clock = clock;
    this.set(limit);
  }

  get limit(): MeteringRateLimit | undefined {
    return this.#limit;
  }

  /** Turns the limit on (or changes it) with a fresh window, or off with `undefined`. */
  set(limit: MeteringRateLimit | undefined): void {
    this.#limit = limit === undefined ? undefined : checkRateLimit(limit);
    this.#windowStart = this.#clock.now();
    this.#used = 0;
  }

  /** Counts a request; returns the seconds to wait when it is over the limit, otherwise undefined. */
  take(): number | undefined {
    const limit = this.#limit;
    if (!limit) return undefined;
    const now = this.#clock.now();
    if (now >= this.#windowStart + limit.perMs || now < this.#windowStart) {
      this.#windowStart = now;
      this.#used = 0;
    }
    if (this.#used < limit.requests) {
      this.#used += 1;
      return undefined;
    }
    return Math.ceil((this.#windowStart + limit.perMs - now) / 1000);
  }
}
