// Runs a TypeScript entry of the repository straight from the sources: esbuild bundles it (the
// workspace packages resolved to their src/ through tsconfig.base.json's paths, third-party modules
// from node_modules) into one file in a temporary directory, in about a second, and Node runs it.
// `pnpm demo` and `pnpm serve` use it so that a fresh clone needs no build of every package first.
// Usage: node scripts/from-source.mjs <entry.ts> [arguments for the program...]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/from-source.mjs <entry.ts> [arguments...]');
  process.exit(2);
}
const { version } = JSON.parse(readFileSync(join(root, 'packages/core/package.json'), 'utf8'));
const outdir = mkdtempSync(join(tmpdir(), 'clientkit-from-source-'));
const outfile = join(outdir, `${basename(entry, '.ts')}.mjs`);
await build({
  entryPoints: [resolve(entry)],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'inline',
  tsconfig: join(root, 'tsconfig.base.json'),
  define: { __CLIENTKIT_VERSION__: JSON.stringify(version) },
  // Bundled CommonJS dependencies (the SMTP server) still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __ckRequire } from 'node:module'; const require = __ckRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
const child = spawn(process.execPath, ['--enable-source-maps', outfile, ...args], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  rmSync(outdir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
