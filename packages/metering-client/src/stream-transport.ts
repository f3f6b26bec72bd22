import type { Auth, RequestSpec, Transport } from '@clientkit/core';

/** Where the event stream is and what it is authenticated with. */
export interface StreamTarget {
  /** The stream's own origin; the client's `baseUrl` when absent. */
  baseUrl: string | undefined;
  /** The session token (the API key is never sent to the stream). */
  auth: Auth;
}

/**
 * The client's one transport, aimed at the event stream: the same retries, hooks, errors and
 * Idempotency-Keys, with the stream's host and the session token in place of the API key.
 */
export function streamTransport(transport: Transport, target: StreamTarget): Transport {
  const aimed = target.baseUrl
    ? { baseUrl: target.baseUrl, auth: target.auth }
    : { auth: target.auth };
  return {
    request: (spec: RequestSpec) => transport.request({ ...spec, ...aimed }),
  } as Transport;
}
