/**
 * What a fleet test runs against: a reference server in this process, listening on 127.0.0.1, and
 * a real `redis-server` (no persistence, a free port), both stopped after the file.
 */
import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { createClient } from '@redis/client';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type RedisServer, startRedisServer } from '../../../test-support/redis-server';
import { within } from '../../../test-support/within';
import type { FleetProcess } from './fleet';

export interface World {
  server: ReferenceServer;
  url: string;
  redis: RedisServer;
  /** Processes started by the test, ended after it. */
  processes: FleetProcess[];
}

/** Starts the server and Redis for the file; the processes a test adds to `processes` end after it. */
export function useWorld(): World {
  const world = { processes: [] } as unknown as World;
  beforeAll(async () => {
    world.redis = await startRedisServer();
    world.server = await createReferenceServer();
    ({ url: world.url } = await world.server.listen(0, '127.0.0.1'));
  });
  beforeEach(async () => {
    await Promise.all(world.processes.splice(0).map((process) => process.exit()));
    world.server.reset();
    await flush(world.redis.url);
  });
  afterAll(async () => {
    await Promise.all(world.processes.splice(0).map((process) => process.exit()));
    await world.server?.close();
    await world.redis?.stop();
  });
  return world;
}

/** Empties Redis: what one test's fleet shared is not there for the next. */
async function flush(redisUrl: string): Promise<void> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  await client.flushAll();
  client.destroy();
}

/** Every key of Redis with its value (a sorted set's members and scores), as text. */
export async function everythingIn(redisUrl: string): Promise<string[]> {
  const client = createClient({ url: redisUrl });
  await client.connect();
  try {
    const entries: string[] = [];
    for await (const keys of client.scanIterator({ MATCH: '*' })) {
      for (const key of keys) {
        const type = await client.type(key);
        const value =
          type === 'zset'
            ? JSON.stringify(await client.zRangeWithScores(key, 0, -1))
            : String(await client.get(key));
        entries.push(key, value);
      }
    }
    return entries;
  } finally {
    client.destroy();
  }
}

/** Polls `condition` until it holds; fails naming it after `limitMs`. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  what: string,
  limitMs = 20_000,
): Promise<void> {
  const poll = async () => {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  await within(limitMs, what, poll());
}
