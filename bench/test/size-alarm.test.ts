import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { ALARM_BYTES, overTheAlarm } from '../scripts/size.mjs';

const row = (name: string, gzip: number, peer = false) => ({
  name,
  platform: 'browser',
  minified: gzip * 3,
  gzip,
  ...(peer ? { peer } : {}),
});

describe('the bundle size alarm (scripts/size.mjs)', () => {
  it('alarms when a client reaches 36 kB (36,864 B) gzip, and only then', () => {
    expect(ALARM_BYTES).toBe(36_864);
    const rows = [row('under', 36_863), row('at', 36_864), row('over', 40_000)];
    expect(overTheAlarm(rows).map((r: { name: string }) => r.name)).toEqual(['at', 'over']);
  });

  it('never alarms for a peer, whatever its size', () => {
    expect(overTheAlarm([row('stripe', 90_000, true)])).toEqual([]);
  });
});
