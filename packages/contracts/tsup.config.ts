import { clientBuildConfig } from '../../tsup.shared.ts';

/**
 * One entry per interface, and one for its response schemas, which the contract loads on demand.
 * Its access table (who may call each operation) gets an entry too, and so do the inbound mail
 * payload's schemas, so that they land in files of their own that a bundler leaves out of the
 * programs that never read them: every client's, and the ones that never receive a webhook.
 */
const interfaces = ['docs', 'calendar', 'metering', 'mail', 'idm'];

export default clientBuildConfig({
  index: 'src/index.ts',
  ...Object.fromEntries(
    interfaces.flatMap((name) => [
      [name, `src/${name}.ts`],
      [`${name}/response-schemas`, `src/${name}/response-schemas.ts`],
      [`${name}/access`, `src/${name}/access.ts`],
    ]),
  ),
  'mail/inbound-message': 'src/mail/inbound-message.ts',
});
