/**
 * A bundler that builds for the browser picks core's and metering's browser builds (the `browser`
 * condition of their exports), which leave out what a page cannot use; a bundle for Node keeps it.
 * Read from the bundles `scripts/size.mjs` measures, made from the built packages.
 */
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { programs } from '../scripts/size.mjs';

async function bundled(contents: string, platform: 'browser' | 'node'): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: join(import.meta.dirname, '../scripts'), loader: 'js' },
    tsconfigRaw: {},
    bundle: true,
    format: 'esm',
    platform,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const clients = Object.entries(programs as Record<string, string>);

describe('browser builds', () => {
  it.each(clients)(
    '%s bundled for a browser reads no environment variable and no connection code',
    async (_name, program) => {
      const page = await bundled(program, 'browser');
      const node = await bundled(program, 'node');
      expect(node).toContain('globalThis.process?.env');
      expect(node).toContain('ECONNRESET');
      expect(page).not.toContain('globalThis.process?.env');
      expect(page).not.toContain('ECONNRESET');
    },
  );

  it("leaves metering's Node sender out of a browser bundle, and keeps it for Node", async () => {
    const program = (programs as Record<string, string>)['@clientkit/metering-client']!;
    expect(await bundled(program, 'node')).toContain('getBuiltinModule("node:http")');
    expect(await bundled(program, 'browser')).not.toContain('node:http');
  });

  it('leaves the making of client credentials out of an idm browser bundle that never imports clientCredentials', async () => {
    const program = (programs as Record<string, string>)['@clientkit/idm-client']!;
    expect(await bundled(program, 'node')).toContain('options of clientCredentials');
    expect(await bundled(program, 'browser')).not.toContain('options of clientCredentials');
  });
});
