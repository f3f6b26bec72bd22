import type { MeterEventSession } from '@clientkit/contracts/metering';
import { metering } from '@clientkit/contracts/metering';
import type { APIPromise, RequestOptions } from '@clientkit/core';
import type { ClientCore } from '@clientkit/core/internal';

/** Meter event sessions: short-lived tokens for the event stream. */
export class Sessions {
  readonly #core: ClientCore<typeof metering>;

  constructor(core: ClientCore<typeof metering>) {
    this.#core = core;
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
    const core = this.#core;
    return core.call(metering.operations.createMeterEventSession, {}, options).map((session) => {
      // A server that quotes the session's token in a later error has it scrubbed there.
      core.secrets.addObtained(session.authentication_token);
      return session;
    });
  }
}
