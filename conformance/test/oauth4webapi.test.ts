import * as oauth from 'oauth4webapi';
import { describe, expect, it } from 'vitest';
import { FULL, READ_ONLY, verifiedClaims } from './oauth-tokens';
import { rejectionOf, useReferenceServer } from './reference-server';

const ref = useReferenceServer('idm');
/** oauth4webapi refuses plain HTTP unless told otherwise; the server listens on 127.0.0.1. */
const insecure = { [oauth.allowInsecureRequests]: true } as const;

const issuerUrl = () => new URL(`${ref.origin}/`);

async function discover(): Promise<oauth.AuthorizationServer> {
  const response = await oauth.discoveryRequest(issuerUrl(), insecure);
  return oauth.processDiscoveryResponse(issuerUrl(), response);
}

const authentications = {
  client_secret_basic: oauth.ClientSecretBasic,
  client_secret_post: oauth.ClientSecretPost,
} as const;
type Method = keyof typeof authentications;

async function clientCredentials(
  as: oauth.AuthorizationServer,
  who: { clientId: string; clientSecret: string },
  method: Method,
): Promise<oauth.TokenEndpointResponse> {
  const response = await oauth.clientCredentialsGrantRequest(
    as,
    { client_id: who.clientId },
    authentications[method](who.clientSecret),
    { audience: ref.server.idm.audience },
    insecure,
  );
  return oauth.processClientCredentialsResponse(as, { client_id: who.clientId }, response);
}

describe('oauth4webapi: discovery', () => {
  it("discovers the reference server's issuer (its origin with a trailing slash), token endpoint, key set and both client authentication methods", async () => {
    const as = await discover();
    expect(as.issuer).toBe(`${ref.origin}/`);
    expect(as.token_endpoint).toBe(`${ref.origin}/oauth/token`);
    expect(as.jwks_uri).toBe(`${ref.origin}/.well-known/jwks.json`);
    expect(as.token_endpoint_auth_methods_supported).toEqual([
      'client_secret_basic',
      'client_secret_post',
    ]);
    expect(as.grant_types_supported).toEqual(['client_credentials']);
  });
});

describe.each(['client_secret_basic', 'client_secret_post'] as const)(
  'oauth4webapi: client_credentials with %s',
  (method) => {
    it('gets a bearer token through the strict answer processing, which jose verifies against the published key set and the management API takes', async () => {
      const as = await discover();
      const answer = await clientCredentials(as, READ_ONLY, method);
      expect(answer).toMatchObject({ token_type: 'bearer', scope: 'read:clients read:logs' });
      expect(answer.expires_in).toBeGreaterThan(0);
      const claims = await verifiedClaims(answer.access_token, as, ref.server.idm.audience);
      expect(claims).toMatchObject({ azp: READ_ONLY.clientId, scope: 'read:clients read:logs' });
      const clients = await oauth.protectedResourceRequest(
        answer.access_token,
        'GET',
        new URL(`${ref.origin}/api/v2/clients?per_page=2`),
        undefined,
        undefined,
        insecure,
      );
      expect(clients.status).toBe(200);
      expect(await clients.json()).toHaveLength(2);
    });
  },
);

describe('oauth4webapi: a wrong secret', () => {
  it('by client_secret_basic is a 401 challenge for Basic whose body is invalid_client', async () => {
    const error = await rejectionOf(
      clientCredentials(await discover(), { ...FULL, clientSecret: 'nope' }, 'client_secret_basic'),
    );
    expect(error).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    const challenge = error as oauth.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause.map(({ scheme }) => scheme)).toEqual(['basic']);
    expect(await challenge.response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('by client_secret_post is the ResponseBodyError invalid_client with status 401', async () => {
    const error = await rejectionOf(
      clientCredentials(await discover(), { ...FULL, clientSecret: 'nope' }, 'client_secret_post'),
    );
    expect(error).toBeInstanceOf(oauth.ResponseBodyError);
    expect(error).toMatchObject({ status: 401, error: 'invalid_client' });
  });
});
