import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FirstResponseProgram } from '../src/first-response';
import { bundleInto, compileCacheAvailable, measureShipping, SHIPPINGS } from '../src/shipping';
import { SHIPPING_HEAD, shippingRows } from '../src/shipping-table';

const withKy: FirstResponseProgram = {
  name: 'ky',
  load: `const { default: ky } = await import('ky');`,
  call: `ky.create({ prefixUrl: 'http://127.0.0.1:1' });`,
};
const floor: FirstResponseProgram = { name: 'fetch', load: '', call: `new Request('http://x/');` };

const outside = mkdtempSync(join(tmpdir(), 'clientkit-bench-shipping-test-'));
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe('shipping a script: bundled by esbuild, with the compile cache', () => {
  it('bundles a program into one ES module holding its packages, which runs where no node_modules is', async () => {
    const file = join(outside, 'ky.mjs');
    await bundleInto(withKy, file);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('must not begin with a slash'); // ky's own message
    expect(text).not.toMatch(/from ["']ky["']/);
    const run = spawnSync(process.execPath, [file], { cwd: outside, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^FIRST_RESPONSE \{"importMs":/);
  });

  it('measures each program four ways and fetch as written, in the same rounds', async () => {
    const { bare, shipped } = await measureShipping([withKy], floor, 1, {});
    expect(bare.wallMs).toBeGreaterThan(0);
    expect(shipped.map((s) => `${s.program} ${s.shipping}`)).toEqual([
      'fetch plain',
      ...SHIPPINGS.map((shipping) => `ky ${shipping}`),
    ]);
    const byWay = new Map(shipped.map((s) => [s.shipping, s.result]));
    expect(byWay.get('bundled')).toMatchObject({ name: 'ky', wallMs: expect.any(Number) });
    const cached = shipped.filter((s) => s.shipping.includes('compile cache'));
    const reason = `no compile cache in Node ${process.versions.node}`;
    for (const { result } of cached) {
      expect(result.note).toBe(compileCacheAvailable ? undefined : reason);
      expect(result.wallMs === undefined).toBe(!compileCacheAvailable);
    }
  });

  it('reports a program that will not bundle with the reason, and still measures it as written', async () => {
    const missing = { ...withKy, name: 'missing', load: `await import('no-such-package');` };
    const { shipped } = await measureShipping([missing], floor, 1, {});
    const bundled = shipped.find((s) => s.shipping === 'bundled')!;
    expect(bundled.result.note).toMatch(/^bundle failed: .*no-such-package/);
    const plain = shipped.find((s) => s.program === 'missing' && s.shipping === 'plain')!;
    expect(plain.result.note).toMatch(/^failed: .*no-such-package/);
  });
});

describe('the shipping table', () => {
  /** A program whose runs took these CPU times, each run's wall time twice its CPU time. */
  const result = (name: string, ...cpu: number[]) => ({
    name,
    wallMs: 2 * cpu[0]!,
    cpuMs: cpu[0]!,
    samples: cpu.map((cpuMs) => ({ wallMs: 2 * cpuMs, importMs: 0, callMs: 0, cpuMs })),
  });

  it('sets each way against fetch as written and against its peer shipped the same way, by CPU time', () => {
    const rows = shippingRows(
      result('bare node', 40),
      [
        { program: 'fetch', shipping: 'plain', result: result('fetch', 100) },
        { program: 'ours', shipping: 'plain', result: result('ours', 200) },
        { program: 'ours', shipping: 'bundled', result: result('ours', 107) },
        { program: 'theirs', shipping: 'plain', result: result('theirs', 150) },
        { program: 'theirs', shipping: 'bundled', result: result('theirs', 100) },
      ],
      'fetch',
      { ours: 'theirs' },
    );
    const cells = (row: string[]) => Object.fromEntries(SHIPPING_HEAD.map((h, i) => [h, row[i]]));
    expect(cells(rows[0]!)).toMatchObject({
      program: 'bare node',
      'wall time': '80 ms',
      'CPU to the answer': '40 ms',
    });
    expect(cells(rows[1]!)).toMatchObject({ program: 'fetch', 'CPU against fetch': '' });
    expect(cells(rows[3]!)).toEqual({
      program: 'ours',
      'shipped as': 'bundled',
      'wall time': '214 ms',
      'CPU to the answer': '107 ms',
      'CPU against fetch': '1.07x (+7 ms)',
      'compared with': 'theirs',
      'CPU against it, shipped alike': '1.07x (+7 ms)',
    });
    expect(cells(rows[2]!)['CPU against it, shipped alike']).toBe('1.33x (+50 ms)');
    expect(cells(rows[5]!)['CPU against fetch']).toBe('1.00x (+0 ms)');
  });

  it('takes the ratios run by run: a busy moment that slows both sides of a run does not move them', () => {
    const rows = shippingRows(
      result('bare node', 40),
      [
        { program: 'fetch', shipping: 'plain', result: result('fetch', 100, 270, 900) },
        { program: 'ours', shipping: 'plain', result: result('ours', 110, 300, 990) },
      ],
      'fetch',
      {},
    );
    expect(rows[2]![4]).toBe('1.10x (+30 ms)');
  });

  it('shows the reason in place of the figures of a way this Node cannot run', () => {
    const rows = shippingRows(
      result('bare node', 40),
      [{ program: 'ours', shipping: 'compile cache', result: { name: 'ours', note: 'no cache' } }],
      'fetch',
      { ours: 'theirs' },
    );
    expect(rows[1]).toEqual(['ours', 'compile cache', 'no cache', '', '', 'theirs', '']);
  });
});
