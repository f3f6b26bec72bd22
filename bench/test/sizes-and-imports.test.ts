import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { measure, measurePeer, peerPrograms } from '../scripts/size.mjs';
import { measureImportTimes } from '../src/import-time';

describe('bundle sizes of the official SDKs', () => {
  it('bundles each peer program with every dependency and marks it as a peer, with no budget', async () => {
    const rows = [];
    for (const [name, contents] of Object.entries(peerPrograms as Record<string, string>)) {
      rows.push(await measurePeer(name, contents));
    }
    expect(rows.map((row) => row.name)).toEqual([
      '@gitbook/api',
      'postmark',
      'auth0',
      'stripe',
      'ky',
    ]);
    for (const row of rows) {
      expect(row.peer).toBe(true);
      expect(row.gzip).toBeGreaterThan(1024);
      expect(row.minified).toBeGreaterThan(row.gzip);
    }
  });
});

describe('bundle size of a client program', () => {
  it('counts modules loaded through import() and leaves out only the named opt-in features', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'size-'));
    try {
      // Random digits do not compress, so each module's share of the count is plain to see.
      const filler = (n: number) => Array.from({ length: n }, () => Math.random()).join('');
      writeFileSync(join(dir, 'on-first-call.js'), `export const a = '${filler(200)}';`);
      writeFileSync(join(dir, 'response-schemas-X1.js'), `export const b = '${filler(200)}';`);
      const bare = await measure('bare', `console.log(1);`);
      const lazy = await measure('lazy', `console.log(await import('${dir}/on-first-call.js'));`);
      const optIn = await measure(
        'opt-in',
        `console.log(await import('${dir}/response-schemas-X1.js'));`,
      );
      expect(lazy.minified - bare.minified).toBeGreaterThan(3000);
      expect(optIn.minified - bare.minified).toBeLessThan(200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cold import', () => {
  it('times a package that imports and reports one that does not with the reason', () => {
    const [bare, ky, missing] = measureImportTimes(['ky', '@clientkit/no-such-package'], 1);
    expect(bare).toEqual({ name: 'bare node', medianMs: expect.any(Number), overBareNodeMs: 0 });
    expect(ky!.medianMs).toBeGreaterThan(0);
    expect(missing!.medianMs).toBeUndefined();
    expect(missing!.note).toMatch(
      /^does not import: .*Cannot find package '@clientkit\/no-such-package'/,
    );
  });
});
