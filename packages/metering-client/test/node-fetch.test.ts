import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nodeStreamFetch } from '../src/node-fetch';
import { lazyNodeStreamFetch, nodeProcess } from '../src/node-process';

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

const nodeFetch = () => {
  const process = nodeProcess();
  if (!process) throw new Error('nodeProcess found no Node process');
  return nodeStreamFetch(process);
};

describe('the node:http fetch of the event stream', () => {
  it('sends the method, headers and body of the Request, and answers status, headers, body and url', async () => {
    const { origin } = await serve((request, body, response) => {
      response.writeHead(201, 'Made', { 'content-type': 'application/json', 'x-request-id': 'r1' });
      response.end(
        JSON.stringify({ method: request.method, auth: request.headers.authorization, body }),
      );
    });
    const request = new Request(`${origin}/v2/billing/meter_event_stream?x=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: '{"events":[]}',
    });
    const response = await nodeFetch()(request);
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.headers.get('x-request-id')).toBe('r1');
    expect(response.url).toBe(`${origin}/v2/billing/meter_event_stream?x=1`);
    expect(await response.json()).toEqual({
      method: 'POST',
      auth: 'Bearer t',
      body: '{"events":[]}',
    });
  });

  it('keeps the connection alive: consecutive requests share one socket', async () => {
    const { origin, sockets } = await serve((_request, _body, response) => response.end('{}'));
    const send = nodeFetch();
    for (let i = 0; i < 3; i++)
      await (await send(`${origin}/a`, { method: 'POST', body: 'x' })).text();
    expect(sockets).toHaveLength(3);
    expect(new Set(sockets).size).toBe(1);
  });

  it('gives a 204 answer and a HEAD answer no body', async () => {
    const { origin } = await serve((_request, _body, response) => {
      response.writeHead(204);
      response.end();
    });
    const response = await nodeFetch()(`${origin}/a`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
    const { origin: other } = await serve((_request, _body, answer) => {
      answer.writeHead(200, { 'content-length': '5' });
      answer.end();
    });
    expect((await nodeFetch()(`${other}/a`, { method: 'HEAD' })).body).toBeNull();
  });

  it('rejects with an AbortError when the signal aborts while waiting for the answer', async () => {
    let arrived!: () => void;
    const requested = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const { origin } = await serve(() => arrived()); // never answers
    const controller = new AbortController();
    const pending = nodeFetch()(`${origin}/a`, {
      method: 'POST',
      body: 'x',
      signal: controller.signal,
    });
    await requested;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects when the connection drops before the answer ends', async () => {
    const { origin } = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"partial":');
      response.socket?.destroy();
    });
    const failed = nodeFetch()(`${origin}/a`, { method: 'POST', body: 'x' });
    await expect(failed).rejects.toThrow();
  });

  it('refuses a URL that is not http or https', async () => {
    await expect(nodeFetch()('data:text/plain,hello')).rejects.toThrow(
      'fetch of data: URLs is not supported',
    );
  });

  it('is not used outside Node: Deno, Bun, workerd and browsers keep their own fetch', () => {
    vi.stubGlobal('Deno', {});
    expect(lazyNodeStreamFetch()).toBeUndefined();
    vi.unstubAllGlobals();
    vi.stubGlobal('navigator', { userAgent: 'Cloudflare-Workers' });
    expect(lazyNodeStreamFetch()).toBeUndefined();
    vi.unstubAllGlobals();
    vi.stubGlobal('process', { versions: { node: '22.0.0', bun: '1.2.0' } });
    expect(lazyNodeStreamFetch()).toBeUndefined();
    vi.unstubAllGlobals();
    // A browser bundle's `process` polyfill has no node:http behind it.
    vi.stubGlobal('process', { versions: {} });
    expect(lazyNodeStreamFetch()).toBeUndefined();
  });
});
