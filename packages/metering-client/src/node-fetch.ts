import type * as Http from 'node:http';
import type * as Https from 'node:https';
import type { NodeProcess } from './node-process';

/** Statuses whose response has no body, whatever the server sends. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` on `node:http` with a keep-alive agent, for the meter event stream on Node, given Node's
 * `process` (see `nodeProcess`; the caller has it already, so that this module, loaded on demand,
 * shares no code with the client's first chunk).
 *
 * Why: on Node, `fetch` (undici) spends more CPU per request than `node:http`, about a third of
 * the stream's client CPU per batch on Node 20. ky still makes every request (retries, timeouts,
 * hooks, errors); this only carries ky's `Request` over the wire. It does what the stream needs and
 * no more: the whole response is read into memory (the stream's answers are small), redirects are
 * not followed (the stream's endpoint does not redirect), and no compression is asked for.
 */
export function nodeStreamFetch(process: NodeProcess): typeof fetch {
  const http = process.getBuiltinModule!('node:http') as typeof Http;
  const https = process.getBuiltinModule!('node:https') as typeof Https;
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    // ky hands over its Request and, as `init`, only options a Request does not know: none of them
    // means anything to node:http.
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new TypeError(`fetch of ${url.protocol} URLs is not supported`);
    }
    const agent = agents[url.protocol];
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    if (body) headers['content-length'] = String(body.byteLength);
    const send = url.protocol === 'https:' ? https.request : http.request;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = send(
        url,
        { method: request.method, headers, agent, signal: request.signal },
        (incoming) => {
          const chunks: Uint8Array[] = [];
          incoming.on('data', (chunk: Uint8Array) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => resolve(responseOf(incoming, chunks, request)));
          // Closed before its end (the signal aborted, the connection dropped): no response.
          incoming.on('close', () => {
            if (!incoming.complete)
              reject(new Error('The connection closed before the response ended'));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }) as typeof fetch;
}

function responseOf(
  incoming: Http.IncomingMessage,
  chunks: Uint8Array[],
  request: Request,
): Response {
  const status = incoming.statusCode ?? 0;
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const empty = request.method === 'HEAD' || NO_BODY.has(status);
  // Only ever loaded on Node, where the chunks are Buffers and Buffer.concat joins them.
  const response = new Response(empty ? null : (Buffer.concat(chunks) as BodyInit), {
    status,
    statusText: incoming.statusMessage ?? '',
    headers,
  });
  // Error messages name `response.url`, which a fetch response has and a constructed one lacks.
  Object.defineProperty(response, 'url', { value: request.url });
  return response;
}
