import { packageBuildConfig } from '../../tsup.shared.ts';

// ky publishes ESM only. The ESM build imports it; the CommonJS build carries its own copy, so that
// `require('@clientkit/core')` works on every Node version of `engines` (require(esm) needs 20.19).
export default [
  packageBuildConfig({ index: 'src/index.ts' }, { format: ['esm'] }),
  packageBuildConfig(
    { index: 'src/index.ts' },
    { format: ['cjs'], noExternal: ['ky'], clean: false },
  ),
];
