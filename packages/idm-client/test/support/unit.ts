export const ORIGIN = 'http://idm.test';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT with the given scopes, enough for code that reads claims without verifying. */
export function fakeJwt(scopes: string[], claims: Record<string, unknown> = {}): string {
  return [
    base64url({ alg: 'RS256', typ: 'JWT', kid: 'test-key' }),
    base64url({ scope: scopes.join(' '), ...claims }),
    'signature',
  ].join('.');
}

/** An error body of the interface. */
export function idmError(statusCode: number, error: string, message: string, errorCode: string) {
  return { statusCode, error, message, errorCode };
}

export { rejectionOf, useNock } from '../../../../test-support/unit';
