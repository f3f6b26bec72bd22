/**
 * Plain HTTP receivers on loopback, for the webhook handlers and for the reference server's
 * deliveries to hook URLs.
 */
import { createServer, type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a plain receiver saw it. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A node:http server on 127.0.0.1, on a free port unless one is given. */
export async function listen(listener: RequestListener, wantedPort = 0) {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(wantedPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A receiver that records every request and answers with the status `answer` gives. */
export async function recordingReceiver(
  answer: (request: ReceivedRequest) => number = () => 200,
  port = 0,
) {
  const requests: ReceivedRequest[] = [];
  const http = await listen((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      res.statusCode = answer(request);
      res.end('{}');
    });
  }, port);
  return { ...http, requests };
}

/** A port nothing listens on: opened, then closed again. */
export async function closedPort(): Promise<number> {
  const http = await listen(() => undefined);
  await http.close();
  return http.port;
}
