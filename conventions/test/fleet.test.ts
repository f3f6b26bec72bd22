/**
 * `coordination` and `throttle` on every client: refused by name when they break their rules; a
 * throttle holds a client's requests to its caps without a coordination; with one, the pause a
 * 429 asks for holds back every client of that service and credentials, and the caps hold across
 * the clients given it. Each client sends through a `fetch` of the test's, which counts the
 * requests in flight and answers the client's read.
 */
import { APITimeoutError, APIUserAbortError } from '@clientkit/core';
import { inProcessCoordination } from '@clientkit/core/coordination';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from '../../test-support/within';
import { clearClientkitEnvironment } from './support/environment';
import { type Profile, profiles } from './support/profiles';
import { refusal } from './support/refusal';

beforeEach(clearClientkitEnvironment);
afterEach(() => {
  vi.unstubAllEnvs();
});

/** An answer the test lets go when it chooses. */
interface Held {
  release(response?: Response): void;
}

/**
 * A fetch that answers the profile's read, holding each request until the test lets it go (or at
 * once, with `hold: false`), and counts the requests in flight and when each started.
 */
function serving(profile: Profile, { hold = true } = {}) {
  const state = { inFlight: 0, most: 0, started: [] as number[], held: [] as Held[] };
  const waiters = new Set<() => void>();
  const ok = () =>
    new Response(JSON.stringify(profile.read.answer), {
      headers: { 'content-type': 'application/json' },
    });
  const fetch = async () => {
    state.inFlight += 1;
    state.most = Math.max(state.most, state.inFlight);
    state.started.push(performance.now());
    try {
      if (!hold) return ok();
      return await new Promise<Response>((resolve) => {
        state.held.push({ release: (response) => resolve(response ?? ok()) });
        for (const waiter of waiters) waiter();
      });
    } finally {
      state.inFlight -= 1;
    }
  };
  /** Resolves once `count` requests have been held. */
  const heldCount = (count: number) =>
    within(
      10_000,
      `${count} requests reached the server`,
      new Promise<void>((resolve) => {
        const check = () => {
          if (state.held.length < count) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      }),
    );
  return { state, fetch, heldCount };
}

/** A log that keeps what the client writes. */
function logged() {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (message: string) => void lines.push({ level, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe.each(profiles)('$name in a fleet', (profile) => {
  const prefix = `Invalid options of ${profile.name}: `;
  const read = (client: unknown, options?: Record<string, unknown>) =>
    profile.read.call(client as never, options);

  it('refuses a coordination that is none, and throttle caps that break their rules, by name', () => {
    expect(refusal(() => profile.make({ coordination: { get() {} } })).message).toBe(
      `${prefix}coordination must be a coordination, such as redisCoordination()`,
    );
    expect(refusal(() => profile.make({ throttle: { concurrency: 0 } })).message).toBe(
      `${prefix}throttle.concurrency must be a whole number, 1 or more`,
    );
    expect(refusal(() => profile.make({ throttle: { requestsPerSecond: -1 } })).message).toBe(
      `${prefix}throttle.requestsPerSecond must be a positive number`,
    );
    expect(refusal(() => profile.make({ throttle: { concurency: 2 } })).message).toMatch(
      new RegExp(
        `^${prefix}throttle\\.concurency is not an option \\(known: concurrency, requestsPerSecond\\)`,
      ),
    );
    expect(refusal(() => profile.make({ throttle: 4 })).message).toBe(
      `${prefix}throttle must be an object`,
    );
  });

  it('holds its requests to throttle.concurrency without a coordination, letting the next go as one ends', async () => {
    const server = serving(profile);
    const client = profile.make({ fetch: server.fetch, throttle: { concurrency: 2 } });
    const calls = Array.from({ length: 5 }, () => read(client));
    await server.heldCount(2);
    expect(server.state.inFlight).toBe(2);
    for (let released = 0; released < 5; released += 1) {
      await server.heldCount(Math.min(released + 2, 5));
      server.state.held[released]!.release();
    }
    await Promise.all(calls);
    expect(server.state.most).toBe(2);
  });

  it('spaces its starts at throttle.requestsPerSecond without a coordination', async () => {
    const server = serving(profile, { hold: false });
    const client = profile.make({ fetch: server.fetch, throttle: { requestsPerSecond: 20 } });
    const asked = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => read(client)));
    server.state.started.forEach((start, turn) => {
      expect(start - asked).toBeGreaterThanOrEqual(turn * 50 - 1);
    });
  });

  it('shares its caps with the clients its withOptions makes, which keep the same throttle', async () => {
    const server = serving(profile);
    const client = profile.make({ fetch: server.fetch, throttle: { concurrency: 1 } });
    const derived = client.withOptions({ headers: { 'x-tenant': 'blue' } });
    const first = read(client);
    const second = read(derived);
    await server.heldCount(1);
    expect(server.state.inFlight).toBe(1);
    server.state.held[0]!.release();
    await server.heldCount(2);
    server.state.held[1]!.release();
    await Promise.all([first, second]);
    expect(server.state.most).toBe(1);
  });

  it('ends the wait for a turn with the call’s signal or timeout, sending nothing', async () => {
    const server = serving(profile);
    const client = profile.make({ fetch: server.fetch, throttle: { concurrency: 1 } });
    const holding = read(client);
    await server.heldCount(1);
    const controller = new AbortController();
    const aborted = read(client, { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(APIUserAbortError);
    await expect(read(client, { timeout: 50 })).rejects.toBeInstanceOf(APITimeoutError);
    expect(server.state.started).toHaveLength(1);
    server.state.held[0]!.release();
    await holding;
  });

  it('with a coordination, holds back every client of the service once one met a 429 with Retry-After, with a debug line', async () => {
    const server = serving(profile);
    const coordination = inProcessCoordination();
    const first = profile.make({ fetch: server.fetch, coordination });
    const log = logged();
    const second = profile.make({
      fetch: server.fetch,
      coordination,
      logger: log,
      logLevel: 'debug',
    });
    const refused = read(first).catch((error: unknown) => error);
    await server.heldCount(1);
    const refusedAt = performance.now();
    server.state.held[0]!.release(
      new Response(JSON.stringify(profile.errorBody(429, 'Slow down')), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '0.3' },
      }),
    );
    await refused;
    const later = read(second);
    await server.heldCount(2);
    expect(server.state.started[1]! - refusedAt).toBeGreaterThanOrEqual(299);
    server.state.held[1]!.release();
    await later;
    expect(log.lines).toContainEqual({
      level: 'debug',
      message: expect.stringMatching(/: waiting \d+ ms, the pause the service asked of the fleet$/),
    });
  });

  it('with a coordination, holds a throttle across the clients given it', async () => {
    const server = serving(profile);
    const coordination = inProcessCoordination();
    const throttle = { concurrency: 1 };
    const clients = [1, 2, 3].map(() =>
      profile.make({ fetch: server.fetch, coordination, throttle }),
    );
    const calls = clients.map((client) => read(client));
    for (let released = 0; released < 3; released += 1) {
      await server.heldCount(released + 1);
      expect(server.state.inFlight).toBe(1);
      server.state.held[released]!.release();
    }
    await Promise.all(calls);
    expect(server.state.most).toBe(1);
  });
});
