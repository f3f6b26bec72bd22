import type { MeterEvent } from '@clientkit/metering-client/schemas';
import type { Clock } from '../../clock';

/** How long an identifier keeps a repeat of its event from counting. */
export const DEDUPLICATION_WINDOW_MS = 24 * 3_600_000;
/** How far back an event's timestamp may lie. */
export const MAX_PAST_MS = 35 * 86_400_000;
/** How far ahead an event's timestamp may lie. */
export const MAX_FUTURE_MS = 5 * 60_000;

/** An event that was counted, found by its identifier. */
export interface CountedEvent {
  identifier: string;
  event_name: string;
  payload: Record<string, string>;
  /** When the usage happened: the event's timestamp, or when it was received. */
  timestamp: string;
  /** When it was counted, on the server clock. */
  counted_at: string;
  livemode: boolean;
  /** How many repeats of it arrived within the deduplication window and were not counted. */
  repeats: number;
}

/** Why the asynchronous validation refused an event. */
export type MeteringErrorCode = 'timestamp_too_far_in_past' | 'timestamp_in_future';

/** An event the asynchronous validation refused; it was not counted. */
export interface MeteringErrorReportEntry {
  code: MeteringErrorCode;
  message: string;
  event_name: string;
  identifier?: string;
  timestamp: string;
  received_at: string;
  livemode: boolean;
}

interface StoredCount {
  event: MeterEvent;
  countedAt: number;
  livemode: boolean;
  repeats: number;
}

interface Arrival {
  events: MeterEvent[];
  receivedAt: number;
  livemode: boolean;
}

/** Why a timestamp is out of range, judged against the moment the event was received. */
function timestampProblem(
  timestamp: string,
  receivedAt: number,
): { code: MeteringErrorCode; rule: string } | undefined {
  const at = Date.parse(timestamp);
  if (at < receivedAt - MAX_PAST_MS) {
    return { code: 'timestamp_too_far_in_past', rule: 'more than 35 days ago' };
  }
  if (at > receivedAt + MAX_FUTURE_MS) {
    return { code: 'timestamp_in_future', rule: 'more than 5 minutes ahead' };
  }
  return undefined;
}

/**
 * Counts meter events. Batches are taken in at once and validated later by a task on the server
 * clock, as the real service validates asynchronously: an event with a timestamp out of range goes
 * to the error report; an identifier seen within the last 24 hours is a repeat and does not count
 * again. Every step is constant time per event, so the stream is never the slow part of a benchmark.
 */
export class MeteringLedger {
  readonly #clock: Clock;
  #inbox: Arrival[] = [];
  #scheduled = false;
  /**
   * By identifier, oldest first (a re-counted identifier moves to the end), so pruning stops early.
   * It has no count cap: forgetting an identifier within its 24 hours would count a repeat twice,
   * which is the one thing the window promises not to do. Each costs about 260 bytes beyond the
   * event's own strings (scripts/metering-memory.mjs), so tests that send millions of identified
   * events a day should move the clock on or reset.
   */
  readonly #identifiers = new Map<string, StoredCount>();
  readonly #byEventName = new Map<string, number>();
  #total = 0;
  #repeats = 0;
  #errors: MeteringErrorReportEntry[] = [];

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Takes a well-formed batch in; validation and counting happen later. */
  receive(events: MeterEvent[], livemode: boolean): void {
    this.#inbox.push({ events, receivedAt: this.#clock.now(), livemode });
    if (this.#scheduled) return;
    this.#scheduled = true;
    // Due at once, whatever the clock shows, even if a test moves it back before the task runs.
    this.#clock.schedule(0, () => this.processInbox());
  }

  /** Validates and counts everything received so far (the scheduled task; tests may call it). */
  processInbox(): void {
    this.#scheduled = false;
    const inbox = this.#inbox;
    this.#inbox = [];
    for (const arrival of inbox) {
      this.#prune(arrival.receivedAt);
      for (const event of arrival.events) this.#process(event, arrival);
    }
  }

  #process(event: MeterEvent, arrival: Arrival): void {
    const receivedAt = arrival.receivedAt;
    const refusal =
      event.timestamp === undefined ? undefined : timestampProblem(event.timestamp, receivedAt);
    if (refusal) {
      this.#refuse(event, arrival, refusal.code, refusal.rule);
      return;
    }
    const identifier = event.identifier;
    if (identifier !== undefined) {
      const seen = this.#identifiers.get(identifier);
      if (seen && receivedAt - seen.countedAt < DEDUPLICATION_WINDOW_MS) {
        seen.repeats += 1;
        this.#repeats += 1;
        return;
      }
      if (seen) this.#identifiers.delete(identifier);
      this.#identifiers.set(identifier, {
        event,
        countedAt: receivedAt,
        livemode: arrival.livemode,
        repeats: 0,
      });
    }
    this.#total += 1;
    this.#byEventName.set(event.event_name, (this.#byEventName.get(event.event_name) ?? 0) + 1);
  }

  #refuse(event: MeterEvent, arrival: Arrival, code: MeteringErrorCode, rule: string): void {
    this.#errors.push({
      code,
      message: `The event's timestamp ${event.timestamp} is ${rule} (received at ${new Date(arrival.receivedAt).toISOString()})`,
      event_name: event.event_name,
      ...(event.identifier === undefined ? {} : { identifier: event.identifier }),
      timestamp: event.timestamp!,
      received_at: new Date(arrival.receivedAt).toISOString(),
      livemode: arrival.livemode,
    });
  }

  /** Forgets identifiers counted more than 24 hours before `now`. */
  #prune(now: number): void {
    for (const [identifier, count] of this.#identifiers) {
      if (now - count.countedAt < DEDUPLICATION_WINDOW_MS) return;
      this.#identifiers.delete(identifier);
    }
  }

  /** Counted events: the total and by event name. */
  counted(): { total: number; byEventName: Record<string, number> } {
    return { total: this.#total, byEventName: Object.fromEntries(this.#byEventName) };
  }

  /** The counted event with this identifier, while it is within the deduplication window. */
  lookup(identifier: string): CountedEvent | undefined {
    const count = this.#identifiers.get(identifier);
    if (!count || this.#clock.now() - count.countedAt >= DEDUPLICATION_WINDOW_MS) return undefined;
    return {
      identifier,
      event_name: count.event.event_name,
      payload: { ...count.event.payload },
      timestamp: count.event.timestamp ?? new Date(count.countedAt).toISOString(),
      counted_at: new Date(count.countedAt).toISOString(),
      livemode: count.livemode,
      repeats: count.repeats,
    };
  }

  /** Events the asynchronous validation refused, oldest first. */
  errorReport(): MeteringErrorReportEntry[] {
    return this.#errors.map((entry) => ({ ...entry }));
  }

  /** Repeats that arrived within the window and were not counted. */
  get repeats(): number {
    return this.#repeats;
  }

  /** Events received but not yet validated and counted. */
  get pending(): number {
    let count = 0;
    for (const arrival of this.#inbox) count += arrival.events.length;
    return count;
  }

  /** Identifiers currently remembered for deduplication. */
  get identifiersTracked(): number {
    return this.#identifiers.size;
  }

  clear(): void {
    this.#inbox = [];
    this.#scheduled = false;
    this.#identifiers.clear();
    this.#byEventName.clear();
    this.#total = 0;
    this.#repeats = 0;
    this.#errors = [];
  }
}
