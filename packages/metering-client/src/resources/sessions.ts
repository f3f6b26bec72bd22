import type { APIPromise, RequestOptions, Transport } from '@clientkit/core';
import type { MeterEventSession } from '../response-schemas';

/** Meter event sessions: short-lived tokens for the event stream. */
export class Sessions {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Creates a session (the raw call; `events.send` and streams manage sessions themselves). It is
   * sent with the API key, and retried like every metering POST, with one Idempotency-Key for all
   * its attempts.
   *
   * @example
   * const session = await metering.sessions.create();
   * session.expires_at; // 15 minutes after session.created
   */
  create(options?: RequestOptions): APIPromise<MeterEventSession> {
    return this.#transport.request<MeterEventSession>({
      operation: 'metering.sessions.create',
      method: 'POST',
      path: 'v2/billing/meter_event_session',
      response: 'MeterEventSession',
      ...options,
    });
  }
}
