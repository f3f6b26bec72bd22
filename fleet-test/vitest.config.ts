import { packageTestConfig } from '../vitest.shared.ts';

// The processes of a fleet share one machine with the rest of the suite: one file at a time.
export default packageTestConfig({
  globalSetup: ['../test-support/install-redis-server.ts'],
  fileParallelism: false,
});
