import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

let server: ReferenceServer;
let url: string;

beforeAll(async () => {
  server = await createReferenceServer({ admin: true });
  ({ url } = await server.listen(0));
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const space = () =>
  fetch(`${url}/v1/spaces/space_handbook`, {
    headers: { authorization: 'Bearer docs-dev-user-ada' },
  });

describe('traffic', () => {
  it('counts the requests to the interfaces, and when each arrived on the server clock', async () => {
    const before = server.clock.now();
    await space();
    await space();
    await fetch(`${url}/__admin/faults`);
    await fetch(`${url}/v1/spaces/space_handbook`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });
    const traffic = server.traffic.snapshot();
    expect(traffic).toMatchObject({
      requests: 2,
      inFlight: 0,
      mostInFlight: 1,
      statuses: { 200: 2 },
    });
    expect(traffic.startedAt).toHaveLength(2);
    for (const start of traffic.startedAt) {
      expect(start).toBeGreaterThanOrEqual(before);
      expect(start).toBeLessThanOrEqual(server.clock.now());
    }
  });

  it('counts the answers by status, an injected one included', async () => {
    server.faults.add({ path: '/v1/spaces', status: 429, retryAfter: 1 });
    await space();
    await space();
    expect(server.traffic.snapshot().statuses).toEqual({ 200: 1, 429: 1 });
  });

  it('counts the most requests in flight at once, a fault’s latency included', async () => {
    server.faults.add({ path: '/v1/spaces', latencyMs: 200, count: 3 });
    await Promise.all([space(), space(), space()]);
    expect(server.traffic.snapshot().mostInFlight).toBe(3);
  });

  it('GET /__admin/traffic reads the counters, DELETE counts afresh, and a reset does too', async () => {
    await space();
    const read = async () => (await (await fetch(`${url}/__admin/traffic`)).json()) as object;
    expect(await read()).toMatchObject({ requests: 1, mostInFlight: 1 });
    expect((await fetch(`${url}/__admin/traffic`, { method: 'DELETE' })).status).toBe(204);
    expect(await read()).toEqual({
      requests: 0,
      inFlight: 0,
      mostInFlight: 0,
      statuses: {},
      startedAt: [],
    });
    await space();
    await fetch(`${url}/__admin/reset`, { method: 'POST' });
    expect(await read()).toMatchObject({ requests: 0 });
  });
});
