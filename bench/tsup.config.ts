import { packageBuildConfig } from '../tsup.shared.ts';

export default packageBuildConfig(
  { run: 'src/run.ts', soak: 'src/soak.ts' },
  { format: ['esm'], dts: false },
);
