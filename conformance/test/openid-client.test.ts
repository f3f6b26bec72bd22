import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { FULL, READ_ONLY, verifiedClaims } from './oauth-tokens';
import { rejectionOf, useReferenceServer } from './reference-server';

const ref = useReferenceServer('idm');

const authentications = {
  client_secret_basic: client.ClientSecretBasic,
  client_secret_post: client.ClientSecretPost,
} as const;
type Method = keyof typeof authentications;

/**
 * A configuration from discovery at the server's origin, authenticating as `method`. openid-client
 * refuses plain HTTP unless told otherwise; the server listens on 127.0.0.1.
 */
function discover(who: { clientId: string; clientSecret: string }, method: Method) {
  return client.discovery(
    new URL(ref.origin),
    who.clientId,
    undefined,
    authentications[method](who.clientSecret),
    { execute: [client.allowInsecureRequests] },
  );
}

describe('openid-client: discovery', () => {
  it('discovers the reference server at its origin: the issuer matches (origin and trailing slash), with the token endpoint and key set', async () => {
    const metadata = (await discover(FULL, 'client_secret_basic')).serverMetadata();
    expect(metadata.issuer).toBe(`${ref.origin}/`);
    expect(metadata.token_endpoint).toBe(`${ref.origin}/oauth/token`);
    expect(metadata.jwks_uri).toBe(`${ref.origin}/.well-known/jwks.json`);
    expect(metadata.supportsPKCE()).toBe(false);
  });
});

describe.each(['client_secret_basic', 'client_secret_post'] as const)(
  'openid-client: client_credentials with %s',
  (method) => {
    it('gets a bearer token, which jose verifies against the published key set and the management API takes', async () => {
      const config = await discover(FULL, method);
      const answer = await client.clientCredentialsGrant(config, {
        audience: ref.server.idm.audience,
      });
      expect(answer.token_type).toBe('bearer');
      expect(answer.expiresIn()).toBeGreaterThan(0);
      const claims = await verifiedClaims(
        answer.access_token,
        config.serverMetadata(),
        ref.server.idm.audience,
      );
      expect(claims.sub).toBe(`${FULL.clientId}@clients`);
      const created = await client.fetchProtectedResource(
        config,
        answer.access_token,
        new URL(`${ref.origin}/api/v2/clients`),
        'POST',
        JSON.stringify({ name: `Created with ${method}` }),
        new Headers({ 'content-type': 'application/json' }),
      );
      expect(created.status).toBe(201);
      expect(await created.json()).toMatchObject({ name: `Created with ${method}` });
    });
  },
);

describe('openid-client: a wrong secret', () => {
  it('by client_secret_basic is a 401 challenge for Basic whose body is invalid_client', async () => {
    const config = await discover({ ...READ_ONLY, clientSecret: 'nope' }, 'client_secret_basic');
    const error = await rejectionOf(
      client.clientCredentialsGrant(config, { audience: ref.server.idm.audience }),
    );
    expect(error).toBeInstanceOf(client.WWWAuthenticateChallengeError);
    const challenge = error as client.WWWAuthenticateChallengeError;
    expect(challenge.status).toBe(401);
    expect(challenge.cause.map(({ scheme }) => scheme)).toEqual(['basic']);
    expect(await challenge.response.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('by client_secret_post is the ResponseBodyError invalid_client with status 401', async () => {
    const config = await discover({ ...READ_ONLY, clientSecret: 'nope' }, 'client_secret_post');
    const error = await rejectionOf(
      client.clientCredentialsGrant(config, { audience: ref.server.idm.audience }),
    );
    expect(error).toBeInstanceOf(client.ResponseBodyError);
    expect(error).toMatchObject({ status: 401, error: 'invalid_client' });
  });
});
