import { describe, expect, it } from 'vitest';
import { within } from '../../../test-support/within';
import { coordinate, inProcessCoordination } from '../src/coordination';
import {
  type CoordinationStore,
  type FleetAttempt,
  identityTag,
  inMemoryStore,
  keyOf,
  RequestValidationError,
} from './core';

/** A log that keeps what it is told. */
function logged() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (message: string) => void lines.push({ level, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn') };
}

function attempt(overrides: Partial<FleetAttempt> = {}): FleetAttempt {
  return {
    operation: 'docs.spaces.get',
    url: 'https://docs.example/v1/spaces/space_1?shareKey=k',
    credentials: { authorization: 'Bearer docs-token-1' },
    throttle: undefined,
    signal: new AbortController().signal,
    log: logged(),
    ...overrides,
  };
}

const answer = (status: number, headers: Record<string, string> = {}) => ({
  status,
  headers: () => new Headers(headers),
});

/** A store that remembers every key and value written through it. */
function recording(store: CoordinationStore) {
  const written: string[] = [];
  const through: CoordinationStore = {
    ...store,
    set: (key, value, ttlMs) => {
      written.push(key, value);
      return store.set(key, value, ttlMs);
    },
    setIfAbsent: (key, value, ttlMs) => {
      written.push(key, value);
      return store.setIfAbsent(key, value, ttlMs);
    },
    pause: (key, forMs) => {
      written.push(key);
      return store.pause(key, forMs);
    },
    acquireSlot: (key, holder, limit, leaseMs) => {
      written.push(key, holder);
      return store.acquireSlot(key, holder, limit, leaseMs);
    },
  };
  return { written, store: through };
}

/** A store whose every operation rejects, as a Redis that is down does. */
function downStore(): CoordinationStore {
  const down = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
  return {
    get: down,
    set: down,
    setIfAbsent: down,
    deleteIf: down,
    pause: down,
    pausedFor: down,
    acquireSlot: down,
    releaseSlot: down,
    reserveStart: down,
  };
}

describe('coordinate', () => {
  it('holds back the next attempt of every client of a service once one met a 429 with Retry-After, and says so at debug', async () => {
    const coordination = coordinate(inMemoryStore());
    const end = await coordination.beforeAttempt(attempt());
    end(answer(429, { 'retry-after': '0.3' }));
    const later = logged();
    const startedAt = performance.now();
    (await coordination.beforeAttempt(attempt({ log: later })))();
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(250);
    expect(later.lines).toEqual([
      {
        level: 'debug',
        message: expect.stringMatching(
          /^docs\.spaces\.get: waiting \d+ ms, the pause the service asked of the fleet$/,
        ),
      },
    ]);
  });

  it('pauses until the reset when an answer reports nothing remaining, and not for an answer with budget left', async () => {
    const coordination = coordinate(inMemoryStore());
    const reset = String(Math.ceil(Date.now() / 1000) + 30);
    (await coordination.beforeAttempt(attempt()))(
      answer(200, { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': reset }),
    );
    const controller = new AbortController();
    (await coordination.beforeAttempt(attempt({ signal: controller.signal })))(
      answer(200, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }),
    );
    const waiting = coordination.beforeAttempt(attempt({ signal: controller.signal }));
    controller.abort(new Error('given up'));
    await expect(waiting).rejects.toThrow('given up');
  });

  it('names a service by a digest of its origin and credentials: another credential or origin is not paused, and no key holds them', async () => {
    const { store, written } = recording(inMemoryStore());
    const coordination = coordinate(store);
    (await coordination.beforeAttempt(attempt()))(answer(503, { 'retry-after': '60' }));
    const other = attempt({ credentials: { authorization: 'Bearer docs-token-2' } });
    const elsewhere = attempt({ url: 'https://docs.other.example/v1/spaces/space_1' });
    for (const free of [other, elsewhere]) {
      const startedAt = performance.now();
      (await coordination.beforeAttempt(free))();
      expect(performance.now() - startedAt).toBeLessThan(5_000);
    }
    const service = ['service', 'https://docs.example', 'authorization', 'Bearer docs-token-1'];
    expect(written).toEqual([keyOf(await identityTag(service), 'pause')]);
    expect(written.join(' ')).not.toMatch(/docs-token|docs\.example|shareKey/);
  });

  it('holds a throttle across the clients given the same coordination', async () => {
    const coordination = inProcessCoordination();
    const throttle = { concurrency: 1 };
    const first = await coordination.beforeAttempt(attempt({ throttle }));
    let firstEnded = false;
    const second = coordination.beforeAttempt(attempt({ throttle, log: logged() })).then((end) => {
      expect(firstEnded).toBe(true);
      return end;
    });
    // The second asks for its slot while the first attempt holds it.
    await Promise.resolve();
    firstEnded = true;
    first();
    (await within(5_000, 'the second attempt had its turn', second))();
  });

  it('gives its slot back when the wait for the pause after it is given up', async () => {
    const memory = inMemoryStore();
    const slots: string[] = [];
    let took = () => {};
    let gave = () => {};
    const taken = new Promise<void>((resolve) => {
      took = resolve;
    });
    const given = new Promise<void>((resolve) => {
      gave = resolve;
    });
    const coordination = coordinate({
      ...memory,
      acquireSlot: async (key, holder, limit, leaseMs) => {
        slots.push(`took ${holder}`);
        const held = await memory.acquireSlot(key, holder, limit, leaseMs);
        took();
        return held;
      },
      releaseSlot: async (key, holder) => {
        slots.push(`gave ${holder}`);
        await memory.releaseSlot(key, holder);
        gave();
      },
    });
    (await coordination.beforeAttempt(attempt()))(answer(429, { 'retry-after': '60' }));
    const controller = new AbortController();
    const waiting = coordination.beforeAttempt(
      attempt({ throttle: { concurrency: 1 }, signal: controller.signal }),
    );
    await taken;
    controller.abort(new Error('the call timed out'));
    await expect(waiting).rejects.toThrow('the call timed out');
    await within(5_000, 'the slot was given back', given);
    const holder = slots[0]!.slice('took '.length);
    expect(slots).toEqual([`took ${holder}`, `gave ${holder}`]);
  });

  it('costs no call when its store fails: it goes on alone and warns once, through the log of the client that met the failure', async () => {
    const coordination = coordinate(downStore());
    const [first, second] = [logged(), logged()];
    for (let call = 0; call < 5; call += 1) {
      (await coordination.beforeAttempt(attempt({ log: first })))(answer(200));
      (await coordination.beforeAttempt(attempt({ log: second })))(answer(200));
    }
    expect(first.lines.map((line) => line.level)).toEqual(['warn']);
    expect(first.lines[0]!.message).toMatch(
      /^clientkit: the shared coordination failed \(connect ECONNREFUSED 127\.0\.0\.1:6379\); this process goes on/,
    );
    expect(second.lines).toEqual([]);
    const token = await coordination.sharedToken({
      identity: ['client-credentials', 'https://idm.example/oauth/token', 'm2m', 'api'],
      secret: 'secret',
      exchange: async () => ({ token: 'alone', expiresIn: 3600 }),
      refused: undefined,
      log: second,
    });
    expect(token.token).toBe('alone');
  });

  it('shares a token between the clients given it, and exchanges alone once another exchange keeps it waiting past maxWaitMs', async () => {
    const coordination = inProcessCoordination();
    const identity = ['client-credentials', 'https://idm.example/oauth/token', 'm2m', 'api'];
    let exchanges = 0;
    let release = () => {};
    const slow = async () => {
      exchanges += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { token: 'slow', expiresIn: 3600 };
    };
    const quick = async () => {
      exchanges += 1;
      return { token: 'quick', expiresIn: 3600 };
    };
    const request = { identity, secret: 's', refused: undefined, log: logged() };
    const holding = coordination.sharedToken({ ...request, exchange: slow });
    const startedAt = performance.now();
    const impatient = await coordination.sharedToken({
      ...request,
      exchange: quick,
      maxWaitMs: 100,
    });
    expect(impatient.token).toBe('quick');
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(99);
    release();
    expect((await holding).token).toBe('slow');
    expect(exchanges).toBe(2);
  });

  it('refuses options it does not know, by name, and closes its store', async () => {
    expect(() => coordinate(inMemoryStore(), { deadline: 5 } as never)).toThrow(
      RequestValidationError,
    );
    expect(() => coordinate(inMemoryStore(), { retryAfterMs: 0 })).toThrow(
      /retryAfterMs must be a positive number of milliseconds/,
    );
    let closed = 0;
    await coordinate({ ...inMemoryStore(), close: async () => void (closed += 1) }).close();
    expect(closed).toBe(1);
    await inProcessCoordination().close();
  });
});
