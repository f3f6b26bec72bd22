import type { IdentifiedMeterEvent, MeterEvent } from '@clientkit/contracts/metering';
import { checkEvent } from './event-check';
import { failureScope } from './failure-scope';
import type { Events } from './resources/events';
import { MeterEventDeliveryError, MeterEventStreamClosedError } from './stream-errors';
import {
  type MeterEventStreamOptions,
  type StreamSettings,
  streamSettings,
} from './stream-options';
import { warnUndelivered } from './undelivered-warning';

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
  /** Events that could not be delivered and went to `onBatchError` (or to the flush error). */
  failed: number;
  /**
   * Well-formed events `push` and `write` did not take: `push` returned false for want of room, or
   * either threw because the stream was closed or stopped.
   */
  refused: number;
  /** Events accepted but neither sent nor failed yet: pending, queued or in flight. */
  buffered: number;
  /** Sessions the client created while the stream was open. */
  sessionsCreated: number;
}

/** The events of one request, from the moment they are cut from the pending ones until they are sent or failed. */
type Batch = IdentifiedMeterEvent[];

/** Events that could not be delivered, with the error that stopped them. */
type DeliveryFailure = MeterEventDeliveryError['failures'][number];

/** A failure of the whole stream: its error, and the batches it failed so far. */
interface StreamFailure {
  error: unknown;
  batches: Batch[];
}

/**
 * A buffered, batched, concurrent sender of meter events that loses none: every accepted event ends
 * up either acknowledged by the service (`stats.sent`) or handed to `onBatchError` (`stats.failed`).
 *
 * A batch refused for itself (400, 413, ...) is not retried: it goes to `onBatchError` at once. A
 * batch that meets connection errors, timeouts, 408, 409, 429 or 5xx is retried (5 times unless
 * `retry` says otherwise), honouring `Retry-After`. A session that expired is renewed and the batch
 * sent once more. Retries carry the same identifiers, so no event counts twice; re-pushing the
 * events of a failed batch later is safe for the same reason.
 *
 * A failure that concerns every batch fails them all at once, reported once:
 * - credentials refused (401 or 403, on the session or on a batch) stop the stream: what it holds
 *   goes to one `onBatchError` call, and `push` and `write` throw that error from then on;
 * - an outage (connection failures, timeouts, 408, 429 or 5xx once a batch's retries are spent)
 *   hands what the stream holds to one `onBatchError` call; events pushed after it are sent as
 *   usual, so the stream resumes when the service does.
 *
 * Without `onBatchError`, a failure is announced as a process warning and `flush()` and `close()`
 * reject with it.
 *
 * @example
 * await using stream = metering.createStream({ concurrency: 8, onBatchError: (error, events) => save(events) });
 * for (const call of calls) await stream.write({ event_name: 'api_call', payload: { customer: call.customer, value: '1' } });
 */
export class MeterEventStream {
  readonly #send: (json: string, onRetry: () => void) => Promise<unknown>;
  readonly #sessionsCreated: () => number;
  readonly #sessionsAtStart: number;
  readonly #settings: StreamSettings;

