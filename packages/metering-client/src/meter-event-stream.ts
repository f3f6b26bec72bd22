import { integer } from '@clientkit/contracts';
import {
  type IdentifiedMeterEvent,
  MAX_EVENTS_PER_REQUEST,
  type MeterEvent,
} from '@clientkit/contracts/metering';
import { ClientKitError, type RetrySetting } from '@clientkit/core';
import { validateInput } from '@clientkit/core/contract';
import { checkOptionNames } from '@clientkit/core/internal';
import * as z from 'zod/mini';
import { checkEvent } from './event-check';
import type { Events } from './resources/events';

/** Called with a batch that could not be delivered, and the error of its last attempt. */
export type BatchErrorHandler = (
  error: unknown,
  events: IdentifiedMeterEvent[],
) => void | Promise<void>;

/** Options of `createStream`. */
export interface MeterEventStreamOptions {
  /** Events per request, 1 to 100 (default 100). */
  batchSize?: number;
  /** The longest a partly filled batch waits for more events before it is sent, in ms (default 1000). */
  flushIntervalMs?: number;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Events held at most, queued or in flight; `push` refuses and `write` waits beyond it (default 10 000). */
  maxBufferedEvents?: number;
  /**
   * ky's retry options for each batch, over the client's: a number is the limit of retries after a
   * connection error, timeout, 408, 409, 429 or 5xx (default 5).
   */
  retry?: RetrySetting;
  /**
   * Receives each batch that could not be delivered. Without it, `flush()` and `close()` reject with
   * a `MeterEventDeliveryError` that holds those batches.
   */
  onBatchError?: BatchErrorHandler;
}

/** Counters of a stream, in events. */
export interface MeterEventStreamStats {
  /** Events taken by `push` and `write`. */
  accepted: number;
  /** Events the service acknowledged. */
  sent: number;
  /**
   * Events sent again by a retry after a failed attempt (a batch of 100 retried twice adds 200). The
   * one resend after a session renewal is not a retry and is not counted.
   */
  retried: number;
  /** Events whose batch could not be delivered and went to `onBatchError` (or to the flush error). */
  failed: number;
  /** Events accepted but neither sent nor failed yet: queued or in flight. */
  buffered: number;
  /** Sessions the client created while the stream was open. */
  sessionsCreated: number;
}

/** Some batches could not be delivered and no `onBatchError` handler took them (or the handler threw). */
export class MeterEventDeliveryError extends ClientKitError {
  override get name(): string {
    return 'MeterEventDeliveryError';
  }

  /** Each undelivered batch with the error of its last attempt. */
  readonly failures: { error: unknown; events: IdentifiedMeterEvent[] }[];

  constructor(failures: { error: unknown; events: IdentifiedMeterEvent[] }[]) {
    const count = failures.reduce((sum, failure) => sum + failure.events.length, 0);
    const first = failures[0]?.error;
    super(
      `${count} meter events in ${failures.length} batches could not be delivered; first error: ` +
        (first instanceof Error ? first.message : String(first)),
    );
    this.failures = failures;
  }
}

/** `push` or `write` after `close()`. */
export class MeterEventStreamClosedError extends ClientKitError {
  override get name(): string {
    return 'MeterEventStreamClosedError';
  }

  constructor() {
    super('The meter event stream is closed and accepts no more events');
  }
}

const DEFAULT_FLUSH_INTERVAL_MS = 1000;
const DEFAULT_CONCURRENCY = 4;
const DEFAULT_MAX_BUFFERED_EVENTS = 10_000;
const DEFAULT_RETRY = 5;

const streamOptionShape = {
  batchSize: z.optional(integer(1, MAX_EVENTS_PER_REQUEST)),
  flushIntervalMs: z.optional(integer(0, 2_147_483_647)),
  concurrency: z.optional(integer(1)),
  maxBufferedEvents: z.optional(integer(1)),
  // The limit is checked here, so that a wrong one fails now rather than every batch later.
  retry: z.optional(
    z.custom<RetrySetting>(isRetrySetting, 'must be a whole number of retries or retry options'),
  ),
  onBatchError: z.optional(z.custom<BatchErrorHandler>((value) => typeof value === 'function')),
};

const OPTION_NAMES = Object.keys(streamOptionShape);
const SUBJECT = 'options of metering.createStream';

