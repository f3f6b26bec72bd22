import {
  APIPromise,
  type Auth,
  AuthenticationError,
  type RequestOptions,
  type Transport,
} from '@clientkit/core';
import {
  type IdentifiedMeterEvent,
  MeterEventStreamResponse,
  SESSION_EXPIRED_CODE,
} from './schemas';
import type { SessionManager } from './session-manager';

/** Options of one stream request, beyond the usual request options. */
export interface SendBatchOptions extends RequestOptions {
  /** Called before every attempt, the first and each retry (the stream counts retries with it). */
  onAttempt?: () => void;
}

/** Sends one batch of events that already carry identifiers; the events are not checked again. */
export type SendBatch = (
  events: IdentifiedMeterEvent[],
  options?: SendBatchOptions,
) => APIPromise<MeterEventStreamResponse>;

/** True for the 401 that says the session token has expired: a new session will be accepted. */
export function isSessionExpiredError(error: unknown): error is AuthenticationError {
  return error instanceof AuthenticationError && error.code === SESSION_EXPIRED_CODE;
}

/**
 * The one path every batch takes to the stream endpoint. The session token is asked for on every
 * attempt, so a retry after a wait never carries a token that lapsed meanwhile. Every event has an
 * identifier, so the request is marked idempotent and the transport retries it. When the service
 * says the session expired anyway (its clock runs ahead of ours), the session is renewed once and
 * the request sent once more.
 */
export function createBatchSender(
  transport: Transport,
  sessions: SessionManager,
  streamBaseUrl: string | undefined,
): SendBatch {
  return (events, options = {}) => {
    const { onAttempt, ...requestOptions } = options;
    let tokenSent: string | undefined;
    const auth: Auth = {
      async headers() {
        onAttempt?.();
        tokenSent = await sessions.token();
        return { authorization: `Bearer ${tokenSent}` };
      },
    };
    const send = () =>
      transport
        .request({
          method: 'POST',
          path: 'v2/billing/meter_event_stream',
          ...(streamBaseUrl ? { baseUrl: streamBaseUrl } : {}),
          body: { events },
          idempotent: true,
          auth,
          responseSchema: MeterEventStreamResponse,
          operation: 'metering.events.send',
          ...requestOptions,
        })
        .withResponse();
    const result = send().catch(async (error: unknown) => {
      if (!isSessionExpiredError(error) || tokenSent === undefined) throw error;
      await sessions.renewAfterExpiry(tokenSent);
      return send();
    });
    return new APIPromise(result);
  };
}
