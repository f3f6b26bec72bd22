import { SESSION_EXPIRED_CODE, ServiceVersion } from '@clientkit/contracts/metering';
import type { Context } from 'hono';
import { safeParse } from 'zod/v4/core';
import type { SecretMap } from '../../secret-map';
import { meteringProblem } from './errors';
import { API_KEY_PATTERN } from './seed';
import type { SessionRegistry } from './sessions';

/** The release used when a request sends no `Service-Version`, as the real service uses the account's default. */
export const DEFAULT_RELEASE = '2026-01-28.preview';

function bearerOf(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

/** The release the request asks for; a malformed one is refused, a missing one is the default. */
export function releaseOf(c: Context): string {
  const requested = c.req.header('service-version');
  if (requested === undefined) return DEFAULT_RELEASE;
  if (safeParse(ServiceVersion, requested).success) return requested;
  throw meteringProblem(
    400,
    'invalid_request_error',
    'Invalid Service-Version header: it must be a date-based release name such as 2026-01-28.preview',
    { code: 'service_version_invalid' },
  );
}

/** The livemode of a known API key. The key itself never appears in a message. */
export function authenticateApiKey(c: Context, apiKeys: SecretMap<true>): boolean {
  const key = bearerOf(c);
  if (key === undefined) {
    throw meteringProblem(
      401,
      'authentication_error',
      'No API key provided: send Authorization: Bearer <API key>',
      { code: 'api_key_missing' },
    );
  }
  const mode = API_KEY_PATTERN.exec(key)?.[1];
  if (mode === undefined) {
    throw meteringProblem(
      401,
      'authentication_error',
      'Invalid API key provided: a key is sk_test_ or sk_live_ followed by at least 8 letters, digits or underscores',
      { code: 'api_key_invalid' },
    );
  }
  if (!apiKeys.has(key)) {
    throw meteringProblem(401, 'authentication_error', 'Invalid API key provided', {
      code: 'api_key_invalid',
    });
  }
  return mode === 'live';
}

/** The livemode of the session whose token the request carries. */
export function authenticateSession(c: Context, sessions: SessionRegistry): boolean {
  const token = bearerOf(c);
  if (token === undefined) {
    throw meteringProblem(
      401,
      'authentication_error',
      'No session token provided: send Authorization: Bearer <authentication_token of a meter event session>',
      { code: 'session_token_missing' },
    );
  }
  const found = sessions.check(token);
  if (found.status === 'active') return found.livemode;
  if (found.status === 'expired') {
    throw meteringProblem(
      401,
      'temporary_session_expired',
      'The meter event session has expired; create a new session and send its authentication_token',
      { code: SESSION_EXPIRED_CODE },
    );
  }
  throw meteringProblem(
    401,
    'authentication_error',
    'Invalid session token: send the authentication_token of a meter event session',
    { code: 'session_token_invalid' },
  );
}
