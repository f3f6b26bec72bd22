import {
  type MeterEventSession,
  SESSION_EXPIRED_CODE,
  SESSION_LIFETIME_MS,
} from '@clientkit/contracts/metering';
import {
  AuthenticationError,
  type IssuedToken,
  type TokenProvider,
  tokenProvider,
} from '@clientkit/core';
import type { Sessions } from './resources/sessions';

/** True for the 401 that says the session token has expired: a new session will be accepted. */
export function isSessionExpiredError(error: unknown): error is AuthenticationError {
  return error instanceof AuthenticationError && error.code === SESSION_EXPIRED_CODE;
}

/**
 * The session the stream is authenticated with, as a core token provider: created on first use,
 * shared by concurrent callers, replaced `renewBeforeExpiryMs` before it expires.
 */
export function sessionProvider(sessions: Sessions, renewBeforeExpiryMs: number): TokenProvider {
  return tokenProvider({
    fetchToken: async () => issuedToken(await sessions.create()),
    renewBeforeExpiryMs,
  });
}

/**
 * The session's token and its lifetime. The lifetime is read as `expires_at - created` rather than
 * from `expires_at` alone, so that the service's clock does not matter: the provider counts it on
 * the local clock from the moment it asked for the session, which can only err on the early side.
 */
function issuedToken(session: MeterEventSession): IssuedToken {
  const reported = Date.parse(session.expires_at) - Date.parse(session.created);
  const lifetime = Number.isFinite(reported) && reported > 0 ? reported : SESSION_LIFETIME_MS;
  return { token: session.authentication_token, expiresIn: lifetime / 1000 };
}
