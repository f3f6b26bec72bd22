import { packageBuildConfig } from '../tsup.shared.ts';

export default packageBuildConfig({ demo: 'src/demo.ts' }, { format: ['esm'], dts: false });
