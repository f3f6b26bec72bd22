import { describe, expect, it } from 'vitest';
import { startFleet, warningsOf } from './support/fleet';
import { eventually, everythingIn, useWorld } from './support/world';

const world = useWorld();

/** The pause a 429 asks for, in ms; the waits below are held to 5 times it. */
const RETRY_AFTER_MS = 2_000;

describe('a 429 with Retry-After in one process of a fleet', () => {
  it('holds back a process that starts calling a moment later until the pause has passed', async () => {
    const [first, later] = await startFleet(2, {
      kind: 'docs',
      baseUrl: world.url,
      redisUrl: world.redis.url,
      logLevel: 'debug',
    });
    world.processes.push(first!, later!);
    world.server.faults.add({
      path: '/v1/spaces/space_handbook',
      status: 429,
      retryAfter: RETRY_AFTER_MS / 1000,
    });
    const firstDone = first!.calls(1);
    await eventually(
      async () => (await everythingIn(world.redis.url)).some((key) => key.endsWith(':pause')),
      'the first process got its 429 and recorded the pause',
    );
    const refusedAt = world.server.traffic.snapshot().startedAt[0]!;
    const laterDone = later!.calls(1);
    const [firstResult, laterResult] = await Promise.all([firstDone, laterDone]);
    expect(firstResult.failed).toEqual([]);
    expect(laterResult.failed).toEqual([]);
    expect(warningsOf([first!, later!])).toEqual([]);
    const waited = await later!.logged(
      /waiting \d+ ms, the pause the service asked of the fleet/,
      'the later process said it waited',
    );
    expect(waited.level).toBe('debug');
    // Three requests reached the server: the refused one, its retry, and the later process's
    // one, which came no sooner than the pause allowed; only the first was refused.
    const { startedAt } = world.server.traffic.snapshot();
    expect(startedAt).toHaveLength(3);
    for (const start of startedAt.slice(1)) {
      expect(start - refusedAt).toBeGreaterThanOrEqual(RETRY_AFTER_MS);
      expect(start - refusedAt).toBeLessThan(5 * RETRY_AFTER_MS);
    }
    expect(world.server.faults.injected()).toHaveLength(1);
  });
});
