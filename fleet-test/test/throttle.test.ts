import { describe, expect, it } from 'vitest';
import { startFleet, warningsOf } from './support/fleet';
import { useWorld } from './support/world';

const world = useWorld();

async function docsFleet(count: number, throttle: object) {
  const processes = await startFleet(count, {
    kind: 'docs',
    baseUrl: world.url,
    redisUrl: world.redis.url,
    throttle,
  });
  world.processes.push(...processes);
  return processes;
}

describe('a throttle shared by a fleet through Redis', () => {
  it('concurrency: 2 across 4 processes never has more than 2 requests in flight at the server', async () => {
    const fleet = await docsFleet(4, { concurrency: 2 });
    // Every answer takes a while, so that requests the caps let through overlap.
    world.server.faults.add({ path: '/v1/spaces', latencyMs: 100, probability: 1 });
    world.server.traffic.reset();
    const done = await Promise.all(fleet.map((process) => process.calls(4)));
    expect(done.flatMap((result) => result.failed)).toEqual([]);
    expect(warningsOf(fleet)).toEqual([]);
    const traffic = world.server.traffic.snapshot();
    expect(traffic.requests).toBe(16);
    expect(traffic.mostInFlight).toBe(2);
  });

  it('requestsPerSecond: 5 across 4 processes never starts more than 5 requests in any second', async () => {
    const fleet = await docsFleet(4, { requestsPerSecond: 5 });
    world.server.traffic.reset();
    const done = await Promise.all(fleet.map((process) => process.calls(3)));
    expect(done.flatMap((result) => result.failed)).toEqual([]);
    expect(warningsOf(fleet)).toEqual([]);
    const { startedAt } = world.server.traffic.snapshot();
    expect(startedAt).toHaveLength(12);
    const starts = [...startedAt].sort((a, b) => a - b);
    // The fleet spaces its starts 200 ms apart, so the sixth after any start is a second later;
    // the server sees them as they arrive, after a moment of delivery each: a few ms on an idle
    // machine, up to about 110 ms seen on a busy one, where one late arrival shortens the gap
    // after it. 250 ms leaves room for that and still tells five a second from none at all.
    const deliveryMs = 250;
    for (let first = 0; first + 5 < starts.length; first += 1) {
      expect(starts[first + 5]! - starts[first]!).toBeGreaterThanOrEqual(1000 - deliveryMs);
    }
    // Twelve starts at five a second take over two seconds: the cap held, it did not stall.
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(11 * 200 - deliveryMs);
    expect(starts.at(-1)! - starts[0]!).toBeLessThan(5 * 11 * 200);
  });
});
