/**
 * What the packages' unit tests share: nock refusing real network access, and a way to get the
 * error a promise rejects with.
 */
import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';

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

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejectionOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    (value) => expect.unreachable(`expected a rejection, got ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );
}
