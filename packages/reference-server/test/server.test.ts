import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

const auth = { authorization: 'Bearer docs-dev-user-ada' };

describe('reference server', () => {
  let server: ReferenceServer;
  let url: string;
  const logError = vi.fn();

  beforeAll(async () => {
    server = await createReferenceServer({ logError });
    url = (await server.listen(0)).url;
  });
  afterAll(() => server.close());

  it('listens on 127.0.0.1 and reports its URL and the base path of each interface', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).toBe(url);
    expect(server.basePaths).toEqual({
      docs: '/v1',
      calendar: '/wp-json',
      metering: '/v2/billing',
      mail: '/servers',
      idm: '/api/v2',
    });
  });

  it('keeps an idle keep-alive connection open for 65 s and says so, so a pooled connection is not closed under a client that paused', async () => {
    const hint = await new Promise<string | undefined>((resolve, reject) => {
      get(`${url}/v1/`, { headers: { ...auth, connection: 'keep-alive' } }, (answer) => {
        answer.resume();
        resolve(answer.headers['keep-alive'] as string | undefined);
      }).on('error', reject);
    });
    expect(hint).toBe('timeout=65');
  });

  it('serves the same app in-process through fetch', async () => {
    const res = await server.fetch('http://in-process.test/v1/', { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('gives every response a distinct x-request-id', async () => {
    const ids = await Promise.all(
      Array.from({ length: 20 }, async () =>
        (await fetch(`${url}/v1/`, { headers: auth })).headers.get('x-request-id'),
      ),
    );
    expect(new Set(ids).size).toBe(20);
  });

  it('keeps the admin routes off unless enabled', async () => {
    expect((await fetch(`${url}/__admin/state`)).status).toBe(404);
    expect((await fetch(`${url}/__admin/reset`, { method: 'POST' })).status).toBe(404);
  });

  it('answers a handler that throws with 500 in the interface format and logs it', async () => {
    const store = server.docs.store;
    const original = store.activeSpace;
    store.activeSpace = () => {
      throw new Error('disk on fire');
    };
    try {
      const res = await fetch(`${url}/v1/spaces/space_handbook`, { headers: auth });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({
        error: { code: 500, message: 'The reference server failed to handle this request' },
      });
      expect(logError).toHaveBeenCalledWith(
        'GET /v1/spaces/space_handbook failed',
        expect.any(Error),
      );
    } finally {
      store.activeSpace = original;
    }
  });
});

describe('injected faults', () => {
  let server: ReferenceServer;
  let url: string;

  beforeAll(async () => {
    server = await createReferenceServer();
    url = (await server.listen(0)).url;
  });
  afterAll(() => server.close());

  it('answers the next N matching requests with the status and Retry-After, in the interface format', async () => {
    server.faults.add({ method: 'GET', path: '/v1/spaces', status: 503, retryAfter: 2, count: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${url}/v1/spaces/space_handbook`, { headers: auth });
      statuses.push(res.status);
      if (res.status === 503) {
        expect(res.headers.get('retry-after')).toBe('2');
        expect(await res.json()).toEqual({
          error: { code: 503, message: 'Injected fault (status 503)' },
        });
      }
    }
    expect(statuses).toEqual([503, 503, 200]);
  });

  it('only affects requests with the given method and path prefix', async () => {
    server.faults.add({ method: 'POST', path: '/v1/spaces/space_handbook/duplicate', status: 500 });
    expect((await fetch(`${url}/v1/spaces/space_handbook`, { headers: auth })).status).toBe(200);
    expect(server.faults.list()).toHaveLength(1);
    server.faults.clear();
  });

  it('adds latency before answering', async () => {
    server.faults.add({ path: '/v1/', latencyMs: 150 });
    const started = Date.now();
    expect((await fetch(`${url}/v1/`, { headers: auth })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('drops the connection over loopback and in-process', async () => {
    server.faults.add({ path: '/v1/', drop: true, count: 2 });
    await expect(fetch(`${url}/v1/`, { headers: auth })).rejects.toThrow('fetch failed');
    await expect(server.fetch('http://x/v1/', { headers: auth })).rejects.toThrow('fetch failed');
    expect((await fetch(`${url}/v1/`, { headers: auth })).status).toBe(200);
  });

  it('refuses a fault that would do nothing or has a bad status', () => {
    expect(() => server.faults.add({ path: '/v1' })).toThrow(
      'a fault needs status, drop or latencyMs',
    );
    expect(() => server.faults.add({ status: 200 })).toThrow(
      'status must be an integer from 400 to 599',
    );
  });
});

describe('admin routes', () => {
  let server: ReferenceServer;
  let url: string;
  const admin = (path: string, init?: RequestInit) => fetch(`${url}/__admin${path}`, init);
  const post = (path: string, body: unknown) =>
    admin(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    server = await createReferenceServer({
      admin: true,
      clock: { start: '2026-05-01T00:00:00Z', frozen: true },
    });
    url = (await server.listen(0)).url;
  });
  afterAll(() => server.close());

  it('lists its routes', async () => {
    const { routes } = (await (await admin('/')).json()) as { routes: string[] };
    expect(routes).toContain('POST /__admin/faults');
  });

  it('reads and moves the clock', async () => {
    expect(await (await admin('/clock')).json()).toEqual({ now: '2026-05-01T00:00:00.000Z' });
    expect(await (await post('/clock', { advance: '7d' })).json()).toEqual({
      now: '2026-05-08T00:00:00.000Z',
    });
    expect(await (await post('/clock', { set: '2026-05-01T00:00:00Z' })).json()).toEqual({
      now: '2026-05-01T00:00:00.000Z',
    });
  });

  it('mints docs tokens of any scheme', async () => {
    const res = await post('/docs/tokens', { scheme: 'oauth', scopes: ['space:read'] });
    expect(res.status).toBe(201);
    const { token } = (await res.json()) as { token: string };
    const space = await fetch(`${url}/v1/spaces/space_handbook`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(space.status).toBe(200);
  });

  it('injects, lists and clears faults', async () => {
    expect((await post('/faults', { path: '/v1/', status: 429, retryAfter: 1 })).status).toBe(201);
    expect(((await (await admin('/faults')).json()) as { faults: unknown[] }).faults).toHaveLength(
      1,
    );
    expect((await fetch(`${url}/v1/`, { headers: auth })).status).toBe(429);
    await post('/faults', { path: '/v1/', status: 500 });
    expect((await admin('/faults', { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${url}/v1/`, { headers: auth })).status).toBe(200);
  });

  it('answers a bad fault with 400 and the reason', async () => {
    const res = await post('/faults', { status: 99 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'status must be an integer from 400 to 599' });
  });

  it('shows the state of an interface, seeds it and resets it', async () => {
    const state = (await (await admin('/state/docs')).json()) as { spaces: { id: string }[] };
    expect(state.spaces.map((s) => s.id)).toContain('space_handbook');
    const smaller = { ...state, spaces: state.spaces.filter((s) => s.id === 'space_api') };
    expect((await post('/seed', { docs: smaller })).status).toBe(200);
    expect((await fetch(`${url}/v1/spaces/space_handbook`, { headers: auth })).status).toBe(404);
    expect((await admin('/reset', { method: 'POST' })).status).toBe(200);
    expect((await fetch(`${url}/v1/spaces/space_handbook`, { headers: auth })).status).toBe(200);
  });

  it('refuses to seed an unknown interface', async () => {
    const res = await post('/seed', { nope: {} });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'unknown interface "nope"' });
  });
});