const StreamOptions = z.object(streamOptionShape).check(
  z.refine(
    (options) =>
      (options.maxBufferedEvents ?? DEFAULT_MAX_BUFFERED_EVENTS) >=
      (options.batchSize ?? MAX_EVENTS_PER_REQUEST),
    {
      message: 'must be at least batchSize',
      path: ['maxBufferedEvents'],
      // Compared only when both are valid: a bad batchSize is named as that, not as this.
      when: (payload) =>
        !payload.issues.some(
          (issue) => issue.path?.[0] === 'batchSize' || issue.path?.[0] === 'maxBufferedEvents',
        ),
    },
  ),
);

/** A retry limit, or ky's retry options with a valid limit if any (ky checks the rest). */
function isRetrySetting(value: unknown): boolean {
  const { limit = 0 } =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as { limit?: unknown })
      : { limit: value };
  return Number.isInteger(limit) && (limit as number) >= 0;
}

/** The events of one request, from the moment they are cut from the pending ones until they are sent or failed. */
type Batch = IdentifiedMeterEvent[];

/**
 * A buffered, batched, concurrent sender of meter events that loses none: every accepted event ends
 * up either acknowledged by the service (`stats.sent`) or handed to `onBatchError` with its batch
 * (`stats.failed`).
 *
 * A batch refused as malformed (400) or by a credential problem (401, 403) is not retried: it goes
 * to `onBatchError` at once. A batch that meets connection errors, timeouts, 408, 409, 429 or 5xx is
 * retried (5 times unless `retry` says otherwise), honouring `Retry-After`, then goes to
 * `onBatchError`. A session
 * that expired is renewed and the batch sent once more. Retries carry the same identifiers, so no
 * event counts twice; re-pushing the events of a failed batch later is safe for the same reason.
 *
 * @example
 * const stream = metering.createStream({ concurrency: 8, onBatchError: (error, events) => save(events) });
 * for (const call of calls) await stream.write({ event_name: 'api_call', payload: { customer: call.customer, value: '1' } });
 * await stream.close();
 */
export class MeterEventStream {
  readonly #send: (json: string, onRetry: () => void) => Promise<unknown>;
  readonly #sessionsCreated: () => number;
  readonly #sessionsAtStart: number;
  readonly #batchSize: number;
  readonly #flushIntervalMs: number;
  readonly #concurrency: number;
  readonly #maxBufferedEvents: number;
  readonly #onBatchError: BatchErrorHandler | undefined;

  #pending: IdentifiedMeterEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #queue: Batch[] = [];
  readonly #unfinished = new Set<Batch>();
  #inFlight = 0;
  #closing: Promise<void> | undefined;
  #writersWaiting = 0;
  #batchEnd: Promise<void> | undefined;
  #endBatch: (() => void) | undefined;
  #undelivered: { error: unknown; events: IdentifiedMeterEvent[] }[] = [];
  #accepted = 0;
  #sent = 0;
  #retried = 0;
  #failed = 0;

  /**
   * Streams come from `MeteringClient.createStream`.
   *
   * @internal
   */
  constructor(
    events: Events,
    sessionsCreated: () => number,
    options: MeterEventStreamOptions = {},
  ) {
    checkOptionNames(options, OPTION_NAMES, SUBJECT);
    const checked = validateInput(StreamOptions, options, SUBJECT);
    this.#send = events.batchSender({ retry: options.retry ?? DEFAULT_RETRY });
    this.#sessionsCreated = sessionsCreated;
    this.#sessionsAtStart = sessionsCreated();
    this.#batchSize = checked.batchSize ?? MAX_EVENTS_PER_REQUEST;
    this.#flushIntervalMs = checked.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
    this.#concurrency = checked.concurrency ?? DEFAULT_CONCURRENCY;
    this.#maxBufferedEvents = checked.maxBufferedEvents ?? DEFAULT_MAX_BUFFERED_EVENTS;
    this.#onBatchError = checked.onBatchError;
  }

  /** A snapshot of the counters. */
  get stats(): MeterEventStreamStats {
    return {
      accepted: this.#accepted,
      sent: this.#sent,
      retried: this.#retried,
      failed: this.#failed,
      buffered: this.#buffered(),
      sessionsCreated: this.#sessionsCreated() - this.#sessionsAtStart,
    };
  }

  /** True once `close()` was called. */
  get closed(): boolean {
    return this.#closing !== undefined;
  }

