import type { HttpMethod } from '../contract/operation';

/** One attempt of a call, as a sender puts it on the network. */
export interface AttemptRequest {
  /** The absolute URL, with the query. */
  url: string;
  method: HttpMethod;
  /** Every header of the attempt, names in lower case: credentials and `Idempotency-Key` included. */
  headers: Readonly<Record<string, string>>;
  /** The JSON text of the body. */
  body: string | undefined;
  /** Fires when the caller aborts or the attempt's time is up: the sender stops and rejects. */
  signal: AbortSignal;
  /**
   * The largest answer to read, in bytes after any decompression: a sender refuses a larger
   * `Content-Length` before reading and stops reading at the limit, rejecting with a
   * `ResponseTooLarge` either way.
   */
  maxResponseBytes: number;
  /** Retries made before this attempt: 0 for the first. */
  retryCount: number;
  /**
   * Set when a telemetry watches the call: the sender calls it with the attempt's `Request` as it
   * goes out, and sends the headers the telemetry adds to it (trace context). A sender that builds
   * no `Request` of its own uses `announced(attempt)`.
   */
  announce?: ((request: Request) => void) | undefined;
}

/** A response of any status, its body read whole within the attempt's time. */
export interface ReceivedResponse {
  status: number;
  statusText: string;
  /** The URL that answered. */
  url: string;
  contentType: string | null;
  text: string;
  /** Its headers, made when something reads them. */
  headers(): Headers;
  /** The answer as a fetch `Response` (its body already read), for `withResponse()`, logs, telemetry. */
  response(): Response;
}

/**
 * How the attempts of a call reach the network: ky over `fetch` for every call, or a client's own
 * way on some runtime (metering's stream over `node:http`). The one attempt loop (`send.ts`) drives it.
 */
export interface Sender {
  /**
   * Sends one attempt and reads its answer, whatever the status, without following a redirect
   * (the transport decides which to follow). Rejects with a `ConnectionFailure` when the
   * connection fails (before or during the answer), with a `ResponseTooLarge` for an answer over
   * the attempt's limit; anything else it throws reaches the caller as it is, never retried.
   */
  send(attempt: AttemptRequest): Promise<ReceivedResponse>;
  /**
   * Runs before each retry, once its wait is over, with the error of the failed attempt; resolves
   * false to call the retry off.
   */
  beforeRetry?(error: Error, retryCount: number): Promise<boolean>;
}

/**
 * The headers of an attempt for a sender that builds no `Request` of its own: the attempt's, and
 * any the telemetry adds when it is told of the attempt (see `AttemptRequest.announce`).
 */
export function announced(attempt: AttemptRequest): Readonly<Record<string, string>> {
  if (!attempt.announce) return attempt.headers;
  const { url, method, headers, body } = attempt;
  const request = new Request(url, { method, headers, ...(body === undefined ? {} : { body }) });
  attempt.announce(request);
  const sent = { ...headers };
  request.headers.forEach((value, name) => {
    if (!(name in sent) && name !== 'content-type') sent[name] = value;
  });
  return sent;
}
