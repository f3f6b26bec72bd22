import { describe, expect, it } from 'vitest';
import { describeFleetCoordination } from '../../../test-support/coordination';
import {
  checkThrottleOptions,
  identityTag,
  inMemoryStore,
  keyOf,
  pauseRequestedBy,
  RequestValidationError,
  sealer,
  sharedPause,
  sharedToken,
  throttle,
} from './core';

// Every process of an in-memory "fleet" is the one process: the rules hold within it.
describeFleetCoordination('inMemoryStore()', () => {
  const store = inMemoryStore();
  return { join: () => store };
});

const activeTimers = () =>
  process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;

describe('inMemoryStore', () => {
  it('leaves no timer running after its operations and the building blocks over it', async () => {
    const before = activeTimers();
    const coordination = inMemoryStore();
    await coordination.set('{a}:value', 'v', 60_000);
    await coordination.setIfAbsent('{a}:lease', 'holder', 60_000);
    await coordination.pause('{a}:pause', 60_000);
    await coordination.acquireSlot('{a}:slots', 'holder', 1, 60_000);
    await coordination.reserveStart('{a}:rate', 10);
    await sharedToken(coordination, {
      identity: ['idle'],
      secret: 's',
      exchange: async () => ({ token: 't', expiresIn: 3600 }),
    });
    (
      await throttle(coordination, ['idle'], { concurrency: 1, requestsPerSecond: 100 }).acquire()
    )();
    expect(await sharedPause(coordination, ['idle']).wait()).toBe(0);
    expect(activeTimers()).toBe(before);
  });

  it('forgets expired entries once many have gathered, so memory stays bounded', async () => {
    let now = 0;
    const coordination = inMemoryStore({ now: () => now });
    for (let index = 0; index < 5_000; index += 1) {
      await coordination.set(`{k${index}}:value`, 'v', 10);
      await coordination.acquireSlot(`{k${index}}:slots`, 'holder', 1, 10);
      now += 20;
    }
    // Each write past the sweep size dropped every expired entry: one live entry of each remains.
    await coordination.set('{last}:value', 'v', 10);
    expect(await coordination.get('{k4999}:value')).toBeUndefined();
    expect(await coordination.get('{last}:value')).toBe('v');
  });

  it('measures time by the clock it is given', async () => {
    let now = 1_000;
    const coordination = inMemoryStore({ now: () => now });
    await coordination.pause('{s}:pause', 500);
    now += 200;
    expect(await coordination.pausedFor('{s}:pause')).toBe(300);
    expect(await coordination.reserveStart('{s}:rate', 4)).toBe(0);
    expect(await coordination.reserveStart('{s}:rate', 4)).toBe(250);
    now += 250;
    expect(await coordination.reserveStart('{s}:rate', 4)).toBe(250);
  });
});

describe('coordination keys', () => {
  it('are a SHA-256 hash tag of the identity and a purpose, holding no part of the identity', async () => {
    const tag = await identityTag(['idm-token', 'https://tenant.example/oauth/token', 'client-1']);
    expect(tag).toMatch(/^\{[0-9a-f]{64}\}$/);
    const key = keyOf(tag, 'token');
    expect(key).toBe(`${tag}:token`);
    expect(key).not.toContain('client-1');
    expect(key).not.toContain('tenant.example');
  });

  it('are the same for the same identity and differ for another', async () => {
    expect(await identityTag(['a', 'b'])).toBe(await identityTag(['a', 'b']));
    expect(await identityTag(['a', 'b'])).not.toBe(await identityTag(['a', 'c']));
    // Parts are kept apart: ['ab', 'c'] is not ['a', 'bc'].
    expect(await identityTag(['ab', 'c'])).not.toBe(await identityTag(['a', 'bc']));
  });
});

