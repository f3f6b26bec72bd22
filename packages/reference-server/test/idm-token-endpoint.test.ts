import type { LogEvent } from '@clientkit/idm-client/schemas';
import { scopesOf } from '@clientkit/idm-client/scopes';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

const ORIGIN = 'http://idm.test';
const FULL = { id: 'idm_dev_full_access', secret: 'idm-dev-secret-full-access' };
/** An application whose id and secret hold what form encoding changes: spaces, +, %, :, &, é. */
const AWKWARD = { id: 'ops app+1', secret: 'p@ss:w+rd/100% & é' };

let server: ReferenceServer;
let audience: string;

beforeAll(async () => {
  server = await createReferenceServer({
    idm: {
      machineClients: [
        { clientId: FULL.id, clientSecret: FULL.secret, scopes: ['read:clients'] },
        { clientId: AWKWARD.id, clientSecret: AWKWARD.secret, scopes: ['read:logs'] },
      ],
    },
  });
  audience = server.idm.audience;
});
beforeEach(() => server.reset());
afterAll(() => server.close());

/** Form encoding as RFC 6749 appendix B has it: a space is a plus. */
const formEncode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

/** `Authorization: Basic` as RFC 6749 §2.3.1 builds it: each part form-encoded, then base64. */
const basic = (who: { id: string; secret: string }) =>
  `Basic ${Buffer.from(`${formEncode(who.id)}:${formEncode(who.secret)}`).toString('base64')}`;

