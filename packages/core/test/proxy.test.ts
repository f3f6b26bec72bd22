/**
 * Every client goes through a proxy with the `fetch` option: undici's `ProxyAgent` for one proxy,
 * its `EnvHttpProxyAgent` for `HTTP_PROXY`, `HTTPS_PROXY` and `NO_PROXY`, as the core README
 * shows. Through a CONNECT proxy written here, on 127.0.0.1; a proxy that asks for credentials
 * (407) is an error naming the proxy, not retried.
 */
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { EnvHttpProxyAgent, ProxyAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { json, rawServer } from '../../../test-support/raw-server';
import { APIConnectionError } from './core';
import { rejectionOf, testClient } from './helpers';

/** A CONNECT proxy: it tunnels to the host asked for, after checking `Proxy-Authorization` if told to. */
interface TestProxy {
  origin: string;
  /** The `host:port` of every tunnel asked for, in order. */
  tunnels: string[];
}

const closing: (() => void)[] = [];
const variables = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY'] as const;
const saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const close of closing.splice(0)) close();
  for (const name of variables) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

async function connectProxy(requiredAuthorization?: string): Promise<TestProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((_request, response) => response.writeHead(405).end());
  server.on('connect', (request, client: Socket, head: Buffer) => {
    sockets.add(client);
    tunnels.push(request.url ?? '');
    if (requiredAuthorization && request.headers['proxy-authorization'] !== requiredAuthorization) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, tunnels };
}

/** The `fetch` option that sends through `dispatcher`, as the README shows. */
function through(dispatcher: ProxyAgent | EnvHttpProxyAgent): typeof fetch {
  closing.push(() => void dispatcher.close());
  return (input, init) => fetch(input, { ...init, dispatcher } as RequestInit);
}

const service = () => rawServer((_request, response) => json(response, 200, { via: 'proxy' }));
const quick = { limit: 2, delay: () => 1 };

describe('a client sent through a proxy', () => {
  it('reaches the service through the CONNECT tunnel of a ProxyAgent given as its fetch', async () => {
    const [proxy, server] = [await connectProxy(), await service()];
    const client = testClient({
      baseUrl: server.origin,
      fetch: through(new ProxyAgent(proxy.origin)),
    });
    expect(await client.request({ method: 'GET', path: 'things' })).toEqual({ via: 'proxy' });
    expect(proxy.tunnels).toEqual([server.origin.slice('http://'.length)]);
  });

  it('follows HTTP_PROXY and NO_PROXY with an EnvHttpProxyAgent', async () => {
    const [proxy, server] = [await connectProxy(), await service()];
    process.env.HTTP_PROXY = proxy.origin;
    const proxied = testClient({ baseUrl: server.origin, fetch: through(new EnvHttpProxyAgent()) });
    await proxied.request({ method: 'GET', path: 'things' });
    expect(proxy.tunnels).toHaveLength(1);
    process.env.NO_PROXY = '127.0.0.1';
    const direct = testClient({ baseUrl: server.origin, fetch: through(new EnvHttpProxyAgent()) });
    await direct.request({ method: 'GET', path: 'things' });
    expect(proxy.tunnels).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('passes the credentials of the proxy URL to the proxy', async () => {
    const [proxy, server] = [
      await connectProxy(`Basic ${btoa('scout:pass word')}`),
      await service(),
    ];
    const withCredentials = proxy.origin.replace('//', '//scout:pass%20word@');
    const client = testClient({
      baseUrl: server.origin,
      fetch: through(new ProxyAgent(withCredentials)),
    });
    expect(await client.request({ method: 'GET', path: 'things' })).toEqual({ via: 'proxy' });
  });
});

describe('a proxy that refuses with 407', () => {
  it('is an error naming the proxy of HTTP_PROXY and what to check, not retried', async () => {
    const [proxy, server] = [await connectProxy('Basic expected'), await service()];
    process.env.HTTP_PROXY = proxy.origin;
    const client = testClient({
      baseUrl: server.origin,
      fetch: through(new EnvHttpProxyAgent()),
      retry: quick,
    });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect(error).toBeInstanceOf(APIConnectionError);
    const host = server.origin.slice('http://'.length);
    expect((error as Error).message).toBe(
      `The proxy ${proxy.origin} (HTTP_PROXY) refused to connect to ${host} with 407 Proxy Authentication Required (GET ${server.origin}/v1/things): fetch failed, 1 attempt; are the proxy's credentials right?`,
    );
    expect(proxy.tunnels).toHaveLength(1);
    expect(server.requests).toEqual([]);
  });

  it('says "the proxy" when only the fetch knows which, and is not retried either', async () => {
    const [proxy, server] = [await connectProxy('Basic expected'), await service()];
    const client = testClient({
      baseUrl: server.origin,
      fetch: through(new ProxyAgent(proxy.origin)),
      retry: quick,
    });
    const error = await rejectionOf(client.request({ method: 'GET', path: 'things' }));
    expect((error as Error).message).toMatch(
      /^The proxy refused to connect to 127\.0\.0\.1:\d+ with 407 Proxy Authentication Required /,
    );
    expect(proxy.tunnels).toHaveLength(1);
  });
});
