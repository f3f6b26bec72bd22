import { clientBuildConfig } from '../../tsup.shared.ts';

/**
 * One entry per interface, and one for its response schemas, which the contract loads on demand.
 * The inbound mail payload's schemas get an entry too, so that they land in a file of their own
 * that a bundler leaves out of programs that never receive a webhook.
 */
const interfaces = ['docs', 'calendar', 'metering', 'mail', 'idm'];

export default clientBuildConfig({
  index: 'src/index.ts',
  ...Object.fromEntries(
    interfaces.flatMap((name) => [
      [name, `src/${name}.ts`],
      [`${name}/response-schemas`, `src/${name}/response-schemas.ts`],
    ]),
  ),
  'mail/inbound-message': 'src/mail/inbound-message.ts',
});