  /**
   * Takes an event if there is room, and returns false (taking nothing) when the buffer is full.
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when the event
   * is malformed.
   * @throws {@link MeterEventStreamClosedError} after `close()`.
   */
  push(event: MeterEvent): boolean {
    if (this.closed) throw new MeterEventStreamClosedError();
    const identified = checkEvent(event);
    if (this.#buffered() >= this.#maxBufferedEvents) return false;
    this.#enqueue(identified);
    return true;
  }

  /**
   * Takes an event, waiting for room when the buffer is full.
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when the event
   * is malformed.
   * @throws {@link MeterEventStreamClosedError} after `close()`.
   */
  async write(event: MeterEvent): Promise<void> {
    if (this.closed) throw new MeterEventStreamClosedError();
    const identified = checkEvent(event);
    this.#writersWaiting += 1;
    try {
      while (this.#buffered() >= this.#maxBufferedEvents) await this.#nextBatchEnd();
      this.#enqueue(identified);
    } finally {
      this.#writersWaiting -= 1;
    }
  }

  /**
   * Sends the partly filled batch now and resolves once every event accepted before the call is sent
   * or failed.
   *
   * @throws {@link MeterEventDeliveryError} when batches failed and no `onBatchError` took them.
   */
  async flush(): Promise<void> {
    this.#cutBatch();
    const batches = [...this.#unfinished];
    while (batches.some((batch) => this.#unfinished.has(batch))) await this.#nextBatchEnd();
    this.#throwUndelivered();
  }

  /**
   * Refuses new events, lets `write` calls already waiting put theirs in, sends everything and
   * resolves when nothing is left. Calling it again returns the same promise.
   *
   * @throws {@link MeterEventDeliveryError} when batches failed and no `onBatchError` took them.
   */
  close(): Promise<void> {
    this.#closing ??= this.#drain().then(() => this.#throwUndelivered());
    return this.#closing;
  }

  async #drain(): Promise<void> {
    while (this.#writersWaiting > 0 || this.#pending.length > 0 || this.#unfinished.size > 0) {
      this.#cutBatch();
      // Nothing in flight: the writers still waiting have room now; give them a turn to use it.
      await (this.#unfinished.size > 0
        ? this.#nextBatchEnd()
        : new Promise((resolve) => setTimeout(resolve, 0)));
    }
  }

  #throwUndelivered(): void {
    if (this.#undelivered.length === 0) return;
    const failures = this.#undelivered;
    this.#undelivered = [];
    throw new MeterEventDeliveryError(failures);
  }

  #buffered(): number {
    return this.#accepted - this.#sent - this.#failed;
  }

  #enqueue(event: IdentifiedMeterEvent): void {
    this.#accepted += 1;
    const pending = this.#pending;
    pending.push(event);
    if (pending.length >= this.#batchSize) this.#cutBatch();
    else if (pending.length === 1) {
      this.#timer = setTimeout(() => this.#cutBatch(), this.#flushIntervalMs);
    }
  }

  /** Turns the pending events into a batch and starts sending it if a slot is free. */
  #cutBatch(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.length === 0) return;
    const batch = this.#pending;
    this.#pending = [];
    this.#queue.push(batch);
    this.#unfinished.add(batch);
    this.#pump();
  }

  #pump(): void {
    while (this.#inFlight < this.#concurrency && this.#queue.length > 0) {
      this.#inFlight += 1;
      void this.#deliver(this.#queue.shift()!);
    }
  }

  async #deliver(batch: Batch): Promise<void> {
    const size = batch.length;
    let retries = 0;
    try {
      // Serialised once: every attempt of the batch sends this text, and nothing else is kept.
      await this.#send(JSON.stringify({ events: batch }), () => {
        retries += 1;
      });
      this.#sent += size;
    } catch (error) {
      this.#failed += size;
      await this.#report(error, batch);
    } finally {
      this.#retried += retries * size;
      this.#inFlight -= 1;
      this.#unfinished.delete(batch);
      const endBatch = this.#endBatch;
      this.#batchEnd = this.#endBatch = undefined;
      endBatch?.();
      this.#pump();
    }
  }

  async #report(error: unknown, events: IdentifiedMeterEvent[]): Promise<void> {
    try {
      if (!this.#onBatchError) throw error;
      await this.#onBatchError(error, events);
    } catch {
      // No handler took the batch, so flush() and close() report it.
      this.#undelivered.push({ error, events });
    }
  }

  /** Resolves when the next batch is sent or failed: writers wait on it for room, flush and close for the end. */
  #nextBatchEnd(): Promise<void> {
    this.#batchEnd ??= new Promise((resolve) => {
      this.#endBatch = resolve;
    });
    return this.#batchEnd;
  }
}
