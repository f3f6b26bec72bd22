import { packageBuildConfig } from '../../tsup.shared.ts';

const entry = { index: 'src/index.ts', schema: 'src/schema.ts' };
const opentelemetry = { opentelemetry: 'src/opentelemetry.ts' };
// Its declarations come from the main builds' declaration pass (a pass of its own would race with
// theirs, which deletes every .d.ts file first); its code from a build of its own (below).
const dts = { entry: { ...entry, ...opentelemetry } };

// The ESM build carries its own copies of ky and of the parts of zod that core and the contracts use
// (`src/schema.ts`), split into shared chunks, so that Node loads a handful of files on import instead
// of zod/mini's hundred; ky is a chunk of its own, loaded with the first request (see README, "Why
// core bundles ky and zod"). zod stays a dependency for its types, which the .d.ts files import.
//
// ky publishes ESM only, so the CommonJS build carries its own copy too, and `require('@clientkit/core')`
// works on every Node version of `engines`. zod has a CommonJS build of its own, which the CommonJS
// files require, so that index.cjs and schema.cjs share one copy.
//
// `@clientkit/core/opentelemetry` is built apart, with its own small copy of the redaction rules, so
// that adding it changes no chunk the main entries load; `@opentelemetry/api`, a peer dependency,
// stays external, loaded only by an application that imports this entry.
export default [
  packageBuildConfig(entry, { format: ['esm'], noExternal: ['ky', 'zod'], splitting: true, dts }),
  packageBuildConfig(entry, { format: ['cjs'], noExternal: ['ky'], clean: false, dts }),
  packageBuildConfig(opentelemetry, { dts: false, clean: false }),
];
