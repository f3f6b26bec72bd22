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

/** A `node:http` request listener. */
export type NodeRequestListener = (request: IncomingMessage, response: ServerResponse) => void;

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

function serve(handler: InboundWebhookHandler): NodeRequestListener {
  return (request, response) => {
    Promise.resolve()
      .then(() => handler(toFetchRequest(request)))
      .then((answer) => send(answer, request, response))
      .catch(() => {
        if (response.headersSent) return void response.destroy();
        response.statusCode = 400;
        response.end();
      });
  };
}

/**
 * `createInboundWebhookHandler` as a `node:http` request listener: the same credential check,
 * body limit, payload check and answers (200, 400, 401, 403, 405, 413, 500). The credentials are
 * checked before the body is read, and a refused body is not read: the connection is closed instead.
 *
 * @example
 * import { createServer } from 'node:http';
 * createServer(createInboundWebhookListener({ username, password, onMessage })).listen(8080);
 */
export function createInboundWebhookListener(options: InboundWebhookOptions): NodeRequestListener {
  return serve(createInboundWebhookHandler(options));
}
