import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * A TypeScript program of the tests bundled into one ES module that Node runs, as
 * `scripts/from-source.mjs` does for `pnpm serve`: bundled once, run as often as a test needs.
 * Returns the file and what removes it.
 */
export async function programFromSource(entry: string): Promise<{ file: string; remove(): void }> {
  const { version } = JSON.parse(readFileSync(join(root, 'packages/core/package.json'), 'utf8'));
  const outdir = mkdtempSync(join(tmpdir(), 'clientkit-test-program-'));
  const file = join(outdir, 'program.mjs');
  await build({
    entryPoints: [entry],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: join(root, 'tsconfig.base.json'),
    define: { __CLIENTKIT_VERSION__: JSON.stringify(version) },
    // Bundled CommonJS dependencies (the SMTP server) still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __ckRequire } from 'node:module'; const require = __ckRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return { file, remove: () => rmSync(outdir, { recursive: true, force: true }) };
}
