// What a module of a client weighs in its browser program, measured two ways, each from the
// repository's sources (the tsconfig paths), in gzip bytes:
// - static: the program bundled into one file, less the same program with the module left out
//   (its imports kept as imports of nothing), so what only the module needs goes with it;
// - lazy chunk: the module bundled as an entry of its own beside the program, as a bundler with
//   code splitting emits what a program loads through `import()`; what both use stays with the
//   program, and the chunk keeps every export of the module.
// It answers "what would loading this on first use save": the static figure is what the page
// carries for it, the chunk what the first use fetches instead.
// Usage: node scripts/module-cost.mjs [--json]   (from a checkout whose sources have the modules)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { programs } from './size.mjs';

const root = resolve(import.meta.dirname, '../..');

/** The modules that loaded on first use before the plain core, each with the program that uses it. */
export const MODULES = [
  ...['docs', 'calendar', 'metering', 'mail', 'idm'].map((name) => ({
    name: `${name}: response schemas`,
    program: `@clientkit/${name}-client`,
    files: [`packages/contracts/src/${name}/response-schemas.ts`],
  })),
  {
    name: 'idm: token exchange and scope check',
    program: '@clientkit/idm-client',
    files: ['packages/idm-client/src/token-exchange.ts', 'packages/idm-client/src/scopes.ts'],
  },
  {
    name: 'metering: Node sender',
    program: '@clientkit/metering-client',
    files: ['packages/metering-client/src/node-wire.ts'],
  },
];

/** Leaves `files` out of the bundle: an import of one stays an import, except from `keepFrom`. */
function leaveOut(files, keepFrom) {
  const wanted = new Set(files);
  return {
    name: 'leave-out',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData?.leaveOut || args.kind === 'entry-point') return undefined;
        if (keepFrom && args.importer === keepFrom) return undefined;
        const found = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { leaveOut: true },
        });
        return wanted.has(found.path) ? { path: args.path, external: true } : undefined;
      });
    },
  };
}

const common = {
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  logLevel: 'silent',
  // The sources, through the repository's paths; ky and zod from node_modules.
  tsconfig: join(root, 'tsconfig.base.json'),
};

const gzipBytes = (contents) => gzipSync(contents, { level: 9 }).length;

/** The program bundled into one file, gzip bytes, without `files` when given. */
export async function programBytes(contents, files = []) {
  const result = await esbuild.build({
    ...common,
    stdin: { contents, resolveDir: import.meta.dirname, loader: 'js' },
    plugins: [leaveOut(files)],
  });
  return gzipBytes(result.outputFiles[0].contents);
}

/** The chunk `files` make when the program loads them through `import()`, gzip bytes. */
export async function lazyChunkBytes(contents, files) {
  const dir = mkdtempSync(join(tmpdir(), 'module-cost-'));
  try {
    const program = join(dir, 'program.js');
    const lazy = join(dir, 'lazy.js');
    writeFileSync(program, contents);
    writeFileSync(lazy, files.map((file) => `export * from '${file}';`).join('\n'));
    const result = await esbuild.build({
      ...common,
      entryPoints: { program, lazy },
      splitting: true,
      outdir: join(dir, 'out'),
      nodePaths: [join(import.meta.dirname, '../node_modules')],
      plugins: [leaveOut(files, lazy)],
    });
    const chunk = result.outputFiles.find((file) => file.path.endsWith('/lazy.js'));
    return gzipBytes(chunk.contents);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The static and lazy figures of one module of `MODULES`. */
export async function moduleCost(module) {
  const contents = programs[module.program];
  const files = module.files.map((file) => join(root, file));
  const whole = await programBytes(contents);
  const without = await programBytes(contents, files);
  return {
    name: module.name,
    program: whole,
    staticBytes: whole - without,
    lazyChunkBytes: await lazyChunkBytes(contents, files),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = [];
  for (const module of MODULES) rows.push(await moduleCost(module));
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows));
  else {
    console.log('| module | program, gzip | static | as a lazy chunk |');
    console.log('|---|---|---|---|');
    for (const row of rows) {
      const cells = [row.program, row.staticBytes, row.lazyChunkBytes];
      console.log(
        `| ${row.name} | ${cells.map((n) => `${n.toLocaleString('en')} B`).join(' | ')} |`,
      );
    }
  }
}
