import { describe, expect, it } from 'vitest';
import { startFleet } from './support/fleet';
import { eventually, useWorld } from './support/world';

const world = useWorld();

/** Resolves once the server has seen `count` more requests than now. */
function moreRequests(count: number, what: string): Promise<void> {
  const target = world.server.traffic.snapshot().requests + count;
  return eventually(() => world.server.traffic.snapshot().requests >= target, what);
}

describe('a fleet whose Redis is killed mid-run and restarted', () => {
  it('fails no call, warns once per process, and coordinates again once Redis is back', async () => {
    const fleet = await startFleet(3, {
      kind: 'docs',
      baseUrl: world.url,
      redisUrl: world.redis.url,
      throttle: { concurrency: 1 },
      logLevel: 'info',
    });
    world.processes.push(...fleet);
    // Each process calls one request after another; a slow answer makes them overlap unless the
    // shared cap of one request in flight holds them apart.
    world.server.faults.add({ path: '/v1/spaces', latencyMs: 20, probability: 1 });
    for (const process of fleet) process.loop();
    await moreRequests(15, 'the fleet called through Redis');
    expect(world.server.traffic.snapshot().mostInFlight).toBe(1);

    await world.redis.kill();
    await Promise.all(
      fleet.map((process) =>
        process.logged(/the shared coordination failed/, 'each process warned'),
      ),
    );
    world.server.traffic.reset();
    await moreRequests(30, 'the fleet called on without Redis');
    // Without Redis each process keeps its own cap: their requests overlap.
    expect(world.server.traffic.snapshot().mostInFlight).toBeGreaterThan(1);

    await world.redis.restart();
    await Promise.all(
      fleet.map((process) =>
        process.logged(/answers again; the fleet coordinates/, 'each process coordinated again'),
      ),
    );
    await moreRequests(3, 'the calls of the outage ended');
    world.server.traffic.reset();
    await moreRequests(15, 'the fleet called through Redis again');
    expect(world.server.traffic.snapshot().mostInFlight).toBe(1);

    const done = await Promise.all(fleet.map((process) => process.stop()));
    expect(done.flatMap((result) => result.failed)).toEqual([]);
    for (const process of fleet) {
      const warnings = process.logs.filter((line) => line.level === 'warn');
      expect(warnings.map((line) => line.message)).toEqual([
        expect.stringMatching(
          /^clientkit: the shared coordination failed \(.+\); this process goes on/,
        ),
      ]);
    }
  });
});