const rawBasic = (text: string | Uint8Array) => `Basic ${Buffer.from(text).toString('base64')}`;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function token(body: string, headers: Record<string, string> = {}) {
  const response = await server.fetch(`${ORIGIN}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

const grant = () => form({ grant_type: 'client_credentials', audience });

const logs = () => (server.inspect('idm') as { logs: LogEvent[] }).logs;

describe('client_secret_basic at POST /oauth/token', () => {
  it('answers a token to Basic credentials with a form body', async () => {
    const { response, body } = await token(grant(), { authorization: basic(FULL) });
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'read:clients' });
    expect(scopesOf(String(body.access_token))).toEqual(['read:clients']);
  });

  it('answers a token to Basic credentials with a JSON body', async () => {
    const { response, body } = await token(
      JSON.stringify({ grant_type: 'client_credentials', audience }),
      { authorization: basic(FULL), 'content-type': 'application/json' },
    );
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scope: 'read:clients' });
  });

  it('form-decodes the id and the secret inside Basic (a plus is a space, percent escapes, the first colon splits)', async () => {
    const { response, body } = await token(grant(), { authorization: basic(AWKWARD) });
    expect(response.status).toBe(200);
    expect(body.scope).toBe('read:logs');
    expect(logs().at(-1)).toMatchObject({ type: 'seccft', client_id: AWKWARD.id });
  });

  it('takes the scheme name in any case', async () => {
    const authorization = basic(FULL).replace('Basic', 'bAsIc');
    expect((await token(grant(), { authorization })).response.status).toBe(200);
  });

  it('answers 401 invalid_client with WWW-Authenticate: Basic to a wrong secret or an unknown client sent by Basic', async () => {
    for (const who of [
      { id: FULL.id, secret: 'wrong-secret-123' },
      { id: 'nobody', secret: 'wrong-secret-123' },
    ]) {
      const { response, body } = await token(grant(), { authorization: basic(who) });
      expect(response.status).toBe(401);
      expect(body).toEqual({
        error: 'invalid_client',
        error_description: 'Client authentication failed',
      });
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="[^"]+"/);
    }
    expect(JSON.stringify(logs().slice(-2))).not.toContain('wrong-secret-123');
    expect(logs().at(-1)).toMatchObject({ type: 'feccft', details: { status: 401 } });
  });

  it('answers 400 invalid_request to Basic credentials together with a client_secret in the body (form and JSON)', async () => {
    const withSecret = { grant_type: 'client_credentials', audience, client_secret: FULL.secret };
    const asForm = await token(form(withSecret), { authorization: basic(FULL) });
    const asJson = await token(JSON.stringify(withSecret), {
      authorization: basic(FULL),
      'content-type': 'application/json',
    });
    for (const { response, body } of [asForm, asJson]) {
      expect(response.status).toBe(400);
      expect(body).toEqual({
        error: 'invalid_request',
        error_description:
          'Send the client credentials either in the Authorization header or in the body, not both',
      });
      expect(response.headers.get('www-authenticate')).toBeNull();
    }
  });

  it('accepts a body client_id that names the Basic client, and answers 400 invalid_request to one that names another', async () => {
    const same = await token(`${grant()}&client_id=${FULL.id}`, { authorization: basic(FULL) });
    expect(same.response.status).toBe(200);
    const other = await token(`${grant()}&client_id=idm_someone_else`, {
      authorization: basic(FULL),
    });
    expect(other.response.status).toBe(400);
    expect(other.body.error).toBe('invalid_request');
  });

  it('answers 400 invalid_request, naming no credential, to an Authorization: Basic that is not base64 of two form-encoded parts', async () => {
    const broken = [
      'Basic',
      'Basic not*base64!',
      rawBasic('no-colon-at-all'),
      rawBasic('%zz:secret-never-echoed'),
      rawBasic(new Uint8Array([0x69, 0x64, 0x3a, 0xff, 0xfe])),
    ];
    for (const authorization of broken) {
      const { response, body } = await token(grant(), { authorization });
      expect(response.status, authorization).toBe(400);
      expect(body.error).toBe('invalid_request');
      expect(String(body.error_description)).not.toContain('secret-never-echoed');
    }
  });

  it('leaves other Authorization schemes to client_secret_post', async () => {
    const body = form({
      grant_type: 'client_credentials',
      audience,
      client_id: FULL.id,
      client_secret: FULL.secret,
    });
    const { response } = await token(body, { authorization: 'Bearer something-else' });
    expect(response.status).toBe(200);
  });
});

describe('client_secret_post at POST /oauth/token', () => {
  const post = (secret: string) =>
    form({ grant_type: 'client_credentials', audience, client_id: FULL.id, client_secret: secret });

  it('answers a token to credentials in the body', async () => {
    const { response, body } = await token(post(FULL.secret));
    expect(response.status).toBe(200);
    expect(body.scope).toBe('read:clients');
  });

  it('answers 401 invalid_client to a wrong secret in the body, without a Basic challenge', async () => {
    const { response, body } = await token(post('wrong-secret-123'));
    expect(response.status).toBe(401);
    expect(body.error).toBe('invalid_client');
    expect(response.headers.get('www-authenticate')).toBeNull();
  });

  it('answers 400 invalid_request naming both credentials when neither is sent', async () => {
    const { response, body } = await token(grant());
    expect(response.status).toBe(400);
    expect(body).toEqual({
      error: 'invalid_request',
      error_description: 'Invalid body: client_id is required; client_secret is required',
    });
  });
});

describe('caching of token endpoint answers', () => {
  it('answers a token with Cache-Control: no-store and Pragma: no-cache', async () => {
    const { response } = await token(grant(), { authorization: basic(FULL) });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('pragma')).toBe('no-cache');
  });

  it('answers every refusal (400, 401, 403, 413) with Cache-Control: no-store and Pragma: no-cache', async () => {
    const refusals = [
      await token('grant_type=password'),
      await token(grant(), { authorization: basic({ id: FULL.id, secret: 'nope' }) }),
      await token(form({ grant_type: 'client_credentials', audience: 'https://other.test/' }), {
        authorization: basic(FULL),
      }),
      await token(`${grant()}&pad=${'x'.repeat(1_100_000)}`, { authorization: basic(FULL) }),
    ];
    expect(refusals.map(({ response }) => response.status)).toEqual([400, 401, 403, 413]);
    for (const { response } of refusals) {
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('pragma')).toBe('no-cache');
    }
  });
});

describe('form parameters of a token request', () => {
  it('reads own parameters only: constructor, __proto__, toString, hasOwnProperty and valueOf are unknown parameters, ignored', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const { response, body } = await token(`${grant()}&${name}=1`, {
        authorization: basic(FULL),
      });
      expect(response.status, name).toBe(200);
      expect(body.token_type).toBe('Bearer');
    }
  });

  it('ignores unknown parameters, also when they are repeated', async () => {
    const { response } = await token(`${grant()}&scope=read:logs&scope=x&extra=1&extra=2`, {
      authorization: basic(FULL),
    });
    expect(response.status).toBe(200);
  });

  it('answers 400 invalid_request to a parameter it reads that is sent twice', async () => {
    for (const repeated of ['grant_type=client_credentials', `audience=${formEncode(audience)}`]) {
      const { response, body } = await token(`${grant()}&${repeated}`, {
        authorization: basic(FULL),
      });
      expect(response.status).toBe(400);
      expect(body).toEqual({
        error: 'invalid_request',
        error_description: `Parameter ${repeated.split('=')[0]} was sent more than once`,
      });
    }
  });
});
