import { resolve } from 'node:path';
import type { Options } from 'tsup';
import { packageBuildConfig } from '../../tsup.shared.ts';

const entry = { index: 'src/index.ts', schema: 'src/schema.ts' };

/**
 * The Node builds' own versions of two modules: ky loads on the first request instead of at import
 * (src/ky-loader.node.ts), and the modules that browser builds load on first use are imported up
 * front (src/lazy.node.ts), so that Node has no extra files to load for them.
 */
const nodeModules: NonNullable<Options['esbuildPlugins']>[number] = {
  name: 'node-modules',
  setup(build) {
    build.onResolve({ filter: /^\.\/(ky-loader|lazy)$/ }, (args) => ({
      path: resolve(args.resolveDir, `${args.path.slice(2)}.node.ts`),
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
    esbuildPlugins: [nodeModules],
  }),
  packageBuildConfig(entry, {
    format: ['cjs'],
    noExternal: ['ky'],
    clean: false,
    esbuildPlugins: [nodeModules],
  }),
];
