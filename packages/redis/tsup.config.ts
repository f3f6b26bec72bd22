import { disposableTypes, packageBuildConfig } from '../../tsup.shared.ts';

export default packageBuildConfig({ index: 'src/index.ts' }, { dts: disposableTypes });
