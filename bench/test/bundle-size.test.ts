import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { measure, measurePeer, peerPrograms } from '../scripts/size.mjs';

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
  it('splits the minified bytes by the package they come from', async () => {
    const row = await measure('ky', (peerPrograms as Record<string, string>).ky);
    expect(Object.keys(row.byPackage)).toEqual(['ky', 'the program']);
    expect(row.byPackage.ky).toBeGreaterThan(10_000);
    // The bundler's own glue between modules belongs to no package.
    expect(row.byPackage.ky + row.byPackage['the program']).toBeLessThanOrEqual(row.minified);
  });

  it('counts a module the program loads through import() as part of the program', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'size-'));
    try {
      // Named as the response schemas' lazy chunk once was: no module is left out any more.
      // Random digits do not compress, so the module's share of the count is plain to see.
      const filler = Array.from({ length: 200 }, () => Math.random()).join('');
      writeFileSync(join(dir, 'response-schemas-X1.js'), `export const a = '${filler}';`);
      const bare = await measure('bare', `console.log(1);`);
      const lazy = await measure(
        'lazy',
        `console.log(await import('${dir}/response-schemas-X1.js'));`,
      );
      expect(lazy.minified - bare.minified).toBeGreaterThan(3000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
