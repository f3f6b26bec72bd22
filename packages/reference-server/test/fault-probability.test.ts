import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../src/faults/seeded-random';
import { createReferenceServer, type FaultSpec, type ReferenceServer } from '../src/index';

const ORIGIN = 'http://reference.test';
const auth = { authorization: 'Bearer docs-dev-user-ada' };

let server: ReferenceServer;

beforeAll(async () => {
  server = await createReferenceServer({ clock: { frozen: true } });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

/** The statuses of `requests` GETs of the docs root, in order. */
async function statuses(requests: number): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < requests; i++) {
    seen.push((await server.fetch(`${ORIGIN}/v1/`, { headers: auth })).status);
  }
  return seen;
}

/** The statuses a fresh run of `spec` gives over 40 requests. */
async function run(spec: FaultSpec): Promise<number[]> {
  server.reset();
  server.faults.add(spec);
  return statuses(40);
}

describe('seededRandom', () => {
  it('gives the same sequence in [0, 1) for the same seed, and another for another seed', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(draw(7).every((value) => value >= 0 && value < 1)).toBe(true);
  });
});

describe('a fault with a probability', () => {
  it('affects each matching request with that probability, replayed exactly by its seed', async () => {
    const first = await run({ path: '/v1/', status: 503, probability: 0.5, seed: 7 });
    expect(first).toContain(503);
    expect(first).toContain(200);
    expect(await run({ path: '/v1/', status: 503, probability: 0.5, seed: 7 })).toEqual(first);
    expect(await run({ path: '/v1/', status: 503, probability: 0.5, seed: 8 })).not.toEqual(first);
  });

  it('stays until cleared, counting what it applied, with no remaining count', async () => {
    const fault = server.faults.add({ path: '/v1/', status: 503, probability: 1 });
    await statuses(3);
    expect(fault.applied).toBe(3);
    expect(server.faults.list()).toEqual([expect.objectContaining({ id: fault.id, applied: 3 })]);
    expect(server.faults.list()[0]).not.toHaveProperty('remaining');
  });

  it('never affects a request at probability 0, and lets a later fault apply instead', async () => {
    server.faults.add({ path: '/v1/', status: 503, probability: 0 });
    server.faults.add({ path: '/v1/', status: 429 });
    expect(await statuses(2)).toEqual([429, 200]);
  });

  it('shows a seed of its own when given none, which replays the run', async () => {
    const { seed } = server.faults.add({ path: '/v1/', status: 503, probability: 0.5 });
    expect(Number.isInteger(seed)).toBe(true);
    const first = await statuses(40);
    expect(first).toContain(503);
    expect(await run({ path: '/v1/', status: 503, probability: 0.5, seed })).toEqual(first);
  });

  it('draws from its own generator, so another fault does not shift its sequence', async () => {
    const alone = await run({ path: '/v1/', status: 503, probability: 0.5, seed: 3 });
    server.reset();
    server.faults.add({ path: '/v1/', status: 503, probability: 0.5, seed: 3 });
    server.faults.add({ path: '/v2/billing/', status: 500, probability: 0.5, seed: 99 });
    for (let i = 0; i < 5; i++) await server.fetch(`${ORIGIN}/v2/billing/v1/customers`);
    expect(await statuses(40)).toEqual(alone);
  });
});
