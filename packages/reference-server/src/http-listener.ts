import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How long an idle keep-alive connection stays open: as long as the reference server keeps one,
 * past the moment a client's pool hands it to its next request.
 */
const IDLE_CONNECTION_MS = 65_000;

/** Listening and closing of a node:http server, for the proxy and the replay server. */
export interface HttpListener {
  /** Listens on 127.0.0.1 (port 0 picks a free one) and resolves with the origin URL. */
  listen(port?: number, hostname?: string): Promise<{ url: string; port: number }>;
  /** Stops listening and ends every open connection. */
  close(): Promise<void>;
  /** The origin URL once listening. */
  readonly url: string | undefined;
}

export function httpListener(server: Server): HttpListener {
  server.keepAliveTimeout = IDLE_CONNECTION_MS;
  let url: string | undefined;
  return {
    async listen(port = 0, hostname = '127.0.0.1') {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, hostname, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      url = `http://${hostname}:${address.port}`;
      return { url, port: address.port };
    },
    async close() {
      if (!server.listening) return;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    get url() {
      return url;
    },
  };
}
