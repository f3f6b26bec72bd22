import { APIPromise, type RequestOptions, validateInput } from '@clientkit/core';
import type { SendBatch } from '../event-sender';
import { withIdentifier } from '../identifier';
import { type IdentifiedMeterEvent, type MeterEvent, MeterEventStreamBody } from '../schemas';

/** What `events.send` resolves to: the events as sent, each with the identifier it carried. */
export interface SentMeterEvents {
  events: IdentifiedMeterEvent[];
}

/** Meter events, sent to the high-throughput stream with a session the client manages. */
export class Events {
  readonly #sendBatch: SendBatch;

  constructor(sendBatch: SendBatch) {
    this.#sendBatch = sendBatch;
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
      const body = validateInput(MeterEventStreamBody, { events }, 'body of metering.events.send');
      identified = body.events.map(withIdentifier);
    } catch (error) {
      return APIPromise.reject(error);
    }
    return this.#sendBatch(identified, options).map(() => ({ events: identified }));
  }
}
