import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_IDEMPOTENCY_KEY_LIMIT, IdempotencyStore } from '../src/apis/metering/idempotency';
import { createClock } from '../src/clock';
import { createReferenceServer, type ReferenceServer } from '../src/index';

const SESSION = 'http://reference.test/v2/billing/meter_event_session';
let server: ReferenceServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serverWithLimit(idempotencyKeyLimit: number): Promise<ReferenceServer> {
  server = await createReferenceServer({
    clock: { frozen: true },
    metering: { idempotencyKeyLimit },
  });
  return server;
}

function openSession(key: string, headers: Record<string, string> = {}) {
  return server!.fetch(SESSION, {
    method: 'POST',
    headers: {
      authorization: 'Bearer sk_test_clientkit_dev_key',
      'idempotency-key': key,
      ...headers,
    },
  });
}

const replayed = async (key: string) =>
  (await openSession(key)).headers.get('idempotent-replayed') === 'true';
const keysHeld = () => (server!.inspect('metering') as { idempotencyKeys: number }).idempotencyKeys;

describe('metering Idempotency-Key store: at most idempotencyKeyLimit keys, oldest evicted first', () => {
  it('forgets the oldest key when a new one passes the limit, and keeps the newer ones', async () => {
    await serverWithLimit(3);
    for (const key of ['k1', 'k2', 'k3', 'k4']) expect((await openSession(key)).status).toBe(200);
    expect(keysHeld()).toBe(3);
    // Replays add nothing, so checking the kept keys first evicts none of them.
    expect([await replayed('k2'), await replayed('k3'), await replayed('k4')]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await replayed('k1')).toBe(false);
    expect(server!.metering.sessions().created).toBe(5);
  });

  it('evicts nothing for a request that is refused', async () => {
    await serverWithLimit(2);
    await openSession('kept-1');
    await openSession('kept-2');
    const refused = await openSession('refused', { 'service-version': 'not a release' });
    expect(refused.status).toBe(400);
    expect(keysHeld()).toBe(2);
    expect([await replayed('kept-1'), await replayed('kept-2')]).toEqual([true, true]);
  });

  it('holds no more than the limit however many keys arrive', async () => {
    await serverWithLimit(50);
    let most = 0;
    for (let i = 0; i < 150; i++) {
      expect((await openSession(`many-${i}`)).status).toBe(200);
      most = Math.max(most, keysHeld());
    }
    expect(most).toBe(50);
    expect(await replayed('many-149')).toBe(true);
    expect(await replayed('many-99')).toBe(false);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '100'])(
    'refuses idempotencyKeyLimit %s with an error naming the option',
    async (limit) => {
      await expect(
        createReferenceServer({ metering: { idempotencyKeyLimit: limit as number } }),
      ).rejects.toThrow(
        /^metering\.idempotencyKeyLimit must be a positive integer \(default 100000\)/,
      );
    },
  );
});

/** The garbage collector, for a heap measurement that counts only what is still held. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('metering Idempotency-Key store memory stays bounded', () => {
  // 200,000 requests over HTTP would take minutes on a busy machine; the store is what holds the
  // memory, so it is fed directly, with entries shaped as the middleware makes them.
  it('keeps 200,000 distinct keys within the default limit of 100,000, the heap not growing past it', () => {
    const gc = collector();
    const store = new IdempotencyStore(createClock({ frozen: true }));
    const credential = 'x'.repeat(43);
    const answer = () => ({
      status: 200,
      body: '{}',
      headers: [
        ['content-type', 'application/json'],
        ['service-version', '2026-01-28.preview'],
      ] as [string, string][],
    });
    let sent = 0;
    // A distinct 36-character key and request digest per request, made cheaply from a counter.
    const add = (count: number) => {
      for (let i = 0; i < count; i++) {
        const unique = (sent++).toString(36).padStart(36, '0');
        store.begin(`${credential}:${unique}`, `${unique}=`);
        store.finish(`${credential}:${unique}`, answer());
      }
    };
    add(DEFAULT_IDEMPOTENCY_KEY_LIMIT);
    expect(store.size).toBe(DEFAULT_IDEMPOTENCY_KEY_LIMIT);
    gc();
    const full = process.memoryUsage().heapUsed;
    add(200_000);
    expect(store.size).toBe(DEFAULT_IDEMPOTENCY_KEY_LIMIT);
    gc();
    // Without the limit the heap would about double (twice the keys, now three times).
    expect(process.memoryUsage().heapUsed / full).toBeLessThan(1.5);
    // No time is asserted: a few seconds of work, given room on a machine shared with other runs.
  }, 300_000);
});
