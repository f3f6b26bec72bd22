import { spawnSync } from 'node:child_process';
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
  it('loads no fetch implementation on Node when a client is imported; the first request loads ky', () => {
    // On Node, the first touch of `Request` loads the runtime's fetch (undici), which is what made ky
    // slow to import; core defers ky, and with it that load, to the first request.
    const script = `
      const fetchLoaded = () => process.moduleLoadList.some((name) => name.includes('undici'));
      const clients = ['docs', 'calendar', 'metering', 'mail', 'idm'];
      const modules = await Promise.all(clients.map((name) => import('@clientkit/' + name + '-client')));
      const atImport = fetchLoaded();
      const canned = async () => new Response('{"id":"space_1"}', { headers: { 'content-type': 'application/json' } });
      const docs = new modules[0].DocsClient({ baseUrl: 'http://127.0.0.1:9', token: 't', fetch: canned });
      const space = await docs.spaces.get('space_1');
      console.log(JSON.stringify({ atImport, afterRequest: fetchLoaded(), id: space.id }));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: join(import.meta.dirname, '..'),
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toEqual({
      atImport: false,
      afterRequest: true,
      id: 'space_1',
    });
  });

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
