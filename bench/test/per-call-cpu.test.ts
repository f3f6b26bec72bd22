import { describe, expect, it } from 'vitest';
import { cannedFetch, jsonAnswer } from '../src/canned-fetch';
import { CPU_HEAD, cpuRow } from '../src/cpu-table';
import { type Contestant, type CpuCase, measureCpuCase } from '../src/per-call-cpu';

const options = { calls: 20, rounds: 3, warmup: 5 };

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
    const row = cpuRow(cpuCase, [
      { name: 'clientkit', usPerCall: 9.96 },
      { name: 'bare ky', usPerCall: 7 },
      { name: 'raw fetch', usPerCall: 10 },
      { name: '@gitbook/api', usPerCall: 10.02 },
    ]);
    expect(row.slice(5, 8)).toEqual(['+0.0', '-3.0', '+0.0']);
  });

  it('gives what each contestant adds over raw fetch and the ratios clientkit / SDK and / ky', () => {
    const cpuCase: CpuCase = { operation: 'things.get', expect: 'GET /x', contestants: [] };
    const row = cpuRow(cpuCase, [
      { name: 'clientkit', usPerCall: 30 },
      { name: 'bare ky', usPerCall: 25 },
      { name: 'raw fetch', usPerCall: 10 },
      { name: 'postmark', usPerCall: 40 },
    ]);
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
    });
  });
});
