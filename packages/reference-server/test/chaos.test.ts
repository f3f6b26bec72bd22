import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChaosKind,
  createReferenceServer,
  type InjectedFault,
  type ReferenceServer,
} from '../src/index';

const ORIGIN = 'http://reference.test';
const auth = { authorization: 'Bearer docs-dev-user-ada' };

let server: ReferenceServer;

beforeAll(async () => {
  server = await createReferenceServer({ admin: true, clock: { frozen: true } });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const get = (path: string, init?: RequestInit) =>
  server.fetch(`${ORIGIN}${path}`, { headers: auth, ...init });
const admin = (method: string, path: string, body?: unknown) =>
  server.fetch(`${ORIGIN}/__admin${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Sends a request and reads its answer whatever the fault; a stalled body is given up at once. */
async function attempt(path: string): Promise<void> {
  const controller = new AbortController();
  try {
    const response = await get(path, { signal: controller.signal });
    controller.abort();
    await response.text();
  } catch {
    // The fault is the point: what it did is in the log.
  }
}

/** The kinds chaos injected into `requests` GETs of the docs root after `chaos(options)`. */
async function kindsInjected(seed: number): Promise<string[]> {
  server.reset();
  server.faults.chaos({ rate: 0.5, kinds: [503, 'reset', 'malformed', 'empty'], seed });
  for (let i = 0; i < 40; i++) await attempt('/v1/');
  return server.faults.injected().map((entry) => `${entry.kind}${entry.status ?? ''}`);
}

describe('chaos mode', () => {
  it('faults requests at the rate given with kinds drawn by the seed: the same seed replays them', async () => {
    const first = await kindsInjected(7);
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(35);
    expect(new Set(first)).toEqual(new Set(['status503', 'reset', 'malformed', 'empty']));
    expect(await kindsInjected(7)).toEqual(first);
    expect(await kindsInjected(8)).not.toEqual(first);
  });

  it('covers every interface path by default, and neither /__admin nor the front page', async () => {
    const chaos = server.faults.chaos({ rate: 1, kinds: [503] });
    expect(chaos.paths).toEqual(expect.arrayContaining(['/v1', '/v2/billing', '/api/v2']));
    expect((await get('/v1/')).status).toBe(503);
    expect((await get('/api/v2/clients')).status).toBe(503);
    expect((await admin('GET', '/clock')).status).toBe(200);
    expect((await get('/')).status).toBe(200);
  });

  it('covers only the paths it is given', async () => {
    server.faults.chaos({ rate: 1, kinds: [503], paths: ['/api/v2'] });
    expect((await get('/v1/')).status).toBe(200);
    expect((await get('/api/v2/clients')).status).toBe(503);
  });

  it('answers 429 with Retry-After: 1, in the interface’s error format', async () => {
    server.faults.chaos({ rate: 1, kinds: [429] });
    const response = await get('/v1/');
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({
      error: { code: 429, message: 'Injected fault (status 429)' },
    });
  });

  const tokens: [ChaosKind, Partial<InjectedFault>][] = [
    [503, { kind: 'status', status: 503 }],
    ['drop', { kind: 'drop' }],
    ['reset', { kind: 'reset', when: 'before-headers' }],
    ['reset-mid-body', { kind: 'reset', when: 'mid-body' }],
    ['truncate', { kind: 'truncate' }],
    ['malformed', { kind: 'malformed' }],
    ['stall', { kind: 'stall' }],
    ['empty', { kind: 'empty' }],
    ['html', { kind: 'html', status: 502 }],
    ['latency', { kind: 'latency' }],
  ];

  it.each(tokens)(
    'injects the kind %s as the fault of that kind, logged as chaos',
    async (token, logged) => {
      server.faults.chaos({
        rate: 1,
        kinds: [token],
        ...(token === 'latency' ? { latencyMs: 1 } : {}),
      });
      await attempt('/v1/');
      expect(server.faults.injected()).toEqual([
        expect.objectContaining({ ...logged, source: 'chaos', method: 'GET', path: '/v1/' }),
      ]);
    },
  );

  it('waits a latency drawn from its range (default 500 to 2000 ms), then answers', async () => {
    expect(server.faults.chaos({ rate: 0, kinds: ['latency'] }).latencyMs).toEqual({
      min: 500,
      max: 2000,
    });
    server.faults.chaos({ rate: 1, kinds: ['latency'], latencyMs: { min: 10, max: 30 } });
    expect((await get('/v1/')).status).toBe(200);
    const [entry] = server.faults.injected();
    expect(entry!.latencyMs).toBeGreaterThanOrEqual(10);
    expect(entry!.latencyMs).toBeLessThanOrEqual(30);
  });

  it('shows its settings with the defaults filled in: every kind but stall, a seed, the interface paths', () => {
    const chaos = server.faults.chaos({ rate: 0.1 });
    expect(chaos.kinds).toEqual([
      429,
      500,
      503,
      'drop',
      'reset',
      'reset-mid-body',
      'truncate',
      'malformed',
      'empty',
      'html',
      'latency',
    ]);
    expect(Number.isInteger(chaos.seed)).toBe(true);
    expect(server.faults.activeChaos()).toEqual(chaos);
  });

  it('is replaced by a second call, and ended by faults.clear() and server.reset()', async () => {
    server.faults.chaos({ rate: 1, kinds: [503] });
    server.faults.chaos({ rate: 1, kinds: [500] });
    expect((await get('/v1/')).status).toBe(500);
    server.faults.clear();
    expect(server.faults.activeChaos()).toBeUndefined();
    expect((await get('/v1/')).status).toBe(200);
    server.faults.chaos({ rate: 1, kinds: [500] });
    server.reset();
    expect((await get('/v1/')).status).toBe(200);
  });

  it('leaves requests to faults added with faults.add first', async () => {
    server.faults.chaos({ rate: 1, kinds: [503] });
    server.faults.add({ path: '/v1/', status: 418 });
    expect((await get('/v1/')).status).toBe(418);
    expect((await get('/v1/')).status).toBe(503);
  });
});

describe('chaos through the admin routes', () => {
  it('starts with POST /__admin/faults/chaos, shows in GET /__admin/faults, ends with DELETE /__admin/faults', async () => {
    const started = await admin('POST', '/faults/chaos', { rate: 1, kinds: [503], seed: 7 });
    expect(started.status).toBe(200);
    expect(await started.json()).toMatchObject({ rate: 1, kinds: [503], seed: 7 });
    expect((await get('/v1/')).status).toBe(503);
    const listed = (await (await admin('GET', '/faults')).json()) as Record<string, unknown>;
    expect(listed).toMatchObject({ faults: [], chaos: { rate: 1, seed: 7 } });
    expect((await admin('DELETE', '/faults')).status).toBe(204);
    expect((await (await admin('GET', '/faults')).json()) as object).toEqual({
      faults: [],
      chaos: null,
      injected: [],
    });
    expect((await get('/v1/')).status).toBe(200);
  });

  it.each([
    [{ rate: 2 }, 'rate must be a number from 0 to 1'],
    [{ rate: 0.1, kinds: ['teapot'] }, 'kinds: "teapot" is neither a status'],
    [{ rate: 0.1, kinds: [200] }, 'kinds: "200" is neither a status from 400 to 599'],
    [{ rate: 0.1, kinds: [] }, 'kinds must be a list of at least one kind'],
    [{ rate: 0.1, paths: ['v1'] }, 'paths: "v1" is not a path that starts with /'],
    [{ rate: 0.1, paths: ['/__admin'] }, 'paths: "/__admin" is under /__admin'],
    [{ rate: 0.1, seed: -1 }, 'seed must be an integer from 0 to 4294967295'],
    [{ rate: 0.1, kinds: [503], latencyMs: 5 }, 'latencyMs goes with the kind "latency"'],
    [{ rate: 0.1, latencyMs: { min: 9, max: 1 } }, 'latencyMs: min must not be above max'],
    [{ rate: 0.1, rat: 1 }, 'rat'],
  ])(
    'refuses %j by name, through faults.chaos and the admin route, changing nothing',
    async (options, words) => {
      server.faults.chaos({ rate: 0.5, kinds: [500], seed: 1 });
      const before = server.faults.activeChaos();
      expect(() => server.faults.chaos(options as never)).toThrow(words);
      const response = await admin('POST', '/faults/chaos', options);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toContain(words);
      expect(server.faults.activeChaos()).toEqual(before);
    },
  );
});
