import { randomUUID } from 'node:crypto';
import type { TokenResponse } from '@clientkit/contracts/idm';
import { errors, type JWTHeaderParameters, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../clock';
import { ApiProblem } from '../../problem';
import { SIGNING_ALGORITHM, signingKey } from './signing-keys';

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
  /** The issuer of the origin the token is for, as the discovery document there names it. */
  issuer: string;
}

/** The public key for a token header naming the signing key; any other `kid` is unknown. */
async function verificationKey(header: JWTHeaderParameters) {
  const key = await signingKey();
  if (header.kid !== key.kid) throw new errors.JWKSNoMatchingKey();
  return key.publicKey;
}

/**
 * Issues and checks the interface's access tokens: RS256 JWTs with the `kid` of the published
 * key and a space-separated `scope` claim, dated on the server clock so that moving the clock
 * expires them.
 */
export class TokenService {
  readonly #clock: Clock;
  readonly #audience: string;

  constructor(clock: Clock, audience: string) {
    this.#clock = clock;
    this.#audience = audience;
  }

  /** A token for `grant`, answered with its lifetime and scopes (both of which a client may lack). */
  async issue(grant: TokenGrant): Promise<Required<TokenResponse>> {
    const now = this.#clock.now();
    const scope = grant.scopes.join(' ');
    const key = await signingKey();
    const accessToken = await new SignJWT({ scope, gty: 'client-credentials', azp: grant.clientId })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: 'JWT', kid: key.kid })
      .setIssuer(grant.issuer)
      .setSubject(`${grant.clientId}@clients`)
      .setAudience(this.#audience)
      .setJti(randomUUID())
      .setIssuedAt(new Date(now))
      .setExpirationTime(new Date(now + grant.lifetimeMs))
      .sign(key.privateKey);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: Math.round(grant.lifetimeMs / 1000),
      scope,
    };
  }

  /**
   * The caller of a valid token from `issuer`; a 401 `invalid_token` for a forged, foreign or
   * expired one. Only RS256 with the published key's `kid` is taken: a token that names another
   * algorithm (HS256 keyed with the public key, say, or `none`) is refused before any key is used.
   */
  async verify(token: string, issuer: string): Promise<Caller> {
    try {
      const { payload } = await jwtVerify(token, verificationKey, {
        algorithms: [SIGNING_ALGORITHM],
        issuer,
        audience: this.#audience,
        requiredClaims: ['exp'],
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
