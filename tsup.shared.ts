import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

const root = dirname(fileURLToPath(import.meta.url));
const coreVersion = JSON.parse(readFileSync(resolve(root, 'packages/core/package.json'), 'utf8'))
  .version as string;

/** One build for every package: ESM and CJS, with .d.ts and .d.cts, for Node 20 and browsers. */
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
    splitting: false,
    define: { __CLIENTKIT_VERSION__: JSON.stringify(coreVersion) },
    ...overrides,
  });
}

/**
 * A client's build: ESM with code splitting, so that what a client loads only on demand (its
 * response schemas, behind `validateResponses`) stays in a chunk of its own that bundlers keep
 * apart; and CommonJS in one file per entry.
 */
export function clientBuildConfig(entry: Record<string, string>) {
  return [
    packageBuildConfig(entry, { format: ['esm'], splitting: true }),
    packageBuildConfig(entry, { format: ['cjs'], clean: false }),
  ];
}
