import { packageBuildConfig } from '../../tsup.shared.ts';

/**
 * Five entries: the public one, the internal ones the client packages and the contracts build on,
 * OpenTelemetry, and the fleet's coordination. Each format shares its modules between the entries
 * in chunks, so that a program that loads two entries has one copy of each class. ky and zod are
 * dependencies, never bundled; `@opentelemetry/api` is an optional peer dependency, loaded only by
 * its entry.
 */
const entry = {
  index: 'src/index.ts',
  internal: 'src/internal.ts',
  contract: 'src/contract.ts',
  opentelemetry: 'src/opentelemetry.ts',
  coordination: 'src/coordination.ts',
};

// A browser has no environment variables, and its fetch tells no cause of a failed connection:
// the browser build leaves out the code that reads them (see tsup.shared.ts).
export default packageBuildConfig(entry, {}, [
  'src/options/environment.ts',
  'src/transport/connection-cause.ts',
]);
