import { packageTestConfig } from '../vitest.shared.ts';

// The README blocks about fleets run against a real redis-server: installed first where it can be.
export default packageTestConfig({ globalSetup: ['../test-support/install-redis-server.ts'] });
