import { packageTestConfig } from '../../vitest.shared.ts';

export default packageTestConfig({ globalSetup: ['../../test-support/install-redis-server.ts'] });
