import { describe, expect, it } from 'vitest';
import { alarmVerdict, bundleRows } from '../src/bundle-table';
import type { MeteringThroughput, Spread } from '../src/metering-stream';
import { kyBudgetAppliesOn, perCallVerdict } from '../src/per-call-budget';
import { streamVerdict } from '../src/stream-budget';

const figures = {
  oursOverKy: 10,
  oursOverRaw: 30,
  peerName: undefined,
  peerOverRaw: undefined,
  kyBudgetApplies: true,
};

describe('per-call budget', () => {
  it('is within ky + 25 µs when clientkit adds at most 25 µs over bare ky, on Node 24', () => {
    expect(perCallVerdict({ ...figures, oursOverKy: 25 })).toBe('within ky + 25 µs');
    expect(perCallVerdict({ ...figures, oursOverKy: 25.4 })).toBe('over ky + 25 µs by 0.4 µs');
  });

  it('judges the ky budget on Node 24 only', () => {
    expect(kyBudgetAppliesOn('24.11.1')).toBe(true);
    expect(kyBudgetAppliesOn('20.20.2')).toBe(false);
    expect(perCallVerdict({ ...figures, oursOverKy: 90, kyBudgetApplies: false })).toBe('—');
  });

  it('holds clientkit at or under the CPU of auth0 and stripe on every runtime', () => {
    const idm = { ...figures, kyBudgetApplies: false, peerName: 'auth0', peerOverRaw: 30 };
    expect(perCallVerdict(idm)).toBe('at or under auth0');
    expect(perCallVerdict({ ...idm, oursOverRaw: 32.5 })).toBe('over auth0 by 2.5 µs');
    const metering = { ...figures, peerName: 'stripe (fetch)', peerOverRaw: 20 };
    expect(perCallVerdict(metering)).toBe('within ky + 25 µs; over stripe by 10.0 µs');
  });

  it('sets no SDK budget against @gitbook/api or postmark', () => {
    expect(perCallVerdict({ ...figures, peerName: 'postmark', peerOverRaw: 1 })).toBe(
      'within ky + 25 µs',
    );
  });

  it('says n/a when a figure is missing rather than passing it', () => {
    expect(perCallVerdict({ ...figures, oursOverKy: undefined })).toBe('ky + 25 µs: n/a');
    expect(
      perCallVerdict({
        ...figures,
        kyBudgetApplies: false,
        peerName: 'auth0',
        peerOverRaw: undefined,
      }),
    ).toBe('auth0: n/a');
  });
});

const spread = (median: number): Spread => ({
  median,
  min: median,
  max: median,
  samples: [median],
});
const stripe = (rate: number, cpu: number): MeteringThroughput => ({
  name: 'stripe (node:http, default)',
  eventsPerSecRatio: spread(rate),
  cpuRatio: spread(cpu),
});

describe('metering stream target', () => {
  it('is met at no fewer events/s than stripe at no more CPU per event, in the paired medians', () => {
    expect(streamVerdict(stripe(1, 1))).toBe('met: 1.00x its events/s at 1.00x its CPU per event');
  });

  it('is missed below stripe’s events/s or above its CPU, naming which', () => {
    expect(streamVerdict(stripe(0.94, 0.83))).toBe(
      'missed (events/s under 1.00x): 0.94x its events/s at 0.83x its CPU per event',
    );
    expect(streamVerdict(stripe(0.9, 1.2))).toMatch(
      /^missed \(events\/s under 1.00x, CPU over 1.00x\)/,
    );
  });

  it('is n/a with the reason when stripe could not be measured', () => {
    expect(streamVerdict({ name: 'stripe (node:http, default)', note: 'unavailable: x' })).toBe(
      'n/a: unavailable: x',
    );
    expect(streamVerdict(undefined)).toBe('n/a: not measured');
  });
});

const size = (name: string, gzip: number, peer = false) => ({
  name,
  platform: 'browser',
  minified: gzip * 3,
  gzip,
  ...(peer ? { peer } : {}),
});

describe('bundle table', () => {
  it('says how far under the alarm each client is, and rings at the alarm', () => {
    expect(alarmVerdict(size('a', 31_000), 32_768)).toBe('under by 1,768 B');
    expect(alarmVerdict(size('a', 32_768), 32_768)).toBe('AT OR OVER THE ALARM by 0 B');
  });

  it('gives a peer no alarm, and sets each client against its official SDK', () => {
    const rows = bundleRows(
      [size('@clientkit/mail-client', 20_000), size('postmark', 10_000, true)],
      32_768,
    );
    expect(rows[0]).toEqual([
      '@clientkit/mail-client',
      '60,000 B',
      '20,000 B',
      'under by 12,768 B',
      'postmark',
      '2.00x',
    ]);
    expect(rows[1]![3]).toBe('peer (browser build)');
  });
});
