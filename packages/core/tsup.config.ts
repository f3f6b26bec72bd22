import { resolve } from 'node:path';
import type { Options } from 'tsup';
import { packageBuildConfig } from '../../tsup.shared.ts';

const entry = { index: 'src/index.ts', schema: 'src/schema.ts' };

/** The Node builds load ky on the first request instead of at import (see src/ky-loader.node.ts). */
const kyOnFirstRequest: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'ky-on-first-request',
  setup(build) {
    build.onResolve({ filter: /^\.\/ky-loader$/ }, (args) => ({
      path: resolve(args.resolveDir, 'ky-loader.node.ts'),
    }));
  },
};

// The ESM builds carry their own copies of ky and of the parts of zod that core and the clients use
// (`src/schema.ts`), split into shared chunks, so that Node loads a handful of files on import
// instead of zod/mini's hundred (see README, "Why core bundles ky and zod"). zod stays a dependency
// for its types, which the .d.ts files import.
//
// There are two ESM builds: `dist/` for browsers and bundlers, and `dist/node/` (the `node` export
// condition), which differs only in loading ky lazily. Both entries of a Node process resolve to the
// same build, so it holds one core.
//
// ky publishes ESM only, so the CommonJS build carries its own copy too, and `require('@clientkit/core')`
// works on every Node version of `engines` (require(esm) needs 20.19). zod has a CommonJS build of its
// own, which the CommonJS files require, so that index.cjs and schema.cjs share one copy.
export default [
  packageBuildConfig(entry, { format: ['esm'], noExternal: ['ky', 'zod'], splitting: true }),
  packageBuildConfig(entry, {
    format: ['esm'],
    noExternal: ['ky', 'zod'],
    splitting: true,
    outDir: 'dist/node',
    dts: false,
    clean: false,
    esbuildPlugins: [kyOnFirstRequest],
  }),
  packageBuildConfig(entry, {
    format: ['cjs'],
    noExternal: ['ky'],
    clean: false,
    esbuildPlugins: [kyOnFirstRequest],
  }),
];
