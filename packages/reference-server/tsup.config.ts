import { disposableTypes, packageBuildConfig } from '../../tsup.shared.ts';

export default packageBuildConfig(
  {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    // Without the server, so that a program in any runtime can build the clients the CLI prints.
    'development-options': 'src/development-options.ts',
    // The test kit: the server with the five clients built on it, apart so that the main entry loads no client.
    testing: 'src/testing.ts',
  },
  { dts: disposableTypes },
);
