/**
 * The message of a failed connection says where the client tried to connect, what happened (as
 * the runtime's error tells it), how many attempts it made over how long, and what to check; a
 * cause no retry can fix is not retried. (No nock here: the failures are real ones, on 127.0.0.1,
 * or undici's errors as it raises them.)
 */
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rawServer } from '../../../test-support/raw-server';
import { APIConnectionError } from './core';
import { rejectionOf, testClient } from './helpers';
import { failure, scriptedFetch, undiciFailure } from './scripted';

/** A port on 127.0.0.1 that nothing listens on: one the system gave out, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the message of a failed connection', () => {
  it('names the refusing address, the attempts and their time, and asks whether the service runs', async () => {
    const port = await closedPort();
    const origin = `http://127.0.0.1:${port}`;
    const client = testClient({ baseUrl: origin, retry: { limit: 2, delay: () => 5 } });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect(error).toBeInstanceOf(APIConnectionError);
    const { message } = error as Error;
    expect(message).toMatch(
      new RegExp(
        `^Connection refused by 127\\.0\\.0\\.1:${port} \\(GET ${origin}/v1/things\\): .*ECONNREFUSED.*, 3 attempts over \\d+\\.\\d s; is the service running at ${origin}\\?$`,
      ),
    );
  });

  it('says that a host was not found and asks about the host name', async () => {
    const script = scriptedFetch([failure(() => undiciFailure('ENOTFOUND'))]);
    const client = testClient({
      baseUrl: 'https://api.example.test',
      fetch: script.fetch,
      retry: 0,
    });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect((error as Error).message).toBe(
      'Host api.example.test not found (GET https://api.example.test/v1/things): fetch failed ENOTFOUND, 1 attempt; is the host in baseUrl right?',
    );
  });

  it('keeps what the runtime raised as its cause', async () => {
    const script = scriptedFetch([failure(() => undiciFailure('ECONNREFUSED'))]);
    const client = testClient({ fetch: script.fetch, retry: 0 });
    const error = (await rejectionOf(
      client.request({ method: 'GET', path: 'things' }),
    )) as APIConnectionError;
    expect((error.cause as Error).message).toBe('fetch failed');
    expect(error.status).toBeUndefined();
    expect(error.requestId).toBeNull();
  });
});

/** A port on 127.0.0.1 whose server resets every connection as soon as a request arrives. */
async function resettingPort(): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server = createServer((socket) => {
    connections += 1;
    socket.once('data', () => socket.resetAndDestroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  afterEachClose(server);
  return { port, connections: () => connections };
}

const opened: { close(): unknown }[] = [];
function afterEachClose(server: { close(): unknown }) {
  opened.push(server);
}
afterEach(() => {
  for (const server of opened.splice(0)) server.close();
});

const quick = { limit: 2, delay: () => 1 };

describe('the cause a failed connection names', () => {
  it('says a reset connection was reset, retries a GET, and does not ask whether the service runs', async () => {
    const { port, connections } = await resettingPort();
    const client = testClient({ baseUrl: `http://127.0.0.1:${port}`, retry: quick });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^Connection to 127\\.0\\.0\\.1:${port} reset before the answer \\(GET .*\\): fetch failed ECONNRESET, 3 attempts over \\d+\\.\\d s$`,
      ),
    );
    expect(connections()).toBe(3);
  });

  it('says headers too large are too large, and does not retry them', async () => {
    const server = await rawServer((_request, response) => {
      response.writeHead(200, { 'x-padding': 'a'.repeat(64 * 1024) }).end('{}');
    });
    const client = testClient({ baseUrl: server.origin, retry: quick });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toBe(
      `Headers from ${server.origin.slice('http://'.length)} too large for this runtime (GET ${server.origin}/v1/things): fetch failed UND_ERR_HEADERS_OVERFLOW, 1 attempt`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('says a TLS handshake failed where the server does not speak HTTPS', async () => {
    // Answers the TLS greeting in plain HTTP, as a server on the wrong port does.
    const server = createServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    afterEachClose(server);
    const host = `127.0.0.1:${(server.address() as { port: number }).port}`;
    const client = testClient({ baseUrl: `https://${host}`, retry: 0 });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect((error as Error).message).toMatch(
      new RegExp(
        `^TLS handshake with ${host.replace(/\./g, '\\.')} failed .*; does ${host.replace(/\./g, '\\.')} speak HTTPS\\?$`,
      ),
    );
  });

  it('says a TLS certificate was refused, and does not retry it', async () => {
    const script = scriptedFetch([failure(() => undiciFailure('DEPTH_ZERO_SELF_SIGNED_CERT'))]);
    const client = testClient({
      baseUrl: 'https://api.example.test',
      fetch: script.fetch,
      retry: quick,
    });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect((error as Error).message).toBe(
      'TLS certificate of api.example.test refused (GET https://api.example.test/v1/things): fetch failed DEPTH_ZERO_SELF_SIGNED_CERT, 1 attempt; is it valid for api.example.test and trusted by this runtime?',
    );
    expect(script.attempts).toHaveLength(1);
  });

  it('says a connection that could not be made in time timed out, and retries it on a write', async () => {
    const script = scriptedFetch([failure(() => undiciFailure('UND_ERR_CONNECT_TIMEOUT'))]);
    const client = testClient({
      baseUrl: 'https://api.example.test',
      fetch: script.fetch,
      retry: quick,
    });
    const error = await rejectionOf(
      client.request({ method: 'POST', path: 'things', body: { a: 1 } }),
    );
    expect((error as Error).message).toMatch(
      /^Connecting to api\.example\.test timed out \(POST .*\): fetch failed UND_ERR_CONNECT_TIMEOUT, 3 attempts over \d+\.\d s; can this machine reach api\.example\.test\?$/,
    );
    expect(script.attempts).toHaveLength(3);
  });
});
