import { packageBuildConfig } from '../../tsup.shared.ts';

// In a page no environment variable is read (core's browser build): idm's browser build leaves out
// the making of client credentials from them (see tsup.shared.ts).
export default packageBuildConfig(
  { index: 'src/index.ts', schemas: 'src/schemas.ts', scopes: 'src/scopes.ts' },
  {},
  ['src/credential-variables.ts'],
);
