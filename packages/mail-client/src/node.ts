/**
 * The inbound webhook receiver as a `node:http` request listener, for servers built on Node's own
 * HTTP module (or on Express and others that accept such a listener).
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_MAX_WEBHOOK_BODY_BYTES } from './limited-body';
import { closeAfterDraining, type DrainBounds } from './node-lingering-close';
import { toFetchRequest } from './node-request';
import {
  createInboundWebhookHandler,
  type InboundWebhookHandler,
  type InboundWebhookOptions,
} from './webhook-handler';

export type { InboundMessage } from '@clientkit/contracts/mail';
export { MalformedInboundMessageError, parseInboundMessage } from './inbound-message';
export { type InboundWebhookOptions, RejectMessage } from './webhook-handler';
export { INBOUND_PAYLOAD_LIMITS } from './webhook-payload-limits';

/** A `node:http` request listener. */
export type NodeRequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/** How long a request's body may take to arrive by default: 30 s. */
export const DEFAULT_WEBHOOK_BODY_TIMEOUT_MS = 30_000;

/**
 * How far past `maxBodyBytes` a refused body is still drained: a sender whose body is a little
 * over the limit (the usual way to meet a 413) can finish writing and read the answer.
 */
const DRAIN_MARGIN_BYTES = 1024 * 1024;

/** Options of `createInboundWebhookListener`: the handler's, and how long a body may take. */
export interface InboundWebhookListenerOptions extends InboundWebhookOptions {
  /**
   * How long the whole body may take to arrive, in milliseconds from the moment the listener gets
   * the request (default 30 000). A body still incomplete then is answered 408 and its connection
   * closed, so a sender that stalls cannot hold a connection and a half-read body for long (Node's
   * own limit for a whole request is 300 s). The rest of a refused body is drained no longer
   * than this either.
   */
  bodyTimeoutMs?: number;
}

/**
 * Sends the handler's answer. A request answered before its body ended (refused unread) gets
 * `connection: close`, and its connection is closed only once the rest of the body has been
 * drained within `drain`, so that a sender still writing reads the answer.
 */
async function send(
  answer: Response,
  request: IncomingMessage,
  to: ServerResponse,
  drain: DrainBounds,
): Promise<void> {
  to.statusCode = answer.status;
  for (const [name, value] of answer.headers) to.setHeader(name, value);
  const body = Buffer.from(await answer.arrayBuffer());
  if (!request.complete) {
    to.setHeader('connection', 'close');
    closeAfterDraining(request, drain);
  }
  to.end(body);
}

/** Answers 408 to a request whose body did not arrive in time, then closes its connection. */
function answerTimeout(response: ServerResponse, bodyTimeoutMs: number): void {
  if (response.headersSent) return void response.destroy();
  response.writeHead(408, { 'content-type': 'application/json', connection: 'close' });
  const message = `The request body did not arrive within ${bodyTimeoutMs} ms`;
  response.end(JSON.stringify({ message }), () => response.socket?.destroy());
}

/**
 * Starts the body's clock: unless the body has arrived in full (or an answer has gone out) within
 * `bodyTimeoutMs`, the request is answered 408 and the handler's answer is dropped. Returns the
 * test the listener makes before it answers.
 */
function watchBody(
  request: IncomingMessage,
  response: ServerResponse,
  bodyTimeoutMs: number,
): () => boolean {
  let timedOut = false;
  const timer = setTimeout(() => {
    if (request.complete || response.writableEnded) return;
    timedOut = true;
    answerTimeout(response, bodyTimeoutMs);
  }, bodyTimeoutMs);
  const stop = () => clearTimeout(timer);
  request.once('end', stop);
  response.once('close', stop);
  return () => timedOut;
}

/** What the listener needs besides the handler: the body's time and what a refused body may cost. */
interface ListenerLimits {
  bodyTimeoutMs: number;
  /** The most bytes of a refused body drained before its connection is closed. */
  drainBytes: number;
}

function serve(handler: InboundWebhookHandler, limits: ListenerLimits): NodeRequestListener {
  return (request, response) => {
    const drain = {
      maxBytes: limits.drainBytes,
      deadline: performance.now() + limits.bodyTimeoutMs,
    };
    const timedOut = watchBody(request, response, limits.bodyTimeoutMs);
    let releaseBody: () => void = () => undefined;
    Promise.resolve()
      .then(() => {
        const view = toFetchRequest(request);
        releaseBody = view.release;
        return handler(view.request);
      })
      .then((answer) => {
        releaseBody();
        return timedOut() ? undefined : send(answer, request, response, drain);
      })
      .catch(() => {
        if (timedOut()) return;
        if (response.headersSent) return void response.destroy();
        response.statusCode = 400;
        response.end();
      });
  };
}

/**
 * `createInboundWebhookHandler` as a `node:http` request listener: the same credential check,
 * body limit, payload check and answers (200, 400, 401, 403, 405, 413, 500), plus 408 when the
 * body does not arrive within `bodyTimeoutMs`. The credentials are checked before the body is read,
 * and a refused body is not kept. Its connection is answered with `connection: close` and closed
 * in stages: the rest of the body is read and dropped until it ends, for at most `maxBodyBytes`
 * plus 1 MiB and until `bodyTimeoutMs` after the request arrived, so that a sender still writing
 * reads the 401 or 413 instead of meeting a reset connection.
 *
 * @example
 * import { createServer } from 'node:http';
 * createServer(createInboundWebhookListener({ username, password, onMessage })).listen(8080);
 */
export function createInboundWebhookListener(
  options: InboundWebhookListenerOptions,
): NodeRequestListener {
  const { bodyTimeoutMs = DEFAULT_WEBHOOK_BODY_TIMEOUT_MS, ...handlerOptions } = options ?? {};
  if (!Number.isSafeInteger(bodyTimeoutMs) || bodyTimeoutMs <= 0) {
    throw new TypeError('createInboundWebhookListener: bodyTimeoutMs must be a positive integer');
  }
  const handler = createInboundWebhookHandler(handlerOptions as InboundWebhookOptions);
  const maxBodyBytes = handlerOptions.maxBodyBytes ?? DEFAULT_MAX_WEBHOOK_BODY_BYTES;
  return serve(handler, { bodyTimeoutMs, drainBytes: maxBodyBytes + DRAIN_MARGIN_BYTES });
}
