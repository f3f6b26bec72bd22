import type { IdentifiedMeterEvent } from '@clientkit/contracts/metering';
import { ClientKitError } from '@clientkit/core';

/**
 * Events could not be delivered and no `onBatchError` handler took them (or the handler threw).
 * Printing it shows how many: `failures`, which holds the events themselves, is left out of what
 * `console.log`, `util.inspect` and `JSON.stringify` show, so that a log line stays one line.
 */
export class MeterEventDeliveryError extends ClientKitError {
  override get name(): string {
    return 'MeterEventDeliveryError';
  }

  /** Each failure with the events it stopped: one batch, or every event the stream held. */
  declare readonly failures: { error: unknown; events: IdentifiedMeterEvent[] }[];

  constructor(failures: { error: unknown; events: IdentifiedMeterEvent[] }[]) {
    const count = failures.reduce((sum, failure) => sum + failure.events.length, 0);
    const first = failures[0]?.error;
    super(
      `${count} meter ${count === 1 ? 'event' : 'events'} could not be delivered; ` +
        `${failureCount(failures.length)}first error: ` +
        (first instanceof Error ? first.message : String(first)),
    );
    Object.defineProperty(this, 'failures', { value: failures, enumerable: false });
  }
}

function failureCount(count: number): string {
  return count > 1 ? `${count} failures, ` : '';
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
