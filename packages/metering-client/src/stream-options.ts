import { integer } from '@clientkit/contracts';
import { type IdentifiedMeterEvent, MAX_EVENTS_PER_REQUEST } from '@clientkit/contracts/metering';
import type { RetrySetting } from '@clientkit/core';
import { validateInput } from '@clientkit/core/contract';
import { checkOptionNames } from '@clientkit/core/internal';
import * as z from 'zod/mini';

/**
 * Receives events that could not be delivered and the error that stopped them: the events of one
 * batch the service refused for itself, or, when the stream as a whole fails (a refused key, an
 * outage), every event the stream held, in one call.
 */
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
   * Receives the events that could not be delivered. Without it, a failure is announced as a
   * process warning (a `MeterEventDeliveryError`), and `flush()` and `close()` reject with a
   * `MeterEventDeliveryError` that holds the events.
   */
  onBatchError?: BatchErrorHandler;
}

/** The options of a stream, checked, with their defaults. */
export interface StreamSettings {
  batchSize: number;
  flushIntervalMs: number;
  concurrency: number;
  maxBufferedEvents: number;
  retry: RetrySetting;
  onBatchError: BatchErrorHandler | undefined;
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

/**
 * The options of `createStream` checked, each unknown name and bad value refused by name.
 *
 * @throws {@link @clientkit/core!index.RequestValidationError | RequestValidationError} naming the option.
 */
export function streamSettings(options: MeterEventStreamOptions = {}): StreamSettings {
  checkOptionNames(options, OPTION_NAMES, SUBJECT);
  const checked = validateInput(StreamOptions, options, SUBJECT);
  return {
    batchSize: checked.batchSize ?? MAX_EVENTS_PER_REQUEST,
    flushIntervalMs: checked.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS,
    concurrency: checked.concurrency ?? DEFAULT_CONCURRENCY,
    maxBufferedEvents: checked.maxBufferedEvents ?? DEFAULT_MAX_BUFFERED_EVENTS,
    retry: options.retry ?? DEFAULT_RETRY,
    onBatchError: checked.onBatchError,
  };
}
