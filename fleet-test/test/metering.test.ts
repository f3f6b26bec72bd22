import { describe, expect, it } from 'vitest';
import { startFleet, warningsOf } from './support/fleet';
import { everythingIn, useWorld } from './support/world';

const world = useWorld();
const API_KEY = 'sk_test_clientkit_dev_key';

describe('a fleet of metering clients with the same API key', () => {
  it('creates one session for 4 processes, and keeps neither it nor the key in Redis in plain text', async () => {
    const fleet = await startFleet(4, {
      kind: 'metering',
      baseUrl: world.url,
      redisUrl: world.redis.url,
      apiKey: API_KEY,
    });
    world.processes.push(...fleet);
    const done = await Promise.all(fleet.map((process) => process.calls(3)));
    expect(done.flatMap((result) => result.failed)).toEqual([]);
    expect(warningsOf(fleet)).toEqual([]);
    expect(world.server.metering.sessions().created).toBe(1);
    expect(done.map((result) => result.sessionsCreated).sort()).toEqual([0, 0, 0, 1]);
    await world.server.clock.settle();
    expect(world.server.metering.counted().total).toBe(12);
    const stored = await everythingIn(world.redis.url);
    expect(stored.some((text) => text.startsWith('v1.'))).toBe(true);
    for (const text of stored) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toMatch(/mest_/);
    }
  });
});