  #pending: IdentifiedMeterEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #queue: Batch[] = [];
  readonly #unfinished = new Set<Batch>();
  #inFlight = 0;
  #closing: Promise<void> | undefined;
  #writersWaiting = 0;
  /** `flush()` and `close()` calls under way: each raises what failed when it ends. */
  #callersWaiting = 0;
  #batchEnd: Promise<void> | undefined;
  #endBatch: (() => void) | undefined;
  #undelivered: DeliveryFailure[] = [];
  /** Gathered until no batch is in flight, then reported once. */
  #streamFailure: StreamFailure | undefined;
  /** The refusal of the credentials that stopped the stream for good. */
  #stoppedBy: { error: unknown } | undefined;
  /** True from an outage's report until a batch is delivered: an outage is announced once. */
  #outageAnnounced = false;
  #accepted = 0;
  #sent = 0;
  #retried = 0;
  #failed = 0;
  #refused = 0;

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
    this.#settings = streamSettings(options);
    this.#send = events.batchSender({ retry: this.#settings.retry });
    this.#sessionsCreated = sessionsCreated;
    this.#sessionsAtStart = sessionsCreated();
  }

  /** A snapshot of the counters. */
  get stats(): MeterEventStreamStats {
    return {
      accepted: this.#accepted,
      sent: this.#sent,
      retried: this.#retried,
      failed: this.#failed,
      refused: this.#refused,
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
   * @throws {@link MeterEventStreamClosedError} after `close()`, unless the stream stopped.
   * @throws the error that stopped the stream (an
   * {@link @clientkit/core!index.AuthenticationError | AuthenticationError} or a
   * {@link @clientkit/core!index.PermissionDeniedError | PermissionDeniedError}) once credentials
   * were refused.
   */
  push(event: MeterEvent): boolean {
    const identified = this.#admit(event);
    if (this.#buffered() >= this.#settings.maxBufferedEvents) {
      this.#refused += 1;
      return false;
    }
    this.#enqueue(identified);
    return true;
  }

  /**
   * Takes an event, waiting for room when the buffer is full.
   *
   * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} when the event
   * is malformed.
   * @throws {@link MeterEventStreamClosedError} after `close()`.
   * @throws the error that stopped the stream once credentials were refused, also while it waits.
   */
  async write(event: MeterEvent): Promise<void> {
    const identified = this.#admit(event);
    this.#writersWaiting += 1;
    try {
      while (this.#buffered() >= this.#settings.maxBufferedEvents) {
        await this.#nextBatchEnd();
        this.#refuseIfStopped();
      }
      this.#enqueue(identified);
    } finally {
      this.#writersWaiting -= 1;
    }
  }

  /**
   * Sends the partly filled batch now and resolves once every event accepted before the call is sent
   * or failed.
   *
   * @throws {@link MeterEventDeliveryError} when events failed and no `onBatchError` took them.
   */
  async flush(): Promise<void> {
    this.#cutBatch();
    const batches = [...this.#unfinished];
    this.#callersWaiting += 1;
    try {
      while (batches.some((batch) => this.#unfinished.has(batch))) await this.#nextBatchEnd();
    } finally {
      this.#callersWaiting -= 1;
    }
    this.#throwUndelivered();
  }

  /**
   * Refuses new events, lets `write` calls already waiting put theirs in, sends everything and
   * resolves when nothing is left. Calling it again returns the same promise.
   *
   * @throws {@link MeterEventDeliveryError} when events failed and no `onBatchError` took them.
   */
  close(): Promise<void> {
    this.#closing ??= this.#drain().then(() => this.#throwUndelivered());
    return this.#closing;
  }

  /** `close()`, for `await using stream = metering.createStream()`. */
  async [Symbol.asyncDispose](): Promise<void> {
    await this.close();
  }

  async #drain(): Promise<void> {
    this.#callersWaiting += 1;
    try {
      while (this.#writersWaiting > 0 || this.#pending.length > 0 || this.#unfinished.size > 0) {
        this.#cutBatch();
        // Nothing in flight: the writers still waiting have room now; give them a turn to use it.
        await (this.#unfinished.size > 0
          ? this.#nextBatchEnd()
          : new Promise((resolve) => setTimeout(resolve, 0)));
      }
    } finally {
      this.#callersWaiting -= 1;
    }
  }

  #throwUndelivered(): void {
    if (this.#undelivered.length === 0) return;
    const failures = this.#undelivered;
    this.#undelivered = [];
    throw new MeterEventDeliveryError(failures);
  }

  /** The event checked and given its identifier, unless the stream takes no more events. */
  #admit(event: MeterEvent): IdentifiedMeterEvent {
    // What stopped the stream says more than its closing, which may well have followed it.
    this.#refuseIfStopped();
    if (this.closed) this.#refuse(new MeterEventStreamClosedError());
    return checkEvent(event);
  }

  #refuseIfStopped(): void {
    if (this.#stoppedBy) this.#refuse(this.#stoppedBy.error);
  }

  #refuse(error: unknown): never {
    this.#refused += 1;
    throw error;
  }

  #buffered(): number {
    return this.#accepted - this.#sent - this.#failed;
  }

  #enqueue(event: IdentifiedMeterEvent): void {
    this.#accepted += 1;
    const pending = this.#pending;
    pending.push(event);
    if (pending.length >= this.#settings.batchSize) this.#cutBatch();
    else if (pending.length === 1) {
      this.#timer = setTimeout(() => this.#cutBatch(), this.#settings.flushIntervalMs);
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

  /** Starts queued batches while slots are free; none while a failure of the stream is gathered. */
  #pump(): void {
    if (this.#streamFailure || this.#stoppedBy) return;
    while (this.#inFlight < this.#settings.concurrency && this.#queue.length > 0) {
      this.#inFlight += 1;
      void this.#deliver(this.#queue.shift()!);
    }
  }

  async #deliver(batch: Batch): Promise<void> {
    let retries = 0;
    try {
      // Serialised once: every attempt of the batch sends this text, and nothing else is kept.
      await this.#send(JSON.stringify({ events: batch }), () => {
        retries += 1;
      });
      this.#sent += batch.length;
      this.#outageAnnounced = false;
      this.#unfinished.delete(batch);
    } catch (error) {
      await this.#failBatch(batch, error);
    } finally {
      this.#retried += retries * batch.length;
      this.#inFlight -= 1;
      if (this.#streamFailure && this.#inFlight === 0) await this.#reportStreamFailure();
      this.#batchEnded();
      this.#pump();
    }
  }

  /** Reports a batch refused for itself, or adds it to the failure of the whole stream. */
  async #failBatch(batch: Batch, error: unknown): Promise<void> {
    const scope = failureScope(error);
    if (scope === 'batch') {
      this.#unfinished.delete(batch);
      await this.#report({ error, events: batch }, true);
      return;
    }
    if (scope === 'stop') this.#stoppedBy ??= { error };
    const failure = (this.#streamFailure ??= { error, batches: [] });
    // An outage met on the way is reported as the refusal that stopped the stream, if one did.
    if (this.#stoppedBy) failure.error = this.#stoppedBy.error;
    failure.batches.push(batch);
  }

  /**
   * Reports the failure of the whole stream once no batch is in flight: the batches it failed, and
   * every event still waiting, which would only meet it again.
   */
  async #reportStreamFailure(): Promise<void> {
    const failure = this.#streamFailure!;
    this.#cutBatch();
    const batches = [...failure.batches, ...this.#queue.splice(0)];
    for (const batch of batches) this.#unfinished.delete(batch);
    const stopped = this.#stoppedBy !== undefined;
    const announce = stopped || !this.#outageAnnounced;
    if (!stopped) this.#outageAnnounced = true;
    await this.#report({ error: failure.error, events: batches.flat() }, announce);
    this.#streamFailure = undefined;
  }

  async #report(failure: DeliveryFailure, announce: boolean): Promise<void> {
    this.#failed += failure.events.length;
    try {
      if (!this.#settings.onBatchError) throw failure.error;
      await this.#settings.onBatchError(failure.error, failure.events);
    } catch {
      // No handler took the events, so flush() and close() raise them; when neither is under
      // way, a warning says so now, lest a script that calls neither never hear of it.
      this.#undelivered.push(failure);
      if (announce && this.#callersWaiting === 0) {
        warnUndelivered(new MeterEventDeliveryError([failure]));
      }
    }
  }

  #batchEnded(): void {
    const endBatch = this.#endBatch;
    this.#batchEnd = this.#endBatch = undefined;
    endBatch?.();
  }

  /** Resolves when the next batch is sent or failed: writers wait on it for room, flush and close for the end. */
  #nextBatchEnd(): Promise<void> {
    this.#batchEnd ??= new Promise((resolve) => {
      this.#endBatch = resolve;
    });
    return this.#batchEnd;
  }
}
