import { disposableTypes, packageBuildConfig } from '../../tsup.shared.ts';

export default packageBuildConfig(
  { index: 'src/index.ts', schemas: 'src/schemas.ts' },
  { dts: disposableTypes },
  // A browser has no node:http: its build leaves the Node sender out (see tsup.shared.ts).
  ['src/node-wire.ts'],
);
