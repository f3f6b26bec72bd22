import { describe, expect, it } from 'vitest';
import {
  type FirstResponseProgram,
  measureFirstResponses,
  programSource,
} from '../src/first-response';
import { FIRST_RESPONSE_HEAD, firstResponseRows } from '../src/first-response-table';

const offline: FirstResponseProgram = {
  name: 'zlib',
  load: `const { gzipSync } = await import('node:zlib');`,
  call: `gzipSync('x'.repeat(1000));`,
};

describe('first response (a fresh process per run)', () => {
  it('gives each program its wall time over bare node and the import and the call inside it', async () => {
    const [bare, zlib] = await measureFirstResponses([offline], 2, {});
    expect(bare).toEqual({
      name: 'bare node',
      wallMs: expect.any(Number),
      overBareNodeMs: 0,
      cpuMs: expect.any(Number),
      samples: [expect.any(Object), expect.any(Object)],
    });
    expect(zlib!.samples).toHaveLength(2);
    expect(zlib!.cpuMs).toBeGreaterThan(0);
    expect(zlib!.name).toBe('zlib');
    expect(zlib!.note).toBeUndefined();
    expect(zlib!.wallMs).toBeGreaterThan(0);
    expect(zlib!.overBareNodeMs).toBe(zlib!.wallMs! - bare!.wallMs!);
    expect(zlib!.importMs).toBeGreaterThanOrEqual(0);
    expect(zlib!.callMs).toBeGreaterThanOrEqual(0);
  });

  it('reports a program that fails with its error, without figures, and still times the others', async () => {
    const missing: FirstResponseProgram = {
      name: 'missing',
      load: `await import('@clientkit/no-such-package');`,
      call: '',
    };
    const [, failed, zlib] = await measureFirstResponses([missing, offline], 1, {});
    expect(failed!.wallMs).toBeUndefined();
    expect(failed!.note).toMatch(/^failed: .*Cannot find package '@clientkit\/no-such-package'/);
    expect(zlib!.wallMs).toBeGreaterThan(0);
  });

  it('hands the program the origin and the idm token from its environment', async () => {
    const echo: FirstResponseProgram = {
      name: 'echo',
      load: '',
      call: `if (ORIGIN !== 'http://127.0.0.1:1' || IDM_TOKEN !== 't') throw new Error('not given');`,
    };
    const [, result] = await measureFirstResponses([echo], 1, {
      BENCH_ORIGIN: 'http://127.0.0.1:1',
      BENCH_IDM_TOKEN: 't',
    });
    expect(result!.note).toBeUndefined();
  });

  it('times the import before the call and exits once the answer is in', () => {
    const source = programSource(offline);
    expect(source.indexOf(offline.load)).toBeLessThan(source.indexOf(offline.call));
    expect(source.trim().endsWith('process.exit(0);')).toBe(true);
  });
});

describe('the first-response table', () => {
  it('sets each of ours against its peer: the ratio and the difference over bare node', () => {
    const rows = firstResponseRows(
      [
        { name: 'bare node', wallMs: 40, overBareNodeMs: 0 },
        { name: 'ours', wallMs: 100, overBareNodeMs: 60, importMs: 35, callMs: 20 },
        { name: 'theirs', wallMs: 120, overBareNodeMs: 80, importMs: 50, callMs: 25 },
      ],
      { ours: 'theirs' },
    );
    expect(Object.fromEntries(FIRST_RESPONSE_HEAD.map((head, i) => [head, rows[1]![i]]))).toEqual({
      program: 'ours',
      'wall time': '100 ms',
      'over bare node': '60 ms',
      'import (in process)': '35 ms',
      'build + first call (in process)': '20 ms',
      'compared with': 'theirs',
      'over bare node, clientkit / peer': '0.75x',
      'clientkit - peer': '-20 ms',
    });
    expect(rows[2]!.slice(5)).toEqual(['', '', '']);
  });

  it('shows the reason in place of the figures of a program that failed', () => {
    const [row] = firstResponseRows([{ name: 'ours', note: 'failed: boom' }], { ours: 'theirs' });
    expect(row!.slice(0, 3)).toEqual(['ours', 'failed: boom', '']);
    expect(row!.slice(6)).toEqual(['', '']);
  });
});
