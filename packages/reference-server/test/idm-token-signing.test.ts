import { createPublicKey, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKey } from '../src/apis/idm/signing-keys';
import { createReferenceServer, type ReferenceServer } from '../src/index';

const FULL = { id: 'idm_dev_full_access', secret: 'idm-dev-secret-full-access' };

let server: ReferenceServer;
let url: string;

beforeAll(async () => {
  server = await createReferenceServer({
    admin: true,
    clock: { start: '2026-03-01T00:00:00Z', frozen: true },
  });
  ({ url } = await server.listen(0));
});
afterAll(() => server.close());

type Json = Record<string, unknown>;
const getJson = async (target: string) => {
  const response = await fetch(target);
  expect(response.status, target).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Json;
};

/** A token from the token endpoint of `origin`, by client_secret_post. */
async function exchanged(origin: string, fetcher: typeof fetch = fetch): Promise<string> {
  const response = await fetcher(`${origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: FULL.id,
      client_secret: FULL.secret,
      audience: server.idm.audience,
    }),
  });
  expect(response.status).toBe(200);
  return String(((await response.json()) as Json).access_token);
}

const listClients = (origin: string, token: string, fetcher: typeof fetch = fetch) =>
  fetcher(`${origin}/api/v2/clients?per_page=1`, {
    headers: { authorization: `Bearer ${token}` },
  });

async function keySet(): Promise<{ keys: (JWK & { kid: string })[] }> {
  return (await getJson(`${url}/.well-known/jwks.json`)) as { keys: (JWK & { kid: string })[] };
}

describe('discovery', () => {
  it('publishes /.well-known/openid-configuration with the issuer of the origin it is asked on (with a trailing slash, as the modelled service writes it)', async () => {
    const document = await getJson(`${url}/.well-known/openid-configuration`);
    expect(document).toEqual({
      issuer: `${url}/`,
      token_endpoint: `${url}/oauth/token`,
      jwks_uri: `${url}/.well-known/jwks.json`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
    });
    const elsewhere = await server.fetch(
      'http://idm.example.test/.well-known/openid-configuration',
    );
    expect(((await elsewhere.json()) as Json).issuer).toBe('http://idm.example.test/');
  });

  it('publishes one RSA public key at /.well-known/jwks.json, with its kid, alg RS256 and use sig, and no private part', async () => {
    const { keys } = await keySet();
    expect(keys).toHaveLength(1);
    const [key] = keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', e: 'AQAB' });
    expect(Object.keys(key!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(Buffer.from(key!.n!, 'base64url')).toHaveLength(256);
  });

  it('keeps one key pair for the process: a second server publishes the same key set', async () => {
    const other = await createReferenceServer();
    try {
      const response = await other.fetch('http://other.test/.well-known/jwks.json');
      expect(await response.json()).toEqual(await keySet());
    } finally {
      await other.close();
    }
  });
});

describe('access tokens', () => {
  it('signs exchanged tokens RS256 with the published kid, verifiable with the key set, issued by the discovery issuer of the origin', async () => {
    const token = await exchanged(url);
    const { kid } = (await keySet()).keys[0]!;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', typ: 'JWT', kid });
    const { payload } = await jwtVerify(token, createLocalJWKSet(await keySet()), {
      issuer: `${url}/`,
      audience: server.idm.audience,
      currentDate: server.clock.date(),
    });
    expect(payload).toMatchObject({ sub: `${FULL.id}@clients`, azp: FULL.id });
    expect(payload.iss).toBe((await getJson(`${url}/.well-known/openid-configuration`)).issuer);
  });

  it('takes a token at the origin that issued it and answers 401 invalid_token at another origin (another issuer)', async () => {
    const token = await exchanged(url);
    expect((await listClients(url, token)).status).toBe(200);
    const elsewhere = await listClients('http://other-origin.test', token, server.fetch);
    expect(elsewhere.status).toBe(401);
    expect(await elsewhere.json()).toMatchObject({ errorCode: 'invalid_token' });
  });

  it('mints admin tokens RS256 with the kid, for the origin of the admin route or the one asked for', async () => {
    const response = await fetch(`${url}/__admin/idm/tokens`, { method: 'POST' });
    const minted = String(((await response.json()) as Json).access_token);
    expect(decodeProtectedHeader(minted)).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    expect(decodeJwt(minted).iss).toBe(`${url}/`);
    expect((await listClients(url, minted)).status).toBe(200);
    const forElsewhere = await fetch(`${url}/__admin/idm/tokens`, {
      method: 'POST',
      body: JSON.stringify({ origin: 'http://elsewhere.test' }),
    });
    const elsewhere = String(((await forElsewhere.json()) as Json).access_token);
    expect(decodeJwt(elsewhere).iss).toBe('http://elsewhere.test/');
  });

  it('mints tokens from mintToken for the listening origin, or for the origin asked for', async () => {
    const listening = await server.idm.mintToken();
    expect(decodeJwt(listening).iss).toBe(`${url}/`);
    expect((await listClients(url, listening)).status).toBe(200);
    const inProcess = await server.idm.mintToken({ origin: 'http://in-process.test' });
    expect(decodeJwt(inProcess).iss).toBe('http://in-process.test/');
    expect((await listClients('http://in-process.test', inProcess, server.fetch)).status).toBe(200);
  });

  it('refuses to mint a token before listening when no origin is given, naming the option', async () => {
    const idle = await createReferenceServer();
    try {
      await expect(idle.idm.mintToken()).rejects.toThrow(/pass \{ origin \}/);
      await expect(idle.idm.mintToken({ origin: 'not a url' })).rejects.toThrow(RangeError);
    } finally {
      await idle.close();
    }
  });
});

describe('tokens the management API refuses with 401 invalid_token', () => {
  /** The claims of a genuine token, signed some other way. */
  async function lookalikes(): Promise<Record<string, string>> {
    const genuine = await exchanged(url);
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const claims = decodeJwt(genuine);
    const { kid } = decodeProtectedHeader(genuine);
    const publicPem = createPublicKey({ key: (await keySet()).keys[0]!, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    // Made off the event loop, which the listening server shares with this test.
    const otherKey = (await promisify(generateKeyPair)('rsa', { modulusLength: 2048 })).privateKey;
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = (protectedHeader: Json, key: Parameters<SignJWT['sign']>[0], extra: Json = {}) =>
      new SignJWT({ ...claims, ...extra })
        .setProtectedHeader(protectedHeader as { alg: string })
        .sign(key);
    return {
      'HS256 keyed with the published public key (algorithm confusion)': await signed(
        { alg: 'HS256', typ: 'JWT', kid },
        new TextEncoder().encode(String(publicPem)),
      ),
      'HS256 as an older server minted it': await signed(
        { alg: 'HS256', typ: 'JWT' },
        new TextEncoder().encode('an older server key'),
      ),
      'alg none': `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      'RS256 with the published kid, signed by another key': await signed(
        { alg: 'RS256', typ: 'JWT', kid },
        otherKey,
      ),
      'RS256 with an unknown kid': await signed(
        { alg: 'RS256', typ: 'JWT', kid: 'some-other-key' },
        otherKey,
      ),
      'RS256 without a kid': `${encode({ alg: 'RS256', typ: 'JWT' })}.${payload}.${signature}`,
      'a tampered payload (more scopes)': `${header}.${encode({ ...claims, scope: `${claims.scope} create:everything` })}.${signature}`,
      'another audience': `${header}.${encode({ ...claims, aud: 'https://elsewhere.test/api/v2/' })}.${signature}`,
      'another issuer': await server.idm.mintToken({ origin: 'http://another-issuer.test' }),
      expired: await server.idm.mintToken({ expiresIn: '-1s' }),
    };
  }

  it('refuses a token signed by the server key itself when its kid is missing or unknown, or it has no exp', async () => {
    const { privateKey, kid } = await signingKey();
    const { exp: _, ...claims } = decodeJwt(await exchanged(url));
    const cases: [string, Json, Json][] = [
      ['no kid', { alg: 'RS256' }, { ...claims, exp: _ }],
      ['unknown kid', { alg: 'RS256', kid: 'not-the-published-kid' }, { ...claims, exp: _ }],
      ['no exp', { alg: 'RS256', kid }, claims],
    ];
    for (const [name, header, payload] of cases) {
      const token = await new SignJWT(payload)
        .setProtectedHeader(header as { alg: string })
        .sign(privateKey);
      expect((await listClients(url, token)).status, name).toBe(401);
    }
    const control = await new SignJWT({ ...claims, exp: _ })
      .setProtectedHeader({ alg: 'RS256', kid })
      .sign(privateKey);
    expect((await listClients(url, control)).status).toBe(200);
  });

  it('refuses every token that is not RS256 with the published kid, signed by its key, for this issuer and audience, and unexpired', async () => {
    for (const [name, token] of Object.entries(await lookalikes())) {
      const response = await listClients(url, token);
      expect(response.status, name).toBe(401);
      expect(await response.json(), name).toMatchObject({
        statusCode: 401,
        errorCode: 'invalid_token',
      });
    }
  });
});
