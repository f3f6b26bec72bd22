import type { APIPromise, Auth, RequestOptions, Transport } from '@clientkit/core';
import { MeterEventSession } from '../schemas';

/** Meter event sessions: short-lived tokens for the event stream. */
export class Sessions {
  readonly #transport: Transport;
  readonly #apiKey: Auth;

  constructor(transport: Transport, apiKey: Auth) {
    this.#transport = transport;
    this.#apiKey = apiKey;
  }

  /**
   * Creates a session (the raw call; `events.send` and streams manage sessions themselves). The API
   * key is sent here and nowhere else. A failed attempt is retried: an extra session is harmless.
   *
   * @example
   * const session = await metering.sessions.create();
   * session.expires_at; // 15 minutes after session.created
   */
  create(options?: RequestOptions): APIPromise<MeterEventSession> {
    return this.#transport.request({
      method: 'POST',
      path: 'v2/billing/meter_event_session',
      auth: this.#apiKey,
      idempotent: true,
      responseSchema: MeterEventSession,
      operation: 'metering.sessions.create',
      ...options,
    });
  }
}
