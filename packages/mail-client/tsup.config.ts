import { clientBuildConfig } from '../../tsup.shared.ts';

export default clientBuildConfig({
  index: 'src/index.ts',
  schemas: 'src/schemas.ts',
  webhook: 'src/webhook.ts',
  node: 'src/node.ts',
});
