import {
  identityTag,
  keyOf,
  resilientStore,
  sharedPause,
  sharedToken,
} from '@clientkit/core/internal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RedisServer, startRedisServer } from '../../../test-support/redis-server';
import { within } from '../../../test-support/within';
import { storeOn } from './support/store';

const COMMAND_TIMEOUT_MS = 100;
/** Five times the command timeout: a fallback takes no longer than that on a busy machine. */
const FALLBACK_CEILING_MS = 5 * COMMAND_TIMEOUT_MS;

let server: RedisServer;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startRedisServer();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((coordination) => coordination.close()));
});
afterAll(() => server?.stop());

/** One process of a fleet, as a client would hold its coordination: resilient, logging. */
function processOfFleet() {
  const redis = storeOn(server.url, { commandTimeoutMs: COMMAND_TIMEOUT_MS });
  opened.push(redis);
  const warnings: string[] = [];
  const infos: string[] = [];
  const coordination = resilientStore(redis, { retryAfterMs: 200 }).via({
    warn: (message) => void warnings.push(message),
    info: (message) => void infos.push(message),
  });
  return { redis, coordination, warnings, infos };
}

/** One process of a fleet once its connection to Redis answers (a busy machine connects slowly). */
async function connectedProcessOfFleet() {
  const joined = processOfFleet();
  await eventually(
    () =>
      joined.redis.pausedFor('{connected}:pause').then(
        () => true,
        () => false,
      ),
    'the process connected to Redis',
  );
  return joined;
}

/** Runs `operation` and answers how long it took. */
async function timed(operation: () => Promise<unknown>): Promise<number> {
  const startedAt = performance.now();
  await operation();
  return performance.now() - startedAt;
}

async function eventually(condition: () => Promise<boolean>, what: string): Promise<void> {
  const poll = async () => {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  await within(20_000, what, poll());
}

const retryAfter = (seconds: string) => new Headers({ 'retry-after': seconds });

describe('a fleet whose Redis fails mid-run', () => {
  it('goes on within commandTimeoutMs when Redis is killed mid-run, warns once, and coordinates again once it is back', async () => {
    const a = await connectedProcessOfFleet();
    const b = await connectedProcessOfFleet();
    const service = ['docs', 'https://docs.example', crypto.randomUUID()];
    await sharedPause(a.coordination, service).record(429, retryAfter('30'));
    const pauseBefore = keyOf(await identityTag(service), 'pause');
    expect(await b.coordination.pausedFor(pauseBefore)).toBeGreaterThan(20_000);

    // Process A keeps working, as a client would before each call, while Redis dies and comes back.
    const durations: number[] = [];
    let running = true;
    const work = (async () => {
      for (let call = 0; running; call += 1) {
        durations.push(await timed(() => a.coordination.pausedFor('{outage}:pause')));
        const exchange = async () => ({ token: `token-${call}`, expiresIn: 3600 });
        const identity = ['outage', String(call)];
        durations.push(
          await timed(() => sharedToken(a.coordination, { identity, secret: 's', exchange })),
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await eventually(async () => durations.length >= 20, 'process A worked through Redis');
    await server.kill();
    const atKill = durations.length;
    await eventually(async () => durations.length >= atKill + 40, 'process A worked without Redis');
    expect(a.warnings).toHaveLength(1);
    expect(a.warnings[0]).toMatch(/shared coordination failed/);
    await server.restart();
    await eventually(async () => a.infos.length === 1, 'process A coordinated through Redis again');
    running = false;
    await work;
    expect(Math.max(...durations)).toBeLessThan(FALLBACK_CEILING_MS);

    // A pause one process records after the restart holds the other back: coordination is back.
    const after = ['docs', 'https://docs.example', crypto.randomUUID()];
    await sharedPause(a.coordination, after).record(429, retryAfter('30'));
    const pauseKey = keyOf(await identityTag(after), 'pause');
    await eventually(
      async () => (await b.coordination.pausedFor(pauseKey)) > 20_000,
      'process B saw the pause process A recorded',
    );
    expect(a.warnings).toHaveLength(1);
    expect(b.warnings.length).toBeLessThanOrEqual(1);
  });

  it('goes on within commandTimeoutMs when Redis stalls, and coordinates again when it resumes', async () => {
    const a = await connectedProcessOfFleet();
    const b = await connectedProcessOfFleet();
    server.stall();
    try {
      const first = await timed(() => a.coordination.set('{stall}:value', 'local', 60_000));
      expect(first).toBeGreaterThanOrEqual(COMMAND_TIMEOUT_MS - 1);
      expect(first).toBeLessThan(FALLBACK_CEILING_MS);
      // Until it tries Redis again, the process does not wait for it at all.
      expect(await timed(() => a.coordination.get('{stall}:value'))).toBeLessThan(
        COMMAND_TIMEOUT_MS,
      );
      expect(await a.coordination.get('{stall}:value')).toBe('local');
      expect(a.warnings).toHaveLength(1);
    } finally {
      server.resume();
    }
    await eventually(async () => {
      await a.coordination.get('{stall}:probe');
      return a.infos.length === 1;
    }, 'process A coordinated through Redis again');
    await a.coordination.set('{stall}:shared', 'through Redis', 60_000);
    expect(await b.coordination.get('{stall}:shared')).toBe('through Redis');
  });

  it('lets a process start while Redis is down, and warns once', async () => {
    await server.kill();
    try {
      const a = processOfFleet();
      const took = await timed(() => a.coordination.pausedFor('{down}:pause'));
      expect(took).toBeLessThan(FALLBACK_CEILING_MS);
      await a.coordination.pause('{down}:pause', 5_000);
      expect(await a.coordination.pausedFor('{down}:pause')).toBeGreaterThan(0);
      expect(a.warnings).toHaveLength(1);
    } finally {
      await server.restart();
    }
  });
});
