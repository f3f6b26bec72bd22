import { afterEach, beforeEach, vi } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../../src/index';

/**
 * A new server for every test, on a frozen clock, with what it reports through `logError` kept in
 * `failures`; spies are restored after each test. For tests that compare state before and after a
 * refused or failing write.
 */
export function useFreshServer(): { server: ReferenceServer; failures: string[] } {
  const state = { failures: [] as string[] } as { server: ReferenceServer; failures: string[] };
  beforeEach(async () => {
    state.failures = [];
    state.server = await createReferenceServer({
      clock: { frozen: true },
      logError: (message) => state.failures.push(message),
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await state.server.close();
  });
  return state;
}
