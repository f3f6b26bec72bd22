import {
  type IdentifiedMeterEvent,
  type MeterEvent,
  MeterEventStreamBody,
  type MeterEventStreamResponse,
  metering,
} from '@clientkit/contracts/metering';
import { APIPromise, type RequestOptions } from '@clientkit/core';
import { validateInput } from '@clientkit/core/contract';
import type { CallTarget, ClientCore } from '@clientkit/core/internal';
import { withIdentifier } from '../identifier';

/** What `events.send` resolves to: the events as sent, each with the identifier it carried. */
export interface SentMeterEvents {
  events: IdentifiedMeterEvent[];
}

/**
 * Meter events, sent to the high-throughput stream: at its own host when the client has one, with
 * the session token the client manages instead of the API key.
 */
export class Events {
  readonly #core: ClientCore<typeof metering>;
  readonly #stream: CallTarget;

  constructor(core: ClientCore<typeof metering>, stream: CallTarget) {
    this.#core = core;
    this.#stream = stream;
  }

  /**
   * Sends 1 to 100 events in one request. An event without `identifier` gets a random one, so that
   * the retries of this request can never count it twice; the resolved value shows which.
   *
   * @example
   * const { events } = await metering.events.send([
   *   { event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } },
   * ]);
   * events[0].identifier; // a UUID, unless you set one
   */
  send(events: MeterEvent[], options?: RequestOptions): APIPromise<SentMeterEvents> {
    let identified: IdentifiedMeterEvent[];
    try {
      // Checked before the identifiers are added, on a copy, so the caller's events stay as given.
      const body = validateInput(MeterEventStreamBody, { events }, 'body of metering.events.send');
      identified = body.events.map(withIdentifier);
    } catch (error) {
      return APIPromise.reject(error);
    }
    return this.#core
      .call(
        metering.operations.createMeterEventStream,
        { body: { events: identified } },
        options,
        this.#stream,
      )
      .map(() => ({ events: identified }));
  }

  /**
   * A sender of the stream's batches: events checked as they were pushed, each with its identifier,
   * serialised once by the stream. `options` (the stream's retry) are checked once, here. Every
   * event has an identifier, so the service counts a repeated attempt once and a batch is retried
   * like any metering POST.
   *
   * @internal
   */
  batchSender(
    options: RequestOptions,
  ): (json: string, onRetry: () => void) => Promise<MeterEventStreamResponse> {
    return this.#core.checkedSender(
      metering.operations.createMeterEventStream,
      options,
      this.#stream,
    );
  }
}
