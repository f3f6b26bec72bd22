/**
 * The rules of a `CoordinationStore` and of the fleet's building blocks over it (shared token,
 * shared pause, throttle), as one suite that core runs against `inMemoryStore()` and the Redis
 * package against a real Redis. Each "process" of a fleet is one coordination joined to the store
 * every process shares. Times are checked by bounds the rules guarantee (a lease cannot end before
 * its time), with ceilings that only fail a test that waits far too long.
 */
import type { CoordinationStore, IssuedToken } from '@clientkit/core';
import { identityTag, keyOf, sharedPause, sharedToken, throttle } from '@clientkit/core/internal';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from './unit';
import { within } from './within';

/** The store a fleet shares, as each of its processes joins it. */
export interface FleetStore {
  /** The coordination one more process of the fleet holds. */
  join(): CoordinationStore;
}

/** A ceiling for waits the rules bound, with room for a busy machine. */
const CEILING_MS = 10_000;

const secret = 'client-secret-do-not-store';

/** A name no other test uses, so that tests share a store without sharing keys. */
function fresh(label: string): readonly string[] {
  return ['test', label, crypto.randomUUID()];
}

/** Polls `condition` until it holds; fails naming it when it does not within the ceiling. */
async function eventually(condition: () => Promise<boolean>, what: string): Promise<void> {
  const poll = async () => {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  await within(CEILING_MS, what, poll());
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A coordination that remembers every key and value written through it. */
function recording(coordination: CoordinationStore): CoordinationStore & { written: string[] } {
  const written: string[] = [];
  return {
    ...coordination,
    written,
    set: (key, value, ttlMs) => {
      written.push(key, value);
      return coordination.set(key, value, ttlMs);
    },
    setIfAbsent: (key, value, ttlMs) => {
      written.push(key, value);
      return coordination.setIfAbsent(key, value, ttlMs);
    },
    get: (key) => {
      written.push(key);
      return coordination.get(key);
    },
  };
}

/** Token exchanges that count themselves and name each token after its number. */
function countingExchange(lifetimeSeconds = 3600, gate?: Promise<void>) {
  const state = { exchanges: 0 };
  const exchange = async (): Promise<IssuedToken> => {
    state.exchanges += 1;
    const token = `token-${state.exchanges}`;
    await gate;
    return { token, expiresIn: lifetimeSeconds };
  };
  return { state, exchange };
}

/** Registers the suite: the coordination rules, then each building block over them. */
export function describeFleetCoordination(storeName: string, store: () => FleetStore): void {
  describe(`CoordinationStore on ${storeName}`, () => describeStoreRules(store));
  describe(`shared token on ${storeName}`, () => describeSharedToken(store));
  describe(`shared pause on ${storeName}`, () => describeSharedPause(store));
  describe(`throttle on ${storeName}`, () => describeThrottle(store));
}

function describeStoreRules(store: () => FleetStore): void {
  it('get answers what set stored, and nothing once its time is up', async () => {
    const coordination = store().join();
    const key = `${fresh('value')}:value`;
    const setAt = performance.now();
    await coordination.set(key, 'stored', 200);
    expect(await coordination.get(key)).toBe('stored');
    await eventually(async () => (await coordination.get(key)) === undefined, 'the value expired');
    expect(performance.now() - setAt).toBeGreaterThanOrEqual(199);
  });

  it('set replaces a value, and another process reads the new one', async () => {
    const fleet = store();
    const key = `${fresh('value')}:value`;
    await fleet.join().set(key, 'first', 60_000);
    await fleet.join().set(key, 'second', 60_000);
    expect(await fleet.join().get(key)).toBe('second');
  });

  it('setIfAbsent stores only when the key holds nothing: one process of many gets the lease', async () => {
    const fleet = store();
    const key = `${fresh('lease')}:lease`;
    const holders = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const won = await Promise.all(
      holders.map((holder) => fleet.join().setIfAbsent(key, holder, 60_000)),
    );
    expect(won.filter(Boolean)).toHaveLength(1);
    expect(await fleet.join().get(key)).toBe(holders[won.indexOf(true)]);
  });

  it('a lease frees itself after its time, so a holder that died blocks no one past it', async () => {
    const fleet = store();
    const key = `${fresh('lease')}:lease`;
    const takenAt = performance.now();
    expect(await fleet.join().setIfAbsent(key, 'died', 200)).toBe(true);
    const next = fleet.join();
    expect(await next.setIfAbsent(key, 'next', 60_000)).toBe(false);
    await eventually(() => next.setIfAbsent(key, 'next', 60_000), 'the lease was free');
    expect(performance.now() - takenAt).toBeGreaterThanOrEqual(199);
    expect(await next.get(key)).toBe('next');
  });

  it('deleteIf deletes only while the key still holds the expected value', async () => {
    const coordination = store().join();
    const key = `${fresh('compare')}:value`;
    await coordination.set(key, 'current', 60_000);
    expect(await coordination.deleteIf(key, 'stale')).toBe(false);
    expect(await coordination.get(key)).toBe('current');
    expect(await coordination.deleteIf(key, 'current')).toBe(true);
    expect(await coordination.get(key)).toBeUndefined();
    expect(await coordination.deleteIf(key, 'current')).toBe(false);
  });

  it('pausedFor answers 0 when not paused, and the time left while paused', async () => {
    const coordination = store().join();
    const key = `${fresh('pause')}:pause`;
    expect(await coordination.pausedFor(key)).toBe(0);
    await coordination.pause(key, 5_000);
    const left = await coordination.pausedFor(key);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(5_000);
  });

  it('pause keeps the later end: a shorter pause does not cut a longer one', async () => {
    const fleet = store();
    const key = `${fresh('pause')}:pause`;
    await fleet.join().pause(key, 30_000);
    await fleet.join().pause(key, 100);
    expect(await fleet.join().pausedFor(key)).toBeGreaterThan(20_000);
    await fleet.join().pause(key, 60_000);
    expect(await fleet.join().pausedFor(key)).toBeGreaterThan(50_000);
  });

  it('a pause ends after its time', async () => {
    const coordination = store().join();
    const key = `${fresh('pause')}:pause`;
    const pausedAt = performance.now();
    await coordination.pause(key, 200);
    await eventually(async () => (await coordination.pausedFor(key)) === 0, 'the pause ended');
    expect(performance.now() - pausedAt).toBeGreaterThanOrEqual(199);
  });

  it('acquireSlot grants at most limit slots; a holder renews its own; a release frees one', async () => {
    const fleet = store();
    const key = `${fresh('slots')}:slots`;
    const [a, b, c] = [fleet.join(), fleet.join(), fleet.join()];
    expect(await a.acquireSlot(key, 'a', 2, 60_000)).toBe(true);
    expect(await b.acquireSlot(key, 'b', 2, 60_000)).toBe(true);
    expect(await c.acquireSlot(key, 'c', 2, 60_000)).toBe(false);
    expect(await a.acquireSlot(key, 'a', 2, 60_000)).toBe(true);
    await a.releaseSlot(key, 'a');
    expect(await c.acquireSlot(key, 'c', 2, 60_000)).toBe(true);
    expect(await a.acquireSlot(key, 'a', 2, 60_000)).toBe(false);
  });

  it('a slot whose holder stopped renewing it frees itself after its lease', async () => {
    const fleet = store();
    const key = `${fresh('slots')}:slots`;
    const takenAt = performance.now();
    expect(await fleet.join().acquireSlot(key, 'crashed', 1, 200)).toBe(true);
    const next = fleet.join();
    expect(await next.acquireSlot(key, 'next', 1, 60_000)).toBe(false);
    await eventually(() => next.acquireSlot(key, 'next', 1, 60_000), 'the slot was free');
    expect(performance.now() - takenAt).toBeGreaterThanOrEqual(199);
  });

  it('reserveStart spaces the starts of every process evenly at the rate', async () => {
    const fleet = store();
    const key = `${fresh('rate')}:rate`;
    const perSecond = 20;
    const interval = 1000 / perSecond;
    const processes = [fleet.join(), fleet.join(), fleet.join(), fleet.join()];
    const firstSent = performance.now();
    const starts: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const coordination of processes) {
        const sentAt = performance.now();
        const wait = await coordination.reserveStart(key, perSecond);
        // The store's start lies between the send and the answer: so does its local picture.
        starts.push(sentAt + wait, performance.now() + wait);
      }
    }
    for (let turn = 1; turn < starts.length / 2; turn += 1) {
      const earliest = starts[2 * turn] as number;
      const latest = starts[2 * turn + 1] as number;
      expect(latest - firstSent).toBeGreaterThanOrEqual(turn * interval - 1);
      expect(earliest - firstSent).toBeLessThanOrEqual(turn * interval + CEILING_MS);
    }
  });
}

