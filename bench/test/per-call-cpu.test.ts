import { describe, expect, it } from 'vitest';
import { cannedFetch, jsonAnswer } from '../src/canned-fetch';
import { CPU_HEAD, cpuRow } from '../src/cpu-table';
import { type Contestant, type CpuCase, measureCpuCase, warmUpCases } from '../src/per-call-cpu';

const options = { calls: 20, rounds: 3, warmup: 5 };
const onNode24 = { kyBudgetApplies: true };

function contestant(name: string, path: string): Contestant {
  const canned = cannedFetch({ default: jsonAnswer({ ok: true }) });
  return {
    name,
    canned,
    call: async () => (await canned.fetch(`http://h.test${path}`)).json(),
  };
}

describe('per-call CPU', () => {
  it('times every contestant that sends the expected request', async () => {
    const cpuCase: CpuCase = {
      operation: 'things.get',
      expect: 'GET /things/1',
      contestants: [contestant('clientkit', '/things/1'), contestant('raw fetch', '/things/1')],
    };
    const figures = await measureCpuCase(cpuCase, options);
    expect(figures.map((f) => f.name)).toEqual(['clientkit', 'raw fetch']);
    for (const figure of figures) expect(figure.usPerCall).toBeGreaterThan(0);
  });

  it('does not time a contestant that sends another request, and says what it sent', async () => {
    const cpuCase: CpuCase = {
      operation: 'things.get',
      expect: 'GET /v1/things/1',
      contestants: [contestant('clientkit', '/things/1')],
    };
    const [figure] = await measureCpuCase(cpuCase, options);
    expect(figure!.usPerCall).toBeUndefined();
    expect(figure!.note).toBe('sent GET /things/1, not GET /v1/things/1');
  });

  it('does not time a contestant whose call fails, and keeps an unavailable one with its reason', async () => {
    const failing: Contestant = {
      ...contestant('postmark', '/things/1'),
      call: () => Promise.reject(new Error('boom')),
    };
    const cpuCase: CpuCase = {
      operation: 'things.get',
      expect: 'GET /things/1',
      contestants: [{ name: 'clientkit', unavailable: 'unavailable: not built' }, failing],
    };
    const figures = await measureCpuCase(cpuCase, options);
    expect(figures).toEqual([
      { name: 'clientkit', note: 'unavailable: not built' },
      { name: 'postmark', note: 'failed: boom' },
    ]);
  });

  it('writes a difference that rounds to zero as +0.0 and a negative one with its sign', () => {
    const cpuCase: CpuCase = { operation: 'things.get', expect: 'GET /x', contestants: [] };
    const row = cpuRow(
      cpuCase,
      [
        { name: 'clientkit', usPerCall: 9.96 },
        { name: 'bare ky', usPerCall: 7 },
        { name: 'raw fetch', usPerCall: 10 },
        { name: '@gitbook/api', usPerCall: 10.02 },
      ],
      onNode24,
    );
    expect(row.slice(5, 8)).toEqual(['+0.0', '-3.0', '+0.0']);
  });

  it('gives what each contestant adds over raw fetch and the ratios clientkit / SDK and / ky', () => {
    const cpuCase: CpuCase = { operation: 'things.get', expect: 'GET /x', contestants: [] };
    const row = cpuRow(
      cpuCase,
      [
        { name: 'clientkit', usPerCall: 30 },
        { name: 'bare ky', usPerCall: 25 },
        { name: 'raw fetch', usPerCall: 10 },
        { name: 'postmark', usPerCall: 40 },
      ],
      onNode24,
    );
    expect(Object.fromEntries(CPU_HEAD.map((head, i) => [head, row[i]]))).toEqual({
      operation: 'things.get',
      'clientkit µs': '30.0',
      'bare ky µs': '25.0',
      'raw fetch µs': '10.0',
      'official SDK µs': 'postmark: 40.0',
      'clientkit over raw': '+20.0',
      'ky over raw': '+15.0',
      'SDK over raw': '+30.0',
      'clientkit / SDK': '0.75x',
      'clientkit / ky': '1.20x',
      'clientkit over ky': '+5.0',
      'budget (ky + 25 µs on Node 24; auth0, stripe)': 'within ky + 25 µs',
    });
  });

  it('reads what a contestant adds over raw fetch from its paired figure when it has one', () => {
    const cpuCase: CpuCase = { operation: 'things.get', expect: 'GET /x', contestants: [] };
    const row = cpuRow(
      cpuCase,
      [
        { name: 'clientkit', usPerCall: 30, overRaw: 18 },
        { name: 'bare ky', usPerCall: 25, overRaw: 16 },
        { name: 'raw fetch', usPerCall: 10, overRaw: 0 },
      ],
      onNode24,
    );
    expect(row.slice(5, 7)).toEqual(['+18.0', '+16.0']);
    expect(row.at(-2)).toBe('+2.0');
  });

  it('pairs each round of a contestant with the same round of raw fetch', async () => {
    // A contestant that costs the same as raw fetch plus one extra fetch per call: its paired
    // figure over raw fetch is positive, and raw fetch's own is zero.
    const raw = contestant('raw fetch', '/things/1');
    const double: Contestant = {
      ...contestant('clientkit', '/things/1'),
    };
    double.call = async () => {
      await (await double.canned.fetch('http://h.test/things/1')).json();
      return (await double.canned.fetch('http://h.test/things/1')).json();
    };
    const cpuCase: CpuCase = {
      operation: 'things.get',
      expect: 'GET /things/1',
      contestants: [double, raw],
    };
    const [ours, baseline] = await measureCpuCase(cpuCase, { calls: 200, rounds: 5, warmup: 50 });
    expect(baseline!.overRaw).toBe(0);
    expect(ours!.overRaw).toBeGreaterThan(0);
  });

  it('warms up every checked contestant of every case before any case is timed', async () => {
    const first = contestant('clientkit', '/things/1');
    const second = contestant('bare ky', '/things/2');
    const wrong = contestant('raw fetch', '/elsewhere');
    await warmUpCases(
      [
        { operation: 'things.get', expect: 'GET /things/1', contestants: [first, wrong] },
        { operation: 'things.other', expect: 'GET /things/2', contestants: [second] },
      ],
      120,
    );
    // One checked call each, then the warm-up; a contestant that fails its check is not warmed.
    expect([first.canned.calls, second.canned.calls, wrong.canned.calls]).toEqual([121, 121, 1]);
  });
});
