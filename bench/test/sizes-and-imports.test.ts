import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { measurePeer, peerPrograms } from '../scripts/size.mjs';
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
