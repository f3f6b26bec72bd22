import { once } from 'node:events';
import {
  Agent,
  createServer,
  request as forward,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the relay saw it on its way to the server. */
export interface RelayedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the server answered a request, before the relay passes it on or loses it. */
export interface RelayedAnswer {
  request: RelayedRequest;
  status: number;
  headers: IncomingHttpHeaders;
  /** Requests to the stream that had reached the relay and had no answer yet, this one included. */
  inFlight: number;
}

export interface Relay {
  /** The relay's origin, to give a client as its `baseUrl`. */
  url: string;
  /** Every request, in the order they arrived. */
  requests: RelayedRequest[];
  /**
   * Decides, for each answer of the server, whether the client gets it (`true`) or loses it: the
   * relay then closes the client's connection without a word, after the server handled the request.
   */
  onAnswer: (answer: RelayedAnswer) => boolean;
  close(): Promise<void>;
}

const STREAM = '/v2/billing/meter_event_stream';

function bodyOf(message: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    message.setEncoding('utf8');
    message.on('data', (chunk: string) => {
      text += chunk;
    });
    message.on('end', () => resolve(text));
    message.on('error', reject);
  });
}

/**
 * An HTTP relay on 127.0.0.1 in front of the reference server, for faults a server cannot make
 * itself and for seeing what each path of the client sent. It sees requests whatever sends them
 * (node:http or fetch), so one test runs on both of the stream's paths.
 */
export async function startRelay(target: string): Promise<Relay> {
  const agent = new Agent({ keepAlive: true });
  const upstream = new URL(target);
  let inFlight = 0;
  const relay: Relay = {
    url: '',
    requests: [],
    onAnswer: () => true,
    close: async () => {
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
  const server = createServer(async (incoming, outgoing) => {
    const request: RelayedRequest = {
      method: incoming.method ?? 'GET',
      path: incoming.url ?? '/',
      headers: incoming.headers,
      body: await bodyOf(incoming),
    };
    relay.requests.push(request);
    const counted = request.path === STREAM;
    if (counted) inFlight += 1;
    const { connection: _, 'keep-alive': __, ...headers } = incoming.headers;
    const sent = forward(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        path: request.path,
        method: request.method,
        headers,
        agent,
      },
      async (answer) => {
        const body = await bodyOf(answer);
        const passed = relay.onAnswer({
          request,
          status: answer.statusCode ?? 0,
          headers: answer.headers,
          inFlight,
        });
        if (counted) inFlight -= 1;
        if (!passed) {
          outgoing.socket?.destroy();
          return;
        }
        const { connection: ___, 'keep-alive': ____, ...answered } = answer.headers;
        outgoing.writeHead(answer.statusCode ?? 502, answered);
        outgoing.end(body);
      },
    );
    sent.on('error', () => {
      if (counted) inFlight -= 1;
      outgoing.socket?.destroy();
    });
    sent.end(request.body);
  });
  // As the reference server does: a pooled connection is not closed under a test that pauses.
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  relay.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return relay;
}

/** Whether a request came through undici's fetch (ky's path) rather than node:http. */
export const cameByFetch = (request: RelayedRequest) =>
  request.headers['sec-fetch-mode'] !== undefined;
