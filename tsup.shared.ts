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
export function packageBuildConfig(
  entry: Record<string, string>,
  overrides: Options = {},
  browserModules: readonly string[] = [],
) {
  const build: Options = {
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
  };
  if (browserModules.length === 0) return defineConfig(build);
  return defineConfig([build, browserBuild(build, browserModules)]);
}

/**
 * The build a bundler picks for a browser (the `browser` condition of package.json's exports): ESM
 * only, in `dist/browser`, with each module of `modules` (`src/options/environment.ts`) replaced by
 * its `.browser.ts` neighbour, which does what the module itself does in a browser (a page has no
 * environment variables, no node:http, no error codes from its fetch) without the code that never
 * runs there. Its types are the main build's.
 */
function browserBuild(build: Options, modules: readonly string[]): Options {
  const replaced = new Set(modules.map((file) => resolve(file)));
  return {
    ...build,
    format: ['esm'],
    dts: false,
    outDir: 'dist/browser',
    clean: false,
    platform: 'browser',
    esbuildPlugins: [
      {
        name: 'browser-modules',
        setup(esbuild) {
          esbuild.onLoad({ filter: /\.ts$/ }, (file) => {
            if (!replaced.has(file.path)) return undefined;
            const browser = file.path.replace(/\.ts$/, '.browser.ts');
            return {
              contents: readFileSync(browser, 'utf8'),
              loader: 'ts',
              resolveDir: dirname(browser),
            };
          });
        },
      },
    ],
  };
}

/**
 * The `dts` option of a package whose types name `Symbol.asyncDispose` (for `await using`): each
 * type file brings the TypeScript lib that declares it, so a project compiles them without Node's
 * types or an `esnext` lib of its own.
 */
export const disposableTypes = { banner: '/// <reference lib="esnext.disposable" />' };
