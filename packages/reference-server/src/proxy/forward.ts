import type { Agent as HttpAgent, IncomingMessage, ServerResponse } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream';
import { endToEndHeaders } from '../recording/hop-by-hop';
import { bodyCopy } from './body-copy';

/** An exchange that went through, with the copies kept of its bodies. */
export interface ForwardedExchange {
  method: string;
  /** The path and query as sent. */
  path: string;
  /** The request's headers as forwarded, as name and value pairs. */
  requestHeaders: string[];
  /** The request body, or undefined when it went past the limit or had not ended. */
  requestBody: Uint8Array | undefined;
  status: number;
  /** The answer's end-to-end headers, as name and value pairs. */
  responseHeaders: string[];
  /** The answer's body as sent (still encoded), or undefined when it went past the limit. */
  responseBody: Uint8Array | undefined;
}

/** What forwarding needs: where to, over which connections, and what to do with each exchange. */
export interface Forwarding {
  target: URL;
  agent: HttpAgent | HttpsAgent;
  /** The most of each body kept for the check and the recording. */
  maxBodyBytes: number;
  /** Runs once an answer has been sent whole, before the client sees its end. */
  settle(exchange: ForwardedExchange): Promise<void>;
  /** Told when an answer broke off on its way, so that it could not be checked. */
  brokeOff(method: string, path: string, error: Error): void;
  /** The answer to send when the target cannot be reached. */
  unreachable(path: string, error: Error): Response;
}

/**
 * The request's headers for the target: the same, in the same order and case, except those of the
 * connection, and `Host`, which names the target (a service finds itself by it).
 */
function headersForTarget(rawHeaders: readonly string[], host: string): string[] {
  const kept = endToEndHeaders(rawHeaders);
  const at = kept.findIndex((name, index) => index % 2 === 0 && name.toLowerCase() === 'host');
  if (at === -1) return ['Host', host, ...kept];
  kept[at + 1] = host;
  return kept;
}

/**
 * Forwards one request to the target, streaming its body, and answers with exactly what the target
 * sent: the status and its text, the end-to-end headers in their order and case, the body's bytes.
 * A copy of each body, up to the limit, is kept for `settle`.
 */
export function forward(
  forwarding: Forwarding,
  incoming: IncomingMessage,
  answer: ServerResponse,
): void {
  const { target } = forwarding;
  const method = incoming.method ?? 'GET';
  const path = incoming.url ?? '/';
  const requestHeaders = headersForTarget(incoming.rawHeaders, target.host);
  const requestCopy = bodyCopy(forwarding.maxBodyBytes);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstream = send({
    protocol: target.protocol,
    hostname: target.hostname.replace(/^\[|\]$/g, ''),
    port: target.port,
    method,
    path,
    headers: requestHeaders,
    agent: forwarding.agent,
  });
  // Only the target's headers go back: no Date of the proxy's own.
  answer.sendDate = false;
  upstream.on('response', (received: IncomingMessage) => {
    const status = received.statusCode ?? 502;
    const responseHeaders = endToEndHeaders(received.rawHeaders);
    answer.writeHead(status, received.statusMessage, responseHeaders);
    const responseCopy = bodyCopy(forwarding.maxBodyBytes, () =>
      forwarding.settle({
        method,
        path,
        requestHeaders,
        requestBody: requestCopy.kept(),
        status,
        responseHeaders,
        responseBody: responseCopy.kept(),
      }),
    );
    pipeline(received, responseCopy.stream, answer, (error) => {
      if (error) forwarding.brokeOff(method, path, error);
    });
  });
  upstream.on('error', (error) => {
    incoming.unpipe();
    incoming.resume();
    if (answer.headersSent) {
      answer.destroy(error);
      return;
    }
    void sendResponse(answer, forwarding.unreachable(path, error));
  });
  answer.on('close', () => {
    if (!answer.writableFinished) upstream.destroy();
  });
  incoming.pipe(requestCopy.stream).pipe(upstream);
}

/** Writes a web Response the proxy makes itself. */
async function sendResponse(answer: ServerResponse, response: Response): Promise<void> {
  answer.sendDate = true;
  answer.writeHead(response.status, Object.fromEntries(response.headers));
  answer.end(Buffer.from(await response.arrayBuffer()));
}
