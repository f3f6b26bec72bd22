import type { ReferenceServer } from '@clientkit/reference-server';
import type { StreamRun } from './stream-run';
import { streamIdentifier } from './stream-run';
import { SEND_EVENT_NAME, STREAM_EVENT_NAME, sendIdentifiers } from './traffic';

/** What the server counted of one way of sending events. */
export interface EventCount {
  /** Events sent this way (pushed, or given to `events.send`). */
  events: number;
  /** Events the server counted. */
  counted: number;
  /** Counts beyond one per identifier: events counted twice. */
  countedTwice: number;
  /** Copies the server received again and did not count (retries that had reached it). */
  repeats: number;
}

/** The stream's events, each counted, reported failed, or neither (lost). */
export interface StreamCount extends EventCount {
  sent: number;
  failed: number;
  retried: number;
  /** Reported failed, yet counted: the service took a batch whose answer broke. */
  failedButCounted: number;
  /** Reported failed and not counted: the application was told, and may send them again. */
  failedNotCounted: number;
  /** Neither counted nor reported failed. */
  lost: number;
}

/** `events.send` calls: what they sent, and whether what the service acknowledged was counted. */
export interface SendCount extends EventCount {
  acknowledged: number;
  /** Acknowledged by the service, yet not counted. */
  acknowledgedNotCounted: number;
}

function countedTwice(server: ReferenceServer, eventName: string, counted: number): number {
  return (server.metering.counted().byEventName[eventName] ?? 0) - counted;
}

/** Reads the server's count of every event the stream was given. */
export function checkStream(server: ReferenceServer, run: StreamRun): StreamCount {
  let counted = 0;
  let repeats = 0;
  let failedButCounted = 0;
  let lost = 0;
  for (let index = 0; index < run.pushed; index++) {
    const identifier = streamIdentifier(index);
    const event = server.metering.lookup(identifier);
    const failed = run.failures.identifiers.has(identifier);
    if (event) {
      counted += 1;
      repeats += event.repeats;
      if (failed) failedButCounted += 1;
    } else if (!failed) {
      lost += 1;
    }
  }
  return {
    events: run.pushed,
    sent: run.stats.sent,
    failed: run.failures.identifiers.size,
    retried: run.stats.retried,
    counted,
    countedTwice: countedTwice(server, STREAM_EVENT_NAME, counted),
    repeats,
    failedButCounted,
    failedNotCounted: run.failures.identifiers.size - failedButCounted,
    lost,
  };
}

/** One `events.send` call (its identifiers follow from its serial) and whether it succeeded. */
export interface SentEvents {
  serial: number;
  acknowledged: boolean;
}

/** Reads the server's count of every event the `events.send` calls sent. */
export function checkSends(server: ReferenceServer, sends: readonly SentEvents[]): SendCount {
  const result: SendCount = {
    events: 0,
    counted: 0,
    countedTwice: 0,
    repeats: 0,
    acknowledged: 0,
    acknowledgedNotCounted: 0,
  };
  for (const send of sends) {
    for (const identifier of sendIdentifiers(send.serial)) {
      const event = server.metering.lookup(identifier);
      result.events += 1;
      if (send.acknowledged) result.acknowledged += 1;
      if (event) {
        result.counted += 1;
        result.repeats += event.repeats;
      } else if (send.acknowledged) {
        result.acknowledgedNotCounted += 1;
      }
    }
  }
  result.countedTwice = countedTwice(server, SEND_EVENT_NAME, result.counted);
  return result;
}
