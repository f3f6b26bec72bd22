import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INJECTED_LOG_LIMIT } from '../src/faults/injected-log';
import { createReferenceServer, type ReferenceServer } from '../src/index';

let server: ReferenceServer;
let url: string;

beforeAll(async () => {
  server = await createReferenceServer({ admin: true, clock: { frozen: true } });
  ({ url } = await server.listen(0));
});
beforeEach(() => server.reset());
afterAll(() => server.close());

const auth = { authorization: 'Bearer docs-dev-user-ada' };
const listFaults = async () =>
  (await (await fetch(`${url}/__admin/faults`)).json()) as Record<string, unknown>;

describe('the log of injected faults', () => {
  it('records each injection with the x-request-id of its exchange, the method, path, kind and fault id', async () => {
    const status = server.faults.add({ method: 'GET', path: '/v1/', status: 503, retryAfter: 1 });
    const cut = server.faults.add({ path: '/v1/spaces/space_handbook', kind: 'truncate' });
    const first = await fetch(`${url}/v1/`, { headers: auth });
    const second = await fetch(`${url}/v1/spaces/space_handbook`, { headers: auth });
    await second.text().catch(() => undefined);
    expect(server.faults.injected()).toEqual([
      {
        requestId: first.headers.get('x-request-id'),
        method: 'GET',
        path: '/v1/',
        kind: 'status',
        status: 503,
        source: 'fault',
        faultId: status.id,
      },
      {
        requestId: second.headers.get('x-request-id'),
        method: 'GET',
        path: '/v1/spaces/space_handbook',
        kind: 'truncate',
        source: 'fault',
        faultId: cut.id,
      },
    ]);
  });

  it('is shown by GET /__admin/faults next to the faults still waiting, which keep their shape', async () => {
    const { id } = server.faults.add({ path: '/v1/', status: 500, count: 2 });
    const answered = await fetch(`${url}/v1/`, { headers: auth });
    const listed = await listFaults();
    expect(listed.faults).toEqual([
      { path: '/v1/', status: 500, count: 2, id, remaining: 1, applied: 1 },
    ]);
    expect(listed.chaos).toBeNull();
    expect(listed.injected).toEqual([
      expect.objectContaining({ requestId: answered.headers.get('x-request-id'), kind: 'status' }),
    ]);
  });

  it('names a request whose connection was dropped by the id the server gave it, although no header carried it', async () => {
    server.faults.add({ path: '/v1/', drop: true });
    await expect(fetch(`${url}/v1/`, { headers: auth })).rejects.toThrow('fetch failed');
    const [entry] = server.faults.injected();
    expect(entry).toMatchObject({ kind: 'drop', source: 'fault' });
    expect(entry!.requestId).toMatch(/^req_/);
  });

  it(`keeps only the latest ${INJECTED_LOG_LIMIT} injections`, async () => {
    expect(INJECTED_LOG_LIMIT).toBe(1000);
    server.faults.add({ path: '/v1/', status: 503, probability: 1 });
    const ids: string[] = [];
    for (let i = 0; i < INJECTED_LOG_LIMIT + 5; i++) {
      const response = await server.fetch('http://reference.test/v1/', { headers: auth });
      ids.push(response.headers.get('x-request-id')!);
    }
    const log = server.faults.injected();
    expect(log).toHaveLength(INJECTED_LOG_LIMIT);
    expect(log.map((entry) => entry.requestId)).toEqual(ids.slice(5));
  });

  it('records nothing for a request no fault came up for, and is emptied by faults.clear()', async () => {
    server.faults.add({ path: '/v1/', status: 503, probability: 0 });
    await fetch(`${url}/v1/`, { headers: auth });
    expect(server.faults.injected()).toEqual([]);
    server.faults.add({ path: '/v1/', status: 503 });
    await fetch(`${url}/v1/`, { headers: auth });
    expect(server.faults.injected()).toHaveLength(1);
    server.faults.clear();
    expect(server.faults.injected()).toEqual([]);
  });

  it('is a copy: changing what it returned changes nothing', async () => {
    server.faults.add({ path: '/v1/', status: 503 });
    await fetch(`${url}/v1/`, { headers: auth });
    server.faults.injected()[0]!.kind = 'drop';
    expect(server.faults.injected()[0]!.kind).toBe('status');
  });
});
