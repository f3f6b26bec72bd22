import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';

/** The reference server's development applications, as its banner prints them. */
export const FULL = { clientId: 'idm_dev_full_access', clientSecret: 'idm-dev-secret-full-access' };
export const READ_ONLY = {
  clientId: 'idm_dev_read_only',
  clientSecret: 'idm-dev-secret-read-only',
};

/**
 * The claims of an access token once jose has verified it as a resource server would: against the
 * key set published at the discovered `jwks_uri` (fetched over HTTP, as a remote key set), for the
 * discovered issuer and the API's audience, RS256 only.
 */
export async function verifiedClaims(
  token: string,
  metadata: { issuer: string; jwks_uri?: string },
  audience: string,
): Promise<JWTPayload> {
  if (!metadata.jwks_uri) throw new Error('the discovery document names no jwks_uri');
  const keys = createRemoteJWKSet(new URL(metadata.jwks_uri));
  const { payload } = await jwtVerify(token, keys, {
    issuer: metadata.issuer,
    audience,
    algorithms: ['RS256'],
  });
  return payload;
}
