import { clientBuildConfig } from '../../tsup.shared.ts';

export default clientBuildConfig({
  index: 'src/index.ts',
  schemas: 'src/schemas.ts',
  scopes: 'src/scopes.ts',
});
