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

/** How many token ids are remembered, for revocation: the latest issued, and the revoked. */
const REMEMBERED_TOKENS = 10_000;

/**
 * Issues and checks the interface's access tokens: RS256 JWTs with the `kid` of the published
 * key and a space-separated `scope` claim, dated on the server clock so that moving the clock
 * expires them. Every token issued so far can be revoked at once (of the latest 10,000), as an
 * administrator rotating credentials would: each is refused from then on.
 */
export class TokenService {
  readonly #clock: Clock;
  readonly #audience: string;
  /** The ids (`jti`) of the tokens issued since the last revocation. */
  #issued = new Set<string>();
  #revoked = new Set<string>();

  constructor(clock: Clock, audience: string) {
    this.#clock = clock;
    this.#audience = audience;
  }

  /** A token for `grant`, answered with its lifetime and scopes (both of which a client may lack). */
  async issue(grant: TokenGrant): Promise<Required<TokenResponse>> {
    const now = this.#clock.now();
    const scope = grant.scopes.join(' ');
    const key = await signingKey();
    const jti = randomUUID();
    this.#issued = remembered(this.#issued, jti);
    const accessToken = await new SignJWT({ scope, gty: 'client-credentials', azp: grant.clientId })
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, typ: 'JWT', kid: key.kid })
      .setIssuer(grant.issuer)
      .setSubject(`${grant.clientId}@clients`)
      .setAudience(this.#audience)
      .setJti(jti)
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

  /** Refuses every token issued so far from now on; answers how many were revoked. */
  revokeAll(): number {
    const count = this.#issued.size;
    for (const jti of this.#issued) this.#revoked = remembered(this.#revoked, jti);
    this.#issued = new Set();
    return count;
  }

  /** Forgets the revocations (a reset of the interface). */
  reset(): void {
    this.#revoked = new Set();
  }

  /**
   * The caller of a valid token from `issuer`; a 401 `invalid_token` for a forged, foreign,
   * expired or revoked one. Only RS256 with the published key's `kid` is taken: a token that names another
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
      if (typeof payload.jti === 'string' && this.#revoked.has(payload.jti)) {
        throw new ApiProblem(401, 'The token has been revoked', 'invalid_token');
      }
      const scope = typeof payload.scope === 'string' ? payload.scope : '';
      return {
        clientId: typeof payload.azp === 'string' ? payload.azp : undefined,
        scopes: scope.split(' ').filter(Boolean),
      };
    } catch (error) {
      if (error instanceof ApiProblem) throw error;
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

/** `ids` with `id` added, the oldest forgotten past `REMEMBERED_TOKENS`. */
function remembered(ids: Set<string>, id: string): Set<string> {
  ids.add(id);
  if (ids.size <= REMEMBERED_TOKENS) return ids;
  return new Set([...ids].slice(-REMEMBERED_TOKENS));
}