function describeSharedToken(store: () => FleetStore): void {
  it('eight processes that find no shared token make one exchange between them', async () => {
    const fleet = store();
    const identity = fresh('token');
    const gate = deferred();
    const { state, exchange } = countingExchange(3600, gate.promise);
    const calls = Array.from({ length: 8 }, () =>
      sharedToken(fleet.join(), { identity, secret, exchange }),
    );
    await eventually(async () => state.exchanges === 1, 'one process exchanged');
    gate.resolve();
    const tokens = await within(CEILING_MS, 'every process had the token', Promise.all(calls));
    expect(state.exchanges).toBe(1);
    expect(tokens.map((issued) => issued.token)).toEqual(Array(8).fill('token-1'));
  });

  it('a valid shared token is used without an exchange, with the expiry its exchange reported', async () => {
    const fleet = store();
    const identity = fresh('token');
    const { state, exchange } = countingExchange(3600);
    const startedAt = Date.now();
    await sharedToken(fleet.join(), { identity, secret, exchange });
    const later = await sharedToken(fleet.join(), { identity, secret, exchange });
    expect(state.exchanges).toBe(1);
    expect(later.token).toBe('token-1');
    expect(Number(later.expiresAt)).toBeGreaterThanOrEqual(startedAt + 3600_000);
    expect(Number(later.expiresAt)).toBeLessThanOrEqual(Date.now() + 3600_000);
  });

  it('eight processes refused the same token at once make one new exchange', async () => {
    const fleet = store();
    const identity = fresh('token');
    const { state, exchange } = countingExchange(3600);
    await sharedToken(fleet.join(), { identity, secret, exchange });
    const renewed = await within(
      CEILING_MS,
      'every refused process had a new token',
      Promise.all(
        Array.from({ length: 8 }, () =>
          sharedToken(fleet.join(), { identity, secret, exchange, refused: 'token-1' }),
        ),
      ),
    );
    expect(state.exchanges).toBe(2);
    expect(renewed.map((issued) => issued.token)).toEqual(Array(8).fill('token-2'));
  });

  it('a process refused a token the fleet already replaced uses the replacement', async () => {
    const fleet = store();
    const identity = fresh('token');
    const { state, exchange } = countingExchange(3600);
    await sharedToken(fleet.join(), { identity, secret, exchange });
    await sharedToken(fleet.join(), { identity, secret, exchange, refused: 'token-1' });
    const late = await sharedToken(fleet.join(), {
      identity,
      secret,
      exchange,
      refused: 'token-1',
    });
    expect(late.token).toBe('token-2');
    expect(state.exchanges).toBe(2);
  });

  it('a process that dies holding the lease holds the others back for the lease at most', async () => {
    const fleet = store();
    const identity = fresh('token');
    const leaseKey = keyOf(await identityTag(identity), 'token-lease');
    const diedAt = performance.now();
    expect(await fleet.join().setIfAbsent(leaseKey, 'died-while-exchanging', 300)).toBe(true);
    const { state, exchange } = countingExchange(3600);
    const issued = await within(
      CEILING_MS,
      'a waiting process exchanged after the lease',
      sharedToken(fleet.join(), { identity, secret, exchange }),
    );
    expect(issued.token).toBe('token-1');
    expect(state.exchanges).toBe(1);
    expect(performance.now() - diedAt).toBeGreaterThanOrEqual(299);
  });

  it('a waiting process gives up when its signal aborts', async () => {
    const fleet = store();
    const identity = fresh('token');
    const leaseKey = keyOf(await identityTag(identity), 'token-lease');
    await fleet.join().setIfAbsent(leaseKey, 'slow-holder', 60_000);
    const controller = new AbortController();
    const { state, exchange } = countingExchange(3600);
    const waiting = sharedToken(fleet.join(), {
      identity,
      secret,
      exchange,
      signal: controller.signal,
    });
    controller.abort(new Error('the call timed out'));
    const error = await within(CEILING_MS, 'the wait ended', rejectionOf(waiting));
    expect((error as Error).message).toBe('the call timed out');
    expect(state.exchanges).toBe(0);
  });

  it('the shared token is replaced shortly before it expires', async () => {
    const fleet = store();
    const identity = fresh('token');
    const { state, exchange } = countingExchange(0.6);
    const options = { identity, secret, exchange, renewBeforeExpiryMs: 200 };
    const firstAt = performance.now();
    expect((await sharedToken(fleet.join(), options)).token).toBe('token-1');
    expect((await sharedToken(fleet.join(), options)).token).toBe('token-1');
    await eventually(
      async () => (await sharedToken(fleet.join(), options)).token === 'token-2',
      'the token was renewed',
    );
    expect(performance.now() - firstAt).toBeGreaterThanOrEqual(399);
    expect(state.exchanges).toBe(2);
  });

  it('stores neither the token nor the secret in plain text, in keys or values', async () => {
    const fleet = store();
    const identity = fresh('token');
    const coordination = recording(fleet.join());
    const exchange = async () => ({ token: 'eyJ.plain-access-token.sig', expiresIn: 3600 });
    await sharedToken(coordination, { identity, secret, exchange });
    await sharedToken(coordination, { identity, secret, exchange, refused: 'eyJ.other' });
    expect(coordination.written.length).toBeGreaterThan(0);
    for (const text of coordination.written) {
      expect(text).not.toContain('plain-access-token');
      expect(text).not.toContain(secret);
    }
  });

  it('processes with the same API key share one metering session, renewed once when refused', async () => {
    const fleet = store();
    const apiKey = `sk_test_${crypto.randomUUID()}`;
    const identity = ['metering-session', 'https://meter.example', apiKey];
    const { state, exchange } = countingExchange(900);
    const processes = [1, 2, 3, 4].map(() => recording(fleet.join()));
    const sessions = await Promise.all(
      processes.map((coordination) =>
        sharedToken(coordination, { identity, secret: apiKey, exchange }),
      ),
    );
    expect(sessions.map((session) => session.token)).toEqual(Array(4).fill('token-1'));
    const renewed = await Promise.all(
      processes.map((coordination) =>
        sharedToken(coordination, { identity, secret: apiKey, exchange, refused: 'token-1' }),
      ),
    );
    expect(renewed.map((session) => session.token)).toEqual(Array(4).fill('token-2'));
    expect(state.exchanges).toBe(2);
    for (const text of processes.flatMap((coordination) => coordination.written)) {
      expect(text).not.toContain(apiKey);
    }
  });

  it('a token sealed with another secret is not used: its reader exchanges its own', async () => {
    const fleet = store();
    const identity = fresh('token');
    const { state, exchange } = countingExchange(3600);
    await sharedToken(fleet.join(), { identity, secret: 'old-secret', exchange });
    const issued = await sharedToken(fleet.join(), { identity, secret: 'new-secret', exchange });
    expect(issued.token).toBe('token-2');
    expect(state.exchanges).toBe(2);
  });

  it('a failed exchange frees the lease, so the next process exchanges at once', async () => {
    const fleet = store();
    const identity = fresh('token');
    const failing = async (): Promise<IssuedToken> => {
      throw new Error('invalid_client');
    };
    const error = await rejectionOf(
      sharedToken(fleet.join(), { identity, secret, exchange: failing, leaseMs: 60_000 }),
    );
    expect((error as Error).message).toBe('invalid_client');
    const { exchange } = countingExchange(3600);
    const issued = await within(
      CEILING_MS,
      'the next process exchanged',
      sharedToken(fleet.join(), { identity, secret, exchange }),
    );
    expect(issued.token).toBe('token-1');
  });
}

