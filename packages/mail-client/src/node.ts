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

export { MalformedInboundMessageError, parseInboundMessage } from './inbound-message';
export type { InboundMessage } from './schemas';
export { type InboundWebhookOptions, RejectMessage } from './webhook-handler';

/** A `node:http` request listener. */
export type NodeRequestListener = (request: IncomingMessage, response: ServerResponse) => void;

async function readBody(request: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

async function toFetchRequest(request: IncomingMessage): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, { method, headers, body: hasBody ? await readBody(request) : undefined });
}

async function send(response: Response, to: ServerResponse): Promise<void> {
  to.statusCode = response.status;
  for (const [name, value] of response.headers) to.setHeader(name, value);
  to.end(Buffer.from(await response.arrayBuffer()));
}

function serve(handler: InboundWebhookHandler): NodeRequestListener {
  return (request, response) => {
    toFetchRequest(request)
      .then(handler)
      .then((answer) => send(answer, response))
      .catch(() => {
        if (response.headersSent) return void response.destroy();
        response.statusCode = 400;
        response.end();
      });
  };
}

/**
 * `createInboundWebhookHandler` as a `node:http` request listener: the same credential check,
 * payload check and answers (200, 400, 401, 403, 405, 500).
 *
 * @example
 * import { createServer } from 'node:http';
 * createServer(createInboundWebhookListener({ username, password, onMessage })).listen(8080);
 */
export function createInboundWebhookListener(options: InboundWebhookOptions): NodeRequestListener {
  return serve(createInboundWebhookHandler(options));
}
