import { ClientKitError } from '@clientkit/core';
import type { MeterEventStreamStats, MeteringClient } from '@clientkit/metering-client';
import type { Progress } from './progress';
import { STREAM_EVENT_NAME } from './traffic';

/** The identifier of the stream's event number `index`: unique in the run, so nothing is kept. */
export const streamIdentifier = (index: number) => `soak-stream-${index}`;

/** What the stream reported failed through `onBatchError`. */
export class BatchFailures {
  /** The identifiers of the events handed over. */
  readonly identifiers = new Set<string>();
  /** Calls, by the class of their error. */
  readonly byClass = new Map<string, number>();
  /** Calls whose error is not a clientkit error. */
  untyped = 0;

  readonly handler = (error: unknown, events: { identifier: string }[]) => {
    for (const event of events) this.identifiers.add(event.identifier);
    const name = error instanceof Error ? error.name : typeof error;
    this.byClass.set(name, (this.byClass.get(name) ?? 0) + 1);
    if (!(error instanceof ClientKitError)) this.untyped += 1;
  };
}

/** What the stream did: its own counts, and what it reported failed. */
export interface StreamRun {
  pushed: number;
  stats: MeterEventStreamStats;
  failures: BatchFailures;
  /** What `close()` rejected with, if it did. */
  closeError: string | undefined;
  ms: number;
}

/**
 * Pushes `count` events through one stream, in step with the rounds (an equal share as each task
 * ends, the rest once they are over) and waiting for room when its buffer is full, then closes it.
 * Every event carries an identifier, so the server counts each once however often a retry sends it.
 */
export async function runStream(
  metering: MeteringClient,
  count: number,
  progress: Progress,
): Promise<StreamRun> {
  const started = performance.now();
  const failures = new BatchFailures();
  const stream = metering.createStream({
    batchSize: 50,
    concurrency: 4,
    maxBufferedEvents: 500,
    onBatchError: failures.handler,
  });
  const share = Math.ceil(count / Math.max(progress.total, 1));
  let pushed = 0;
  for (let index = 0; index < count; index++) {
    if (index > 0 && index % share === 0) await progress.next();
    const event = {
      event_name: STREAM_EVENT_NAME,
      identifier: streamIdentifier(index),
      payload: { stripe_customer_id: `cus_${index % 100}`, value: '1' },
    };
    if (!stream.push(event)) await stream.write(event);
    pushed += 1;
  }
  let closeError: string | undefined;
  await stream.close().catch((error: unknown) => {
    closeError = String(error);
  });
  return {
    pushed,
    stats: { ...stream.stats },
    failures,
    closeError,
    ms: performance.now() - started,
  };
}
