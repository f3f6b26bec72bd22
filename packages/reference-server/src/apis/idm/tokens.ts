import { randomBytes, randomUUID } from 'node:crypto';
import type { TokenResponse } from '@clientkit/idm-client/schemas';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock';
import { ApiProblem } from '../../problem';

/** Who a valid access token speaks for, and what it may do. */
export interface Caller {
  clientId: string | undefined;
  scopes: string[];
}

/** What a token is issued with. */
export interface TokenGrant {
  clientId: string;
  scopes: readonly string[];
  lifetimeMs: number;
}

/**
 * Issues and checks the interface's access tokens: HS256 JWTs with a space-separated `scope` claim,
 * dated on the server clock so that moving the clock expires them.
 */
export class TokenService {
  readonly #clock: Clock;
  readonly #key = new Uint8Array(randomBytes(32));
  readonly #issuer: string;
  readonly #audience: string;

  constructor(clock: Clock, audience: string) {
    this.#clock = clock;
    this.#audience = audience;
    this.#issuer = new URL('/', audience).href;
  }

  async issue(grant: TokenGrant): Promise<TokenResponse> {
    const now = this.#clock.now();
    const scope = grant.scopes.join(' ');
    const accessToken = await new SignJWT({ scope, gty: 'client-credentials', azp: grant.clientId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.#issuer)
      .setSubject(`${grant.clientId}@clients`)
      .setAudience(this.#audience)
      .setJti(randomUUID())
      .setIssuedAt(new Date(now))
      .setExpirationTime(new Date(now + grant.lifetimeMs))
      .sign(this.#key);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: Math.round(grant.lifetimeMs / 1000),
      scope,
    };
  }

  /** The caller of a valid token; a 401 `invalid_token` for a forged, foreign or expired one. */
  async verify(token: string): Promise<Caller> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        issuer: this.#issuer,
        audience: this.#audience,
        currentDate: this.#clock.date(),
      });
      const scope = typeof payload.scope === 'string' ? payload.scope : '';
      return {
        clientId: typeof payload.azp === 'string' ? payload.azp : undefined,
        scopes: scope.split(' ').filter(Boolean),
      };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        throw new ApiProblem(
          401,
          'Expired token received for JSON Web Token validation',
          'invalid_token',
        );
      }
      throw new ApiProblem(401, 'Invalid token', 'invalid_token');
    }
  }
}
