import type { MiddlewareHandler } from 'hono';
import { type Clock, type Duration, parseDuration } from '../../clock';
import { ApiProblem } from '../../problem';

/**
 * The interface's request budget. Every answer reports it in `x-ratelimit-*` headers; it is only
 * enforced (429 with `Retry-After`) when `enforce` is true, so that tests and development never trip
 * over it unless they mean to.
 */
export interface RateLimitOptions {
  /** Requests per window (default 1000). */
  limit?: number;
  /** The length of a window, aligned on the epoch of the server clock (default `1m`). */
  window?: Duration;
  /** Answer 429 once the budget of a window is spent (default false: only the headers). */
  enforce?: boolean;
}

/** The state of the current window. */
export interface RateWindow {
  limit: number;
  remaining: number;
  /** When the window ends, in epoch seconds on the server clock. */
  reset: number;
  retryAfterSeconds: number;
}

const defaults = { limit: 1000, window: '1m' as Duration, enforce: false };

/** A fixed-window counter on the server clock, shared by every caller of the tenant. */
export class RateLimiter {
  readonly #clock: Clock;
  readonly #initial: RateLimitOptions;
  #options: Required<RateLimitOptions> = { ...defaults };
  #windowStart = 0;
  #used = 0;

  constructor(clock: Clock, options: RateLimitOptions = {}) {
    this.#clock = clock;
    this.#initial = options;
    this.configure(options);
  }

  /** Replaces the budget (unset fields take their defaults) and starts counting afresh. */
  configure(options: RateLimitOptions): Required<RateLimitOptions> {
    const next = { ...defaults, ...options };
    if (!Number.isInteger(next.limit) || next.limit < 1) {
      throw new RangeError('limit must be a positive integer');
    }
    if (!(parseDuration(next.window) >= 1000)) throw new RangeError('window must be at least 1s');
    this.#options = { limit: next.limit, window: next.window, enforce: Boolean(next.enforce) };
    this.#used = 0;
    return { ...this.#options };
  }

  /** Back to the options the server was created with, with a fresh count. */
  reset(): void {
    this.configure(this.#initial);
  }

  get options(): Required<RateLimitOptions> {
    return { ...this.#options };
  }

  /** Counts one request; `allowed` is false when the budget is spent and enforced. */
  take(): RateWindow & { allowed: boolean } {
    this.#roll();
    this.#used += 1;
    const allowed = !this.#options.enforce || this.#used <= this.#options.limit;
    return { ...this.peek(), allowed };
  }

  /** The current window without counting a request. */
  peek(): RateWindow {
    this.#roll();
    const end = this.#windowStart + parseDuration(this.#options.window);
    return {
      limit: this.#options.limit,
      remaining: Math.max(0, this.#options.limit - this.#used),
      reset: Math.ceil(end / 1000),
      retryAfterSeconds: Math.max(1, Math.ceil((end - this.#clock.now()) / 1000)),
    };
  }

  #roll(): void {
    const length = parseDuration(this.#options.window);
    const start = Math.floor(this.#clock.now() / length) * length;
    if (start === this.#windowStart) return;
    this.#windowStart = start;
    this.#used = 0;
  }
}

/** Writes the `x-ratelimit-*` headers of a window. */
export function setRateLimitHeaders(headers: Headers, window: RateWindow): void {
  headers.set('x-ratelimit-limit', String(window.limit));
  headers.set('x-ratelimit-remaining', String(window.remaining));
  headers.set('x-ratelimit-reset', String(window.reset));
}

/** Counts each request, refuses it when an enforced budget is spent, and reports the budget. */
export function rateLimit(limiter: RateLimiter): MiddlewareHandler {
  return async (c, next) => {
    const window = limiter.take();
    if (!window.allowed) {
      throw new ApiProblem(429, 'Global limit has been reached', 'too_many_requests', {
        retryAfterSeconds: window.retryAfterSeconds,
      });
    }
    await next();
    setRateLimitHeaders(c.res.headers, window);
  };
}