function describeSharedPause(store: () => FleetStore): void {
  const retryAfter = (value: string) => new Headers({ 'retry-after': value });

  it('a 429 with Retry-After in one process holds back a process that starts during the pause', async () => {
    const fleet = store();
    const service = fresh('service');
    const recordedAt = performance.now();
    expect(await sharedPause(fleet.join(), service).record(429, retryAfter('0.4'))).toBe(400);
    const waits: number[] = [];
    const later = sharedPause(fleet.join(), service);
    const waited = await within(
      CEILING_MS,
      'the pause was waited out',
      later.wait({ onWait: (ms) => waits.push(ms) }),
    );
    expect(performance.now() - recordedAt).toBeGreaterThanOrEqual(399);
    expect(waited).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(400);
    expect(await later.wait()).toBe(0);
  });

  it('a 503 with Retry-After pauses the service for every process', async () => {
    const fleet = store();
    const service = fresh('service');
    await sharedPause(fleet.join(), service).record(503, retryAfter('30'));
    expect(
      await fleet.join().pausedFor(keyOf(await identityTag(service), 'pause')),
    ).toBeGreaterThan(20_000);
  });

  it('an answer that asks for no pause records none, and a call waits for nothing', async () => {
    const fleet = store();
    const service = fresh('service');
    const pause = sharedPause(fleet.join(), service);
    expect(await pause.record(200, new Headers({ 'x-ratelimit-remaining': '3' }))).toBeUndefined();
    expect(await pause.record(500, retryAfter('5'))).toBeUndefined();
    expect(await sharedPause(fleet.join(), service).wait()).toBe(0);
  });

  it('a pause is recorded for maxPauseMs at most', async () => {
    const fleet = store();
    const service = fresh('service');
    const pause = sharedPause(fleet.join(), service, { maxPauseMs: 5_000 });
    expect(await pause.record(429, retryAfter('3600'))).toBe(5_000);
    const left = await fleet.join().pausedFor(keyOf(await identityTag(service), 'pause'));
    expect(left).toBeLessThanOrEqual(5_000);
  });

  it('waiting for a pause ends when the call is aborted', async () => {
    const fleet = store();
    const service = fresh('service');
    await sharedPause(fleet.join(), service).record(429, retryAfter('60'));
    const controller = new AbortController();
    const waiting = sharedPause(fleet.join(), service).wait({
      signal: controller.signal,
      onWait: () => controller.abort(new Error('the call was cancelled')),
    });
    const error = await within(CEILING_MS, 'the wait ended', rejectionOf(waiting));
    expect((error as Error).message).toBe('the call was cancelled');
  });

  it('services of other origins or credentials are not paused', async () => {
    const fleet = store();
    const service = fresh('service');
    await sharedPause(fleet.join(), service).record(429, retryAfter('60'));
    expect(await sharedPause(fleet.join(), [...service, 'other credential']).wait()).toBe(0);
  });
}

