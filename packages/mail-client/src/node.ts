/**
 * The inbound webhook receiver as a `node:http` request listener, for servers built on Node's own
 * HTTP module (or on Express and others that accept such a listener).
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** Options of `createInboundWebhookListener`: the handler's, and how long a body may take. */
export interface InboundWebhookListenerOptions extends InboundWebhookOptions {
  /**
   * How long the whole body may take to arrive, in milliseconds from the moment the listener gets
   * the request (default 30 000). A body still incomplete then is answered 408 and its connection
   * closed, so a sender that stalls cannot hold a connection and a half-read body for long (Node's
   * own limit for a whole request is 300 s).
   */
  bodyTimeoutMs?: number;
}

/**
 * The request body as a stream that reads from the socket only when pulled, so that a request the
 * handler refuses (wrong credentials, a body too large) is never read in full.
 */
function lazyBody(request: IncomingMessage): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | undefined;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        chunks ??= request[Symbol.asyncIterator]();
        const { done, value } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
      },
    },
    { highWaterMark: 0 },
  );
}

function toFetchRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (hasBody) Object.assign(init, { body: lazyBody(request), duplex: 'half' });
  return new Request(url, init);
}

async function send(
  response: Response,
  request: IncomingMessage,
  to: ServerResponse,
): Promise<void> {
  to.statusCode = response.status;
  for (const [name, value] of response.headers) to.setHeader(name, value);
  // A body left unread (refused before reading) would otherwise be read to its end to keep the
  // connection: closing it instead is what keeps a huge refused body off this process.
  if (!request.complete) to.setHeader('connection', 'close');
  to.end(Buffer.from(await response.arrayBuffer()));
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

function serve(handler: InboundWebhookHandler, bodyTimeoutMs: number): NodeRequestListener {
  return (request, response) => {
    const timedOut = watchBody(request, response, bodyTimeoutMs);
    Promise.resolve()
      .then(() => handler(toFetchRequest(request)))
      .then((answer) => (timedOut() ? undefined : send(answer, request, response)))
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
 * and a refused body is not read: the connection is closed instead.
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
  return serve(createInboundWebhookHandler(handlerOptions as InboundWebhookOptions), bodyTimeoutMs);
}
