import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const root = dirname(fileURLToPath(import.meta.url));
const coreVersion = JSON.parse(readFileSync(resolve(root, 'packages/core/package.json'), 'utf8'))
  .version as string;

/**
 * One build for every package: ESM and CJS, with .d.ts and .d.cts, for Node 20 and browsers. Each
 * format shares the modules its entries have in common in chunks, so that a program that loads two
 * entries of a package has one copy of each module (one schema instance, one class).
 */
export function packageBuildConfig(entry: Record<string, string>, overrides: Options = {}) {
  return defineConfig({
    entry,
    format: ['esm', 'cjs'],
    dts: true,
    // The build config resolves other @clientkit packages through node_modules (their own builds),
    // where the typecheck config maps them to sources.
    tsconfig: 'tsconfig.build.json',
    clean: true,
    sourcemap: true,
    target: 'es2022',
    treeshake: true,
    splitting: true,
    define: { __CLIENTKIT_VERSION__: JSON.stringify(coreVersion) },
    ...overrides,
  });
}

/**
 * The `dts` option of a package whose types name `Symbol.asyncDispose` (for `await using`): each
 * type file brings the TypeScript lib that declares it, so a project compiles them without Node's
 * types or an `esnext` lib of its own.
 */
export const disposableTypes = { banner: '/// <reference lib="esnext.disposable" />' };
