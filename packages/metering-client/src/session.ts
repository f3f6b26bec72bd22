import {
  type MeterEventSession,
  SESSION_EXPIRED_CODE,
  SESSION_LIFETIME_MS,
} from '@clientkit/contracts/metering';
import {
  AuthenticationError,
  type IssuedToken,
  type SecretSource,
  type TokenProvider,
  tokenProvider,
} from '@clientkit/core';
import type { TokenSharing } from '@clientkit/core/internal';
import type { Sessions } from './resources/sessions';

/** True for the 401 that says the session token has expired: a new session will be accepted. */
export function isSessionExpiredError(error: unknown): error is AuthenticationError {
  return error instanceof AuthenticationError && error.code === SESSION_EXPIRED_CODE;
}

/** How a client shares its session with the processes of its fleet that use the same API key. */
export interface SessionSharing {
  share: TokenSharing;
  /** The URL sessions are created at. */
  url: string;
  apiKey: SecretSource;
}

/** The stream's session, and how many sessions this process created. */
export interface MeteringSession {
  provider: TokenProvider;
  created(): number;
}

/**
 * The session the stream is authenticated with, as a core token provider: created on first use,
 * shared by concurrent callers, replaced `renewBeforeExpiryMs` before it expires. With `fleet`
 * (the client's coordination), the processes with the same API key share one session: one of
 * them creates it, and after a 401 only one replaces it.
 */
export function sessionProvider(
  sessions: Sessions,
  renewBeforeExpiryMs: number,
  fleet: SessionSharing | undefined,
): MeteringSession {
  let created = 0;
  const create = async () => {
    const session = await sessions.create();
    created += 1;
    return issuedToken(session);
  };
  const shared = async (refused?: string) => {
    const { share, url, apiKey } = fleet!;
    const secret = typeof apiKey === 'string' ? apiKey : await apiKey();
    // An API key names nothing but itself: the identity holds it, and a store only its digest.
    const identity = ['metering-session', url, secret];
    return share({ identity, secret, exchange: create, refused });
  };
  const provider = tokenProvider({ fetchToken: fleet ? shared : create, renewBeforeExpiryMs });
  return { provider, created: () => created };
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
