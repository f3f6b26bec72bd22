import { packageBuildConfig } from '../tsup.shared.ts';

export default packageBuildConfig({ run: 'src/run.ts' }, { format: ['esm'], dts: false });