function describeThrottle(store: () => FleetStore): void {
  it('concurrency: 2 across 4 processes never has more than 2 requests in flight', async () => {
    const fleet = store();
    const service = fresh('service');
    const throttles = Array.from({ length: 4 }, () =>
      throttle(fleet.join(), service, { concurrency: 2 }),
    );
    let inFlight = 0;
    let most = 0;
    const request = async (limits: (typeof throttles)[number]) => {
      const release = await limits.acquire();
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight -= 1;
      release();
    };
    await within(
      CEILING_MS * 3,
      'every request ran',
      Promise.all(throttles.flatMap((limits) => [1, 2, 3].map(() => request(limits)))),
    );
    expect(most).toBe(2);
  });

  it('requestsPerSecond across 4 processes starts no request before its turn at the rate', async () => {
    const fleet = store();
    const service = fresh('service');
    const perSecond = 20;
    const throttles = Array.from({ length: 4 }, () =>
      throttle(fleet.join(), service, { requestsPerSecond: perSecond }),
    );
    const firstAsked = performance.now();
    const starts: number[] = [];
    await Promise.all(
      throttles.flatMap((limits) =>
        [1, 2, 3].map(async () => {
          const release = await limits.acquire();
          starts.push(performance.now());
          release();
        }),
      ),
    );
    starts.sort((a, b) => a - b);
    // The n-th start can come no sooner than n turns after the first request asked.
    starts.forEach((start, turn) => {
      expect(start - firstAsked).toBeGreaterThanOrEqual((turn * 1000) / perSecond - 1);
    });
  });

  it('the slot of a process that crashed frees itself after its lease', async () => {
    const fleet = store();
    const service = fresh('service');
    const slotsKey = keyOf(await identityTag(service), 'slots');
    const crashedAt = performance.now();
    await fleet.join().acquireSlot(slotsKey, 'crashed-process', 1, 300);
    const limits = throttle(fleet.join(), service, { concurrency: 1 });
    const release = await within(CEILING_MS, 'the slot was taken over', limits.acquire());
    expect(performance.now() - crashedAt).toBeGreaterThanOrEqual(299);
    release();
  });

  it('a request that holds its slot longer than the lease keeps it', async () => {
    const fleet = store();
    const service = fresh('service');
    const slotsKey = keyOf(await identityTag(service), 'slots');
    const joined = fleet.join();
    let takes = 0;
    const counting: CoordinationStore = {
      ...joined,
      acquireSlot: (key, holder, limit, leaseMs) => {
        takes += 1;
        return joined.acquireSlot(key, holder, limit, leaseMs);
      },
    };
    const limits = throttle(counting, service, { concurrency: 1 }, { slotLeaseMs: 150 });
    const release = await limits.acquire();
    // Renewed every 50 ms: four renewals span more than one lease.
    await eventually(async () => takes >= 5, 'the slot was renewed four times');
    const other = fleet.join();
    expect(await other.acquireSlot(slotsKey, 'other', 1, 60_000)).toBe(false);
    release();
    await eventually(
      () => other.acquireSlot(slotsKey, 'other', 1, 60_000),
      'the slot was given back',
    );
  });

  it('waiting for a slot ends when the call is aborted, and takes no slot', async () => {
    const fleet = store();
    const service = fresh('service');
    const slotsKey = keyOf(await identityTag(service), 'slots');
    await fleet.join().acquireSlot(slotsKey, 'busy', 1, 60_000);
    const controller = new AbortController();
    const waiting = throttle(fleet.join(), service, { concurrency: 1 }).acquire(controller.signal);
    controller.abort(new Error('the call timed out'));
    const error = await within(CEILING_MS, 'the wait ended', rejectionOf(waiting));
    expect((error as Error).message).toBe('the call timed out');
    const coordination = fleet.join();
    await coordination.releaseSlot(slotsKey, 'busy');
    expect(await coordination.acquireSlot(slotsKey, 'after', 1, 60_000)).toBe(true);
  });

  it('a call aborted while it waits for its turn gives its slot back', async () => {
    const fleet = store();
    const service = fresh('service');
    const coordination = fleet.join();
    const limits = throttle(coordination, service, { concurrency: 1, requestsPerSecond: 0.1 });
    (await limits.acquire())();
    const controller = new AbortController();
    const waiting = limits.acquire(controller.signal);
    const slotsKey = keyOf(await identityTag(service), 'slots');
    await eventually(
      async () => !(await fleet.join().acquireSlot(slotsKey, 'probe', 1, 1)),
      'the waiting call held the slot',
    );
    controller.abort(new Error('gave up'));
    await rejectionOf(waiting);
    await eventually(
      () => fleet.join().acquireSlot(slotsKey, 'after', 1, 60_000),
      'the slot was given back',
    );
  });
}
