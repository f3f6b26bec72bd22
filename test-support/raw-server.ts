/**
 * A raw `node:http` server on 127.0.0.1 (a free port) for the tests of what crosses the wire: it
 * answers as the test's handler says, misbehaving as a hostile or broken service would, and
 * records every request it gets.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** What the server saw of one request. */
export interface SeenRequest {
  method: string;
  /** The path and query. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A running raw server. */
export interface RawServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Every request so far, in order. */
  requests: SeenRequest[];
  close(): Promise<void>;
}

type Handler = (request: SeenRequest, response: ServerResponse) => void;

const running: RawServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** Starts a raw server whose answers `handler` writes; it is closed after the test. */
export async function rawServer(handler: Handler): Promise<RawServer> {
  const requests: SeenRequest[] = [];
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const seen: SeenRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(seen);
      handler(seen, response);
    });
  });
  // A response the client stops reading must not keep the test waiting on a write.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const raw: RawServer = {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  running.push(raw);
  return raw;
}

/** Answers `status` with a JSON body. */
export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'req_raw' });
  response.end(JSON.stringify(body));
}