describe('sealing', () => {
  const tag = '{credential}';

  it('opens what it sealed, and the sealed text holds nothing of the plain text', async () => {
    const seal = sealer('client-secret', tag);
    const sealed = await seal.seal('access-token-value', `${tag}:token`);
    expect(sealed).not.toContain('access-token-value');
    expect(sealed).not.toContain('client-secret');
    expect(await seal.open(sealed, `${tag}:token`)).toBe('access-token-value');
  });

  it('seals the same text differently each time (a fresh nonce)', async () => {
    const seal = sealer('client-secret', tag);
    const first = await seal.seal('same', `${tag}:token`);
    expect(await seal.seal('same', `${tag}:token`)).not.toBe(first);
  });

  it('does not open a value sealed with another secret, for another identity or another key', async () => {
    const sealed = await sealer('client-secret', tag).seal('token', `${tag}:token`);
    expect(await sealer('other-secret', tag).open(sealed, `${tag}:token`)).toBeUndefined();
    expect(await sealer('client-secret', '{other}').open(sealed, `${tag}:token`)).toBeUndefined();
    expect(await sealer('client-secret', tag).open(sealed, `${tag}:session`)).toBeUndefined();
  });

  it('does not open a value that was altered or is not sealed at all', async () => {
    const seal = sealer('client-secret', tag);
    const sealed = await seal.seal('token', `${tag}:token`);
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await seal.open(altered, `${tag}:token`)).toBeUndefined();
    expect(await seal.open('token', `${tag}:token`)).toBeUndefined();
    expect(await seal.open('v1.!!.!!', `${tag}:token`)).toBeUndefined();
  });
});

describe('pauseRequestedBy', () => {
  const now = Date.UTC(2026, 0, 1);
  const headers = (values: Record<string, string>) => new Headers(values);

  it('reads Retry-After in seconds or as a date on a 429 and a 503', () => {
    expect(pauseRequestedBy(429, headers({ 'retry-after': '2' }), now)).toBe(2_000);
    expect(pauseRequestedBy(503, headers({ 'retry-after': '0.5' }), now)).toBe(500);
    const date = new Date(now + 30_000).toUTCString();
    expect(pauseRequestedBy(429, headers({ 'retry-after': date }), now)).toBe(30_000);
  });

  it('reads a reset header on a 429 that has no Retry-After', () => {
    const reset = String((now + 10_000) / 1000);
    expect(pauseRequestedBy(429, headers({ 'x-ratelimit-reset': reset }), now)).toBe(10_000);
  });

  it('pauses until the reset when any answer reports nothing remaining', () => {
    const reset = String((now + 45_000) / 1000);
    const spent = headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset });
    expect(pauseRequestedBy(200, spent, now)).toBe(45_000);
  });

  it('asks no pause of an answer with budget left, a past reset, or Retry-After on other statuses', () => {
    const reset = String((now + 45_000) / 1000);
    const left = headers({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': reset });
    expect(pauseRequestedBy(200, left, now)).toBeUndefined();
    const past = headers({
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(now / 1000 - 5),
    });
    expect(pauseRequestedBy(200, past, now)).toBeUndefined();
    expect(pauseRequestedBy(500, headers({ 'retry-after': '5' }), now)).toBeUndefined();
    expect(pauseRequestedBy(429, headers({}), now)).toBeUndefined();
  });
});

describe('throttle options', () => {
  it('refuses a concurrency that is not a whole number of 1 or more, naming it', () => {
    for (const concurrency of [0, 1.5, -1, '2']) {
      expect(() => checkThrottleOptions({ concurrency })).toThrow(
        /throttle\.concurrency must be a whole number, 1 or more/,
      );
    }
  });

  it('refuses a requestsPerSecond that is not a positive number, naming it', () => {
    for (const requestsPerSecond of [0, -2, Number.POSITIVE_INFINITY, '5']) {
      expect(() => checkThrottleOptions({ requestsPerSecond })).toThrow(
        /throttle\.requestsPerSecond must be a positive number/,
      );
    }
  });

  it('refuses an unknown name, and a throttle that is not an object', () => {
    expect(() => checkThrottleOptions({ concurency: 2 })).toThrow(RequestValidationError);
    expect(() => checkThrottleOptions({ concurency: 2 })).toThrow(
      /throttle\.concurency is not an option/,
    );
    expect(() => checkThrottleOptions(5)).toThrow(/throttle must be an object/);
  });

  it('accepts fractional rates, such as one request every two seconds', () => {
    expect(() => checkThrottleOptions({ requestsPerSecond: 0.5, concurrency: 3 })).not.toThrow();
  });
});
