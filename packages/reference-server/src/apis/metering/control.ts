import type { CountedEvent, MeteringErrorReportEntry } from './ledger';
import type { MeteringRateLimit } from './rate-limit';

/** Programmatic control of the metering interface. */
export interface MeteringControl {
  /** Counted events: the total and by event name (after asynchronous validation; see `clock.settle()`). */
  counted(): { total: number; byEventName: Record<string, number> };
  /** The counted event with this identifier, while its 24-hour deduplication window lasts. */
  lookup(identifier: string): CountedEvent | undefined;
  /** Events refused by the asynchronous validation (timestamps out of range). */
  errorReport(): MeteringErrorReportEntry[];
  /** Repeats of identified events that were accepted and not counted. */
  repeats(): number;
  /** Events received and not yet validated. */
  pendingEvents(): number;
  /** Sessions created since the last reset, and how many are still valid. */
  sessions(): { created: number; active: number };
  /** The rate limit of the stream, if any. */
  rateLimit(): MeteringRateLimit | undefined;
  /** Turns the stream's rate limit on, changes it, or turns it off with `undefined`. */
  setRateLimit(limit: MeteringRateLimit | undefined): void;
  /** Adds an API key of the given mode and returns it. */
  mintApiKey(options?: { livemode?: boolean }): string;
}
