import type {
  DocsScheme,
  DocsScope,
  InterfaceName,
  ReferenceServer,
} from '@clientkit/reference-server';
import type { JsonSchema } from './document-operations';

/** A secret for one security scheme: a token, or a user name and password. */
export type Secret = string | { username: string; password: string };

/** What a request to an interface carries to be let in, besides its own data. */
export interface InterfaceCredentials {
  /** The secret for a security scheme of the document, given the scopes the requirement names. */
  secret(scheme: string, scopes: string[]): Promise<Secret | undefined>;
  /** Body and query fields that name the caller rather than data, with their values. */
  fields: Record<string, unknown>;
}

/** One development credential, as `server.credentials()` lists it for the banner. */
function listed(server: ReferenceServer, name: InterfaceName, label: string): string {
  const value = server.credentials()[name]?.[label];
  if (value === undefined)
    throw new Error(`the ${name} development credentials list no "${label}"`);
  return value;
}

/** `user / password`, as the banner writes an application password. */
function userAndPassword(text: string): { username: string; password: string } {
  const [username, password] = text.split(' / ');
  return { username: username!, password: password! };
}

async function jsonField(response: Response, field: string): Promise<string> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok || typeof body[field] !== 'string')
    throw new Error(`${response.url} answered ${response.status} without ${field}`);
  return body[field] as string;
}

/**
 * The credentials of each interface, taken where a user takes them: the development credentials
 * the server lists, its token minting for the docs schemes, and the interfaces' own exchanges (a
 * metering session from the API key, an idm access token from the client credentials grant).
 */
export function interfaceCredentials(
  server: ReferenceServer,
  origin: string,
): Record<InterfaceName, InterfaceCredentials> {
  const idmClient = {
    username: 'idm_dev_full_access',
    password: listed(server, 'idm', 'idm_dev_full_access secret'),
  };
  const audience = listed(server, 'idm', 'audience');
  const apiKey = listed(server, 'metering', 'test API key');
  return {
    docs: {
      fields: {},
      secret: async (scheme, scopes) =>
        server.docs.mintToken({ scheme: scheme as DocsScheme, scopes: scopes as DocsScope[] }),
    },
    calendar: {
      fields: {},
      secret: async (scheme) =>
        scheme === 'basicAuth'
          ? userAndPassword(listed(server, 'calendar', 'editor application password'))
          : undefined,
    },
    metering: {
      fields: {},
      async secret(scheme) {
        if (scheme === 'apiKey') return apiKey;
        const response = await fetch(`${origin}/v2/billing/meter_event_session`, {
          method: 'POST',
          headers: { authorization: `Bearer ${apiKey}` },
        });
        return jsonField(response, 'authentication_token');
      },
    },
    mail: { fields: {}, secret: async () => listed(server, 'mail', 'account token') },
    idm: {
      fields: { audience },
      async secret(scheme) {
        if (scheme === 'clientSecretBasic') return idmClient;
        const response = await fetch(`${origin}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            grant_type: 'client_credentials',
            client_id: idmClient.username,
            client_secret: idmClient.password,
            audience,
          }),
        });
        return jsonField(response, 'access_token');
      },
    },
  };
}

/** The header that carries a secret for a security scheme, as the scheme's definition says. */
export function credentialHeader(definition: JsonSchema, secret: Secret): [string, string] {
  if (typeof secret !== 'string') {
    const encoded = Buffer.from(`${secret.username}:${secret.password}`).toString('base64');
    return ['authorization', `Basic ${encoded}`];
  }
  if (definition.type === 'apiKey' && definition.in === 'header')
    return [definition.name as string, secret];
  return ['authorization', `Bearer ${secret}`];
}

/**
 * The headers of the first alternative of an operation's security requirement that these
 * credentials can meet; none for an operation open to anyone.
 */
export async function credentialHeaders(
  security: Record<string, string[]>[],
  schemes: Record<string, JsonSchema>,
  credentials: InterfaceCredentials,
): Promise<Record<string, string>> {
  for (const alternative of security) {
    const entries = Object.entries(alternative);
    if (entries.length === 0) continue;
    const headers: Record<string, string> = {};
    for (const [scheme, scopes] of entries) {
      const secret = await credentials.secret(scheme, scopes);
      if (secret === undefined) break;
      const [name, value] = credentialHeader(schemes[scheme] ?? {}, secret);
      headers[name] = value;
    }
    if (Object.keys(headers).length === entries.length) return headers;
  }
  return {};
}

/** Credentials of the right form that the server never issued: a made-up token or password. */
export function unknownCredentialHeaders(
  security: Record<string, string[]>[],
  schemes: Record<string, JsonSchema>,
): Record<string, string> | undefined {
  const alternative = security.find((requirement) => Object.keys(requirement).length > 0);
  if (!alternative) return undefined;
  const headers: Record<string, string> = {};
  for (const scheme of Object.keys(alternative)) {
    const definition = schemes[scheme] ?? {};
    const basic = definition.type === 'http' && definition.scheme === 'basic';
    const secret = basic ? { username: 'nobody', password: 'not-a-password' } : 'not-a-token';
    const [name, value] = credentialHeader(definition, secret);
    headers[name] = value;
  }
  return headers;
}
