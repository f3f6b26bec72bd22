import { identityTag, keyOf, sharedToken } from '@clientkit/core/internal';
import { createClient } from '@redis/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeFleetCoordination } from '../../../test-support/coordination';
import { freePort, type RedisServer, startRedisServer } from '../../../test-support/redis-server';
import { within } from '../../../test-support/within';
import { redisCoordination } from '../src/index';
import { storeOn } from './support/store';

let server: RedisServer;
const joined: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(joined.splice(0).map((coordination) => coordination.close()));
});
afterAll(() => server?.stop());

/** One more process of the fleet: a store with its own connection to the one server. */
function join(options: { prefix?: string; commandTimeoutMs?: number } = {}) {
  // The rules are checked here, not the time limit: a busy machine gets a generous one.
  const store = storeOn(server.url, options);
  joined.push(store);
  return store;
}

/** Polls `condition` until it holds, for 20 s at most (a busy machine is slow). */
async function eventually(condition: () => Promise<boolean>): Promise<void> {
  const poll = async () => {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await within(20_000, 'the condition held', poll());
}

/** A log that keeps what a coordination writes. */
function logged() {
  const warnings: string[] = [];
  return {
    warnings,
    debug: (_message: string) => {},
    info: () => {},
    warn: (message: string) => void warnings.push(message),
  };
}

/** A turn for an attempt on `url` with these credentials, as a client asks for it. */
function attemptOn(url: string, log = logged()) {
  return {
    operation: 'docs.spaces.get',
    url,
    credentials: { authorization: 'Bearer docs-token-value' },
    throttle: undefined,
    signal: new AbortController().signal,
    log,
  };
}

describeFleetCoordination('Redis', () => ({ join: () => join() }));

describe('the Redis store', () => {
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

  it('rejects commands at once, saying why, while it cannot reach Redis', async () => {
    const coordination = storeOn(`redis://127.0.0.1:${await freePort()}`);
    joined.push(coordination);
    const startedAt = performance.now();
    await expect(coordination.get('{down}:value')).rejects.toThrow(
      /not connected to Redis: .*ECONNREFUSED/,
    );
    await expect(coordination.pausedFor('{down}:pause')).rejects.toThrow(/ECONNREFUSED/);
    expect(performance.now() - startedAt).toBeLessThan(5_000);
  });

  it('rejects a command that takes longer than commandTimeoutMs', async () => {
    const coordination = join({ commandTimeoutMs: 100 });
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

describe('redisCoordination', () => {
  it('shares a pause through Redis: one process records it, another waits for it', async () => {
    const origin = `https://${crypto.randomUUID()}.docs.example`;
    const first = redisCoordination({ url: server.url, commandTimeoutMs: 5_000 });
    const second = redisCoordination({ url: server.url, commandTimeoutMs: 5_000 });
    joined.push(first, second);
    const end = await first.beforeAttempt(attemptOn(`${origin}/v1/spaces/a`));
    end({ status: 429, headers: () => new Headers({ 'retry-after': '0.3' }) });
    const waits: string[] = [];
    const log = { ...logged(), debug: (message: string) => void waits.push(message) };
    await eventually(async () => {
      (await second.beforeAttempt(attemptOn(`${origin}/v1/spaces/b`, log)))();
      return waits.length > 0;
    });
    expect(waits[0]).toMatch(
      /^docs\.spaces\.get: waiting \d+ ms, the pause the service asked of the fleet$/,
    );
  });

  it('runs on the application’s own client, keys under the prefix, and leaves it open when closed', async () => {
    const client = createClient({ url: server.url });
    await client.connect();
    try {
      const prefix = `own-${crypto.randomUUID()}:`;
      const coordination = redisCoordination({ client, prefix, commandTimeoutMs: 5_000 });
      const end = await coordination.beforeAttempt(attemptOn('https://docs.example/v1/x'));
      end({ status: 503, headers: () => new Headers({ 'retry-after': '30' }) });
      await eventually(async () => (await client.keys(`${prefix}*`)).length === 1);
      const [key] = await client.keys(`${prefix}*`);
      expect(key).toMatch(/^own-[0-9a-f-]+:\{[0-9a-f]{64}\}:pause$/);
      expect(key).not.toContain('docs-token-value');
      await coordination.close();
      expect(client.isReady).toBe(true);
    } finally {
      client.destroy();
    }
  });

  it('ends its connection with await using; a client that still calls it goes on alone and is told why', async () => {
    let kept: ReturnType<typeof redisCoordination> | undefined;
    {
      await using coordination = redisCoordination({ url: server.url, commandTimeoutMs: 5_000 });
      (await coordination.beforeAttempt(attemptOn('https://docs.example/v1/x')))();
      kept = coordination;
    }
    const log = logged();
    (await kept.beforeAttempt(attemptOn('https://docs.example/v1/x', log)))();
    expect(log.warnings).toHaveLength(1);
    expect(log.warnings[0]).toMatch(/this Redis coordination is closed/);
  });

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
