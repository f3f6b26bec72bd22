import { identityTag, keyOf, sharedToken } from '@clientkit/core/internal';
import { createClient } from '@redis/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeFleetCoordination } from '../../../test-support/coordination';
import { type RedisCoordination, redisCoordination } from '../src/index';
import { freePort, type RedisServer, startRedisServer } from './support/redis-server';

let server: RedisServer;
const joined: RedisCoordination[] = [];

beforeAll(async () => {
  server = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(joined.splice(0).map((coordination) => coordination.close()));
});
afterAll(() => server?.stop());

/** One more process of the fleet: a coordination with its own connection to the one server. */
function join(options: { prefix?: string } = {}): RedisCoordination {
  // The rules are checked here, not the time limit: a busy machine gets a generous one.
  const coordination = redisCoordination({ url: server.url, commandTimeoutMs: 5_000, ...options });
  joined.push(coordination);
  return coordination;
}

describeFleetCoordination('Redis', () => ({ join: () => join() }));

describe('redisCoordination on Redis', () => {
  it('keeps every key under the prefix, hash-tagged by a digest, and no token or secret in the values', async () => {
    const prefix = `app-${crypto.randomUUID()}:`;
    const coordination = join({ prefix });
    const identity = ['idm-token', 'https://tenant.example/oauth/token', 'client-id-1'];
    const exchange = async () => ({ token: 'eyJ.live-token-value.sig', expiresIn: 3600 });
    await sharedToken(coordination, { identity, secret: 'the-client-secret', exchange });

    const reader = createClient({ url: server.url });
    await reader.connect();
    try {
      const keys = await reader.keys(`${prefix}*`);
      const tag = await identityTag(identity);
      expect(keys).toEqual([`${prefix}${keyOf(tag, 'token')}`]);
      expect(keys[0]).toMatch(/^app-[0-9a-f-]+:\{[0-9a-f]{64}\}:token$/);
      const value = await reader.get(keys[0] as string);
      expect(value).toMatch(/^v1\./);
      expect(value).not.toContain('live-token-value');
      expect(value).not.toContain('the-client-secret');
      expect(keys[0]).not.toContain('client-id-1');
    } finally {
      reader.destroy();
    }
  });

  it('runs on the application’s own client, and leaves it open when the coordination closes', async () => {
    const client = createClient({ url: server.url });
    await client.connect();
    try {
      const coordination = redisCoordination({ client, commandTimeoutMs: 5_000 });
      await coordination.set('{own}:value', 'through the application client', 60_000);
      expect(await client.get('clientkit:{own}:value')).toBe('through the application client');
      await coordination.close();
      expect(client.isReady).toBe(true);
      await expect(coordination.get('{own}:value')).rejects.toThrow(/closed/);
    } finally {
      client.destroy();
    }
  });

  it('loads its scripts again when the server has forgotten them (after a restart)', async () => {
    const coordination = join();
    await coordination.set('{flush}:value', 'before', 60_000);
    const admin = createClient({ url: server.url });
    await admin.connect();
    await admin.sendCommand(['SCRIPT', 'FLUSH']);
    admin.destroy();
    await coordination.set('{flush}:value', 'after', 60_000);
    expect(await coordination.get('{flush}:value')).toBe('after');
  });

  it('ends with await using, and refuses operations once closed', async () => {
    let kept: RedisCoordination | undefined;
    {
      await using coordination = redisCoordination({ url: server.url, commandTimeoutMs: 5_000 });
      await coordination.pause('{dispose}:pause', 1_000);
      kept = coordination;
    }
    await expect(kept.pausedFor('{dispose}:pause')).rejects.toThrow(/closed/);
  });

  it('rejects commands at once, saying why, while it cannot reach Redis', async () => {
    const coordination = redisCoordination({
      url: `redis://127.0.0.1:${await freePort()}`,
      commandTimeoutMs: 5_000,
    });
    joined.push(coordination);
    const startedAt = performance.now();
    await expect(coordination.get('{down}:value')).rejects.toThrow(
      /not connected to Redis: .*ECONNREFUSED/,
    );
    await expect(coordination.pausedFor('{down}:pause')).rejects.toThrow(/ECONNREFUSED/);
    expect(performance.now() - startedAt).toBeLessThan(5_000);
  });

  it('rejects a command that takes longer than commandTimeoutMs', async () => {
    const coordination = redisCoordination({ url: server.url, commandTimeoutMs: 100 });
    joined.push(coordination);
    await coordination.get('{slow}:value');
    server.stall();
    try {
      const startedAt = performance.now();
      await expect(coordination.get('{slow}:value')).rejects.toThrow(
        'Redis did not answer within 100 ms',
      );
      const took = performance.now() - startedAt;
      expect(took).toBeGreaterThanOrEqual(99);
      // Redis stays stalled: any bound proves the command was cut short, and a busy machine needs room.
      expect(took).toBeLessThan(5_000);
    } finally {
      server.resume();
    }
  });
});

describe('redisCoordination options', () => {
  it('refuses bad options by name before connecting', () => {
    expect(() => redisCoordination({ url: 'http://cache:6379' })).toThrow(
      /url must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => redisCoordination({ prefix: 'app:{x}:' })).toThrow(/prefix must be a string/);
    expect(() => redisCoordination({ commandTimeoutMs: 0 })).toThrow(
      /commandTimeoutMs must be a positive number/,
    );
    expect(() => redisCoordination({ client: {} as never })).toThrow(/client must be a node-redis/);
    expect(() => redisCoordination({ timeout: 5 } as never)).toThrow(/timeout is not an option/);
  });

  it('takes a url or a client, not both', async () => {
    const client = createClient({ url: server.url });
    expect(() => redisCoordination({ url: server.url, client })).toThrow(
      /client must not be given with url/,
    );
  });
});
