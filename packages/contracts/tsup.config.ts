import { packageBuildConfig } from '../../tsup.shared.ts';

/** One entry per interface, and one for its response schemas (the package's `exports`). */
const interfaces = ['docs', 'calendar', 'metering', 'mail', 'idm'];

export default packageBuildConfig({
  index: 'src/index.ts',
  ...Object.fromEntries(
    interfaces.flatMap((name) => [
      [name, `src/${name}.ts`],
      [`${name}/response-schemas`, `src/${name}/response-schemas.ts`],
    ]),
  ),
});
