import { APIPromise, type RequestOptions, type Transport, validateInput } from '@clientkit/core';
import { withIdentifier } from '../identifier';
import {
  type IdentifiedMeterEvent,
  type MeterEvent,
  MeterEventStreamBody,
} from '../request-schemas';
import type { MeterEventStreamResponse } from '../response-schemas';

/** What `events.send` resolves to: the events as sent, each with the identifier it carried. */
export interface SentMeterEvents {
  events: IdentifiedMeterEvent[];
}

/**
 * Meter events, sent to the high-throughput stream. The transport this resource is given is aimed
 * at the stream: its host, and the session token the client manages.
 */
export class Events {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
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
    return this.sendChecked(identified, options).map(() => ({ events: identified }));
  }

  /**
   * Sends events already checked and given identifiers (as the stream checks each one when it is
   * pushed), without checking them again. Every event has an identifier, so the service counts a
   * repeated attempt once and the request is retried like any metering POST.
   *
   * @internal
   */
  sendChecked(
    events: IdentifiedMeterEvent[],
    options?: RequestOptions,
  ): APIPromise<MeterEventStreamResponse> {
    return this.#transport.request<MeterEventStreamResponse>({
      operation: 'metering.events.send',
      method: 'POST',
      path: 'v2/billing/meter_event_stream',
      body: { events },
      response: 'MeterEventStreamResponse',
      ...options,
    });
  }
}
