import { Hono } from 'hono';
import { CLIENT_AUTHENTICATION_METHODS } from './client-authentication';
import { TOKEN_PATH } from './paths';
import { publishedKeySet, SIGNING_ALGORITHM } from './signing-keys';

/** Where the authorization server's metadata is published (OpenID Connect Discovery). */
export const DISCOVERY_PATH = '/.well-known/openid-configuration';

/** Where the public keys that verify access tokens are published. */
export const JWKS_PATH = '/.well-known/jwks.json';

/**
 * The issuer of tokens asked for at `url`: its origin with a trailing slash, the form the modelled
 * service uses. It follows the origin a request came to rather than a fixed name because the
 * server is reached on whatever port it was given, and a client compares the discovered issuer
 * with the URL it discovered it from.
 */
export function issuerOf(url: string): string {
  return `${new URL(url).origin}/`;
}

/**
 * The metadata of the server for requests to `url`. It lists only what the server does: one grant,
 * two client authentication methods, one signing algorithm. The modelled service's authorization,
 * user info and logout endpoints (and the response types that go with them) have no counterpart
 * here, so they are left out rather than announced.
 */
export function discoveryDocument(url: string) {
  const { origin } = new URL(url);
  return {
    issuer: issuerOf(url),
    token_endpoint: `${origin}${TOKEN_PATH}`,
    jwks_uri: `${origin}${JWKS_PATH}`,
    grant_types_supported: ['client_credentials'],
    token_endpoint_auth_methods_supported: [...CLIENT_AUTHENTICATION_METHODS],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [SIGNING_ALGORITHM],
  };
}

/** The two public documents a client needs to find the token endpoint and verify tokens. */
export function discoveryRoutes(): Hono {
  const routes = new Hono({ strict: false });
  routes.get(DISCOVERY_PATH, (c) => c.json(discoveryDocument(c.req.url)));
  routes.get(JWKS_PATH, async (c) => c.json(await publishedKeySet()));
  return routes;
}
