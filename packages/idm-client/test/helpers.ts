import nock from 'nock';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const ORIGIN = 'http://idm.test';
export const BASE = `${ORIGIN}/api/v2`;

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

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT with the given scopes, enough for code that reads claims without verifying. */
export function fakeJwt(scopes: string[], claims: Record<string, unknown> = {}): string {
  return [
    base64url({ alg: 'HS256', typ: 'JWT' }),
    base64url({ scope: scopes.join(' '), ...claims }),
    'signature',
  ].join('.');
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejectionOf(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** An error body of the interface. */
export function idmError(statusCode: number, error: string, message: string, errorCode: string) {
  return { statusCode, error, message, errorCode };
}
