import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type AttemptRequest, ConnectionFailure, ResponseTooLarge } from '@clientkit/core/internal';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeProcess } from '../src/node-process';
import { nodeSender, nodeSenderIfNode } from '../src/node-wire';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A loopback server on an ephemeral port that records the sockets its requests came on. */
async function loopback(handler: Handler) {
  const sockets: Socket[] = [];
  const server: Server = createServer((request, response) => {
    sockets.push(request.socket);
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => handler(request, body, response));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, sockets, server };
}

let servers: Server[] = [];
const serve = async (handler: Handler) => {
  const made = await loopback(handler);
  servers.push(made.server);
  return made;
};

beforeEach(() => {
  servers = [];
});
afterEach(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  vi.unstubAllGlobals();
});

const wire = () => {
  const process = nodeProcess();
  if (!process) throw new Error('nodeProcess found no Node process');
  const sender = nodeSender(process);
  return (attempt: AttemptRequest) => sender.send(attempt);
};

/** An attempt as core's retry loop hands it over. */
const attempt = (url: string, more: Partial<AttemptRequest> = {}): AttemptRequest => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{"events":[]}',
  signal: new AbortController().signal,
  maxResponseBytes: 1024 * 1024,
  retryCount: 0,
  ...more,
});

describe('the node:http sender of the event stream', () => {
  it('sends the method, headers, Idempotency-Key and body, and answers status, headers and text', async () => {
    const { origin } = await serve((request, body, response) => {
      response.writeHead(201, 'Made', { 'content-type': 'application/json', 'x-request-id': 'r1' });
      response.end(
        JSON.stringify({
          method: request.method,
          url: request.url,
          host: request.headers.host,
          auth: request.headers.authorization,
          key: request.headers['idempotency-key'],
          length: request.headers['content-length'],
          body,
        }),
      );
    });
    const answer = await wire()(
      attempt(`${origin}/v2/billing/meter_event_stream?x=1`, {
        headers: {
          authorization: 'Bearer t',
          'content-type': 'application/json',
          'idempotency-key': 'key-1',
        },
        body: '{"events":["é"]}',
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.statusText).toBe('Made');
    expect(answer.contentType).toBe('application/json');
    expect(answer.headers().get('x-request-id')).toBe('r1');
    expect(JSON.parse(answer.text)).toEqual({
      method: 'POST',
      url: '/v2/billing/meter_event_stream?x=1',
      host: origin.slice('http://'.length),
      auth: 'Bearer t',
      key: 'key-1',
      // Bytes, not characters: é is two in UTF-8.
      length: String(Buffer.byteLength('{"events":["é"]}')),
      body: '{"events":["é"]}',
    });
  });

  it('keeps the connection alive: consecutive requests share one socket', async () => {
    const { origin, sockets } = await serve((_request, _body, response) => response.end('{}'));
    const send = wire();
    for (let i = 0; i < 3; i++) await send(attempt(`${origin}/a`));
    expect(sockets).toHaveLength(3);
    expect(new Set(sockets).size).toBe(1);
  });

  it("still follows the server's Keep-Alive hint: a socket the server will close within a second is not reused", async () => {
    const { origin, sockets } = await serve((_request, _body, response) => {
      response.setHeader('keep-alive', 'timeout=1');
      response.end('{}');
    });
    const send = wire();
    for (let i = 0; i < 2; i++) await send(attempt(`${origin}/a`));
    expect(new Set(sockets).size).toBe(2);
  });

  it('answers error statuses as answers, for the retry policy to judge', async () => {
    const { origin } = await serve((_request, _body, response) => {
      response.writeHead(503, { 'retry-after': '0', 'content-type': 'application/json' });
      response.end('{"error":{"type":"api_error"}}');
    });
    const answer = await wire()(attempt(`${origin}/a`));
    expect(answer.status).toBe(503);
    expect(answer.headers().get('retry-after')).toBe('0');
    expect(answer.text).toBe('{"error":{"type":"api_error"}}');
  });

  it("stops with the signal's AbortError as its cause when the attempt's signal fires (the loop's timeout or the caller's abort)", async () => {
    let arrived!: () => void;
    const requested = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const { origin } = await serve(() => arrived()); // never answers
    const controller = new AbortController();
    const pending = wire()(attempt(`${origin}/a`, { signal: controller.signal }));
    await requested;
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionFailure);
    expect((error as Error).cause).toMatchObject({ name: 'AbortError' });
  });

  it('rejects with a ConnectionFailure whose cause has the code of a refused connection, which says nothing was sent', async () => {
    const { origin, server } = await serve(() => {});
    server.close();
    await once(server, 'close');
    const error = await wire()(attempt(`${origin}/a`)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConnectionFailure);
    expect((error as Error).cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('rejects with a ConnectionFailure when the connection drops before the answer ends', async () => {
    const { origin } = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"partial":');
      response.socket?.destroy();
    });
    await expect(wire()(attempt(`${origin}/a`))).rejects.toBeInstanceOf(ConnectionFailure);
  });

  it('refuses a URL that is not http or https', async () => {
    await expect(wire()(attempt('data:text/plain,hello'))).rejects.toThrow(
      'data: URLs are not supported',
    );
  });

  it('is not used outside Node: Deno, Bun, workerd and browsers keep ky and their own fetch', () => {
    vi.stubGlobal('Deno', {});
    expect(nodeSenderIfNode()).toBeUndefined();
    vi.unstubAllGlobals();
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
    expect(nodeSenderIfNode()).toBeUndefined();
    vi.unstubAllGlobals();
    vi.stubGlobal('process', { versions: { node: '22.0.0', bun: '1.2.0' } });
    expect(nodeSenderIfNode()).toBeUndefined();
    vi.unstubAllGlobals();
    // A browser bundle's `process` polyfill has no node:http behind it.
    vi.stubGlobal('process', { versions: {} });
    expect(nodeSenderIfNode()).toBeUndefined();
    vi.unstubAllGlobals();
    expect(nodeSenderIfNode()?.send).toBeTypeOf('function');
  });
});

describe('the node:http sender under a size limit', () => {
  it('refuses a Content-Length over maxResponseBytes before reading the body', async () => {
    const { origin } = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000000' });
      response.write('{"a":');
    });
    const refused = await wire()(attempt(`${origin}/x`, { maxResponseBytes: 1000 })).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ResponseTooLarge);
    expect(refused).toMatchObject({ limit: 1000, declared: 5_000_000, answered: { status: 200 } });
  });

  it('stops reading a body that passes maxResponseBytes', async () => {
    const { origin } = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('x'.repeat(800));
      response.write('x'.repeat(800));
    });
    const refused = await wire()(attempt(`${origin}/x`, { maxResponseBytes: 1000 })).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ResponseTooLarge);
    expect(refused).toMatchObject({ limit: 1000, declared: undefined });
  });

  it('reads a body of exactly maxResponseBytes, multi-byte characters split across chunks included', async () => {
    const text = JSON.stringify({ word: 'Größe' });
    const bytes = Buffer.from(text);
    const { origin } = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      // Cut inside the two bytes of "ö".
      const cut = bytes.indexOf(Buffer.from('ö')) + 1;
      response.write(bytes.subarray(0, cut));
      response.end(bytes.subarray(cut));
    });
    const received = await wire()(attempt(`${origin}/x`, { maxResponseBytes: bytes.length }));
    expect(received.text).toBe(text);
  });
});
