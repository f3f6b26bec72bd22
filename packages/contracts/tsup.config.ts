import { clientBuildConfig } from '../../tsup.shared.ts';

/** One entry per interface, and one for its response schemas, which the contract loads on demand. */
const interfaces = ['docs', 'calendar', 'metering', 'mail', 'idm'];

export default clientBuildConfig({
  index: 'src/index.ts',
  ...Object.fromEntries(
    interfaces.flatMap((name) => [
      [name, `src/${name}.ts`],
      [`${name}/response-schemas`, `src/${name}/response-schemas.ts`],
    ]),
  ),
});
