import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { admin } from '../src/server-process';

/**
 * A server that answers every request with `body` but the one numbered `dropAt`, whose connection
 * it closes without an answer, as happens to a request sent on a connection the server dropped.
 */
function closingServer(body: string, dropAt = 0) {
  let requests = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk) => {
      if (!chunk.toString('latin1').includes('\r\n\r\n')) return;
      requests += 1;
      if (requests === dropAt) {
        socket.destroy();
        return;
      }
      socket.write(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nkeep-alive: timeout=60\r\n\r\n${body}`,
      );
    });
  });
  return {
    requests: () => requests,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`);
        }),
      ),
    // The client keeps its connection for the minute the answers announce: end it here.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

let server: ReturnType<typeof closingServer> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('admin requests of the bench', () => {
  it('ask again on a new connection when the server had closed the pooled one', async () => {
    server = closingServer('{"total":3}', 2);
    const url = await server.listen();
    expect(await admin(url, '/metering/events')).toEqual({ total: 3 });
    // The second request's connection is closed under it; the repeat gets the answer.
    expect(await admin(url, '/metering/events')).toEqual({ total: 3 });
    expect(server.requests()).toBe(3);
  });

  it('do not repeat a request that failed otherwise', async () => {
    server = closingServer('not json');
    const url = await server.listen();
    await expect(admin(url, '/metering/events')).rejects.toThrow(SyntaxError);
    expect(server.requests()).toBe(1);
  });
});
