import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RetrySetting } from './core';
import { testClient } from './helpers';

/**
 * The backoff, and how the policy's jitter and 8 s cap go on applying when a caller sets one of
 * `delay`, `jitter` and `backoffLimit`. ky's waits run on fake timers: with `Math.random` at 1,
 * the policy's first wait is 500 ms less 25 %, so 375 ms exactly.
 */
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A fetch that answers 503 without Retry-After and then 200, counting the attempts. */
function twoAttempts() {
  let attempts = 0;
  let firstSent: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    firstSent = resolve;
  });
  const fetch = async () => {
    attempts += 1;
    firstSent();
    return attempts === 1
      ? new Response('{}', { status: 503 })
      : new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, sent, attempts: () => attempts };
}

/** The attempts made just before and at `ms` after the first one, for a transport with `retry`. */
async function attemptsAround(ms: number, retry?: RetrySetting): Promise<[number, number]> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(Math, 'random').mockReturnValue(1);
  const counted = twoAttempts();
  const transport = testClient({ fetch: counted.fetch, retry });
  const done = transport.request({ method: 'GET', path: 'b', operation: 't' });
  await counted.sent;
  await vi.advanceTimersByTimeAsync(ms - 1);
  const before = counted.attempts();
  await vi.advanceTimersByTimeAsync(1);
  const at = counted.attempts();
  // A retry that did not come when due must fail the test, not hang it.
  await vi.advanceTimersByTimeAsync(60_000);
  await done;
  return [before, at];
}

describe('retry backoff', () => {
  it('waits 0.5 s less its jitter before the first retry by default', async () => {
    expect(await attemptsAround(375)).toEqual([1, 2]);
  });

  it("keeps the policy's backoff and jitter under a caller's backoffLimit", async () => {
    expect(await attemptsAround(375, { backoffLimit: 10_000 })).toEqual([1, 2]);
  });

  it("caps a caller's delay at 8 s, after the policy's jitter", async () => {
    expect(await attemptsAround(8_000, { delay: () => 60_000 })).toEqual([1, 2]);
  });

  it("hands a caller's jitter the policy's backoff of 0.5 s, and caps it at 8 s", async () => {
    const seen: number[] = [];
    const jitter = (delay: number) => {
      seen.push(delay);
      return delay * 100;
    };
    expect(await attemptsAround(8_000, { jitter })).toEqual([1, 2]);
    expect(seen).toEqual([500]);
  });
});
