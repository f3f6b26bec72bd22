import { describe, expect, it } from 'vitest';
import { createClock, parseDuration } from '../src/index';

describe('clock', () => {
  it('reads durations in ms, s, m, h and d, and refuses anything else', () => {
    expect(['500ms', '30s', '15m', '2h', '7d', 42].map(parseDuration)).toEqual([
      500, 30_000, 900_000, 7_200_000, 604_800_000, 42,
    ]);
    expect(() => parseDuration('soon')).toThrow(
      '"soon" is not a duration such as 500ms, 30s, 15m, 2h or 7d',
    );
  });

  it('starts at the given time and stands still when frozen', async () => {
    const clock = createClock({ start: '2026-03-01T00:00:00Z', frozen: true });
    expect(clock.date().toISOString()).toBe('2026-03-01T00:00:00.000Z');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.date().toISOString()).toBe('2026-03-01T00:00:00.000Z');
    await clock.advance('1d');
    expect(clock.date().toISOString()).toBe('2026-03-02T00:00:00.000Z');
    await clock.set('2026-01-01T00:00:00Z');
    expect(clock.date().toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('follows real time when not frozen', async () => {
    const clock = createClock({ start: 0 });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(clock.now()).toBeGreaterThanOrEqual(25);
    clock.close();
  });

  it('runs scheduled tasks in time order when the clock is advanced past them, and not before', async () => {
    const clock = createClock({ start: 0, frozen: true });
    const ran: string[] = [];
    clock.schedule(60_000, () => void ran.push('b'));
    clock.schedule(1_000, () => void ran.push('a'));
    const cancel = clock.schedule(30_000, () => void ran.push('cancelled'));
    cancel();
    await clock.advance('59s');
    expect(ran).toEqual(['a']);
    await clock.advance('1s');
    expect(ran).toEqual(['a', 'b']);
  });

  it('runs a task when real time reaches it on a running clock', async () => {
    const clock = createClock();
    const done = new Promise<number>((resolve) =>
      clock.schedule(clock.now() + 30, () => resolve(clock.now())),
    );
    expect(await done).toBeGreaterThanOrEqual(clock.now() - 1000);
    clock.close();
  });
});
