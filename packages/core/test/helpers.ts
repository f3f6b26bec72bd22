import nock from 'nock';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const BASE = 'http://api.test/v1';

/** Every test in the file runs with real network access refused, and must use all its mocks. */
export function useNock(): void {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => {
    const pending = nock.pendingMocks();
    nock.cleanAll();
    if (pending.length > 0) throw new Error(`Mocks not requested: ${pending.join(', ')}`);
  });
  afterAll(() => nock.enableNetConnect());
}
