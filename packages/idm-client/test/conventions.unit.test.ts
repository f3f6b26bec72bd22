import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  clientCredentials,
  IdmClient,
  MAX_PAYLOAD_BYTES,
  PayloadTooLargeError,
  PermissionDeniedError,
  RequestValidationError,
} from '../src/index';
import { requiredScope, scopesOf } from '../src/scopes';
import { fakeJwt, ORIGIN, rejectionOf, useNock } from './support/unit';

useNock();

const token = fakeJwt(['read:clients', 'create:clients', 'update:clients', 'delete:clients']);
const idm = new IdmClient({ baseUrl: ORIGIN, token, retry: 0 });
const client = { client_id: 'abc', name: 'Billing' };

/**
 * A body whose JSON is exactly `bytes` bytes long in UTF-8. Its metadata breaks the client's
 * length limits, so it goes through `idm.request`, which checks the size of any body but no schema.
 */
function bodyOfSize(bytes: number) {
  const empty = JSON.stringify({ name: 'x', client_metadata: { pad: '' } });
  return { name: 'x', client_metadata: { pad: 'p'.repeat(bytes - empty.length) } };
}

describe('X-Correlation-ID', () => {
  it('is sent on POST, PATCH and DELETE when correlationId is given', async () => {
    nock(ORIGIN, { reqheaders: { 'x-correlation-id': 'op-1' } })
      .post('/api/v2/clients')
      .reply(201, client)
      .patch('/api/v2/clients/abc')
      .reply(200, client)
      .delete('/api/v2/clients/abc')
      .reply(204);
    await idm.clients.create({ name: 'Billing' }, { correlationId: 'op-1' });
    await idm.clients.update('abc', { name: 'B' }, { correlationId: 'op-1' });
    await idm.clients.delete('abc', { correlationId: 'op-1' });
  });

  it('is cut to its first 64 characters', async () => {
    const long = `${'a'.repeat(64)}${'b'.repeat(36)}`;
    nock(ORIGIN, { reqheaders: { 'x-correlation-id': 'a'.repeat(64) } })
      .post('/api/v2/clients')
      .reply(201, client);
    await idm.clients.create({ name: 'Billing' }, { correlationId: long });
  });

  it('is sent on PUT through idm.request', async () => {
    nock(ORIGIN, { reqheaders: { 'x-correlation-id': 'put-1' } })
      .put('/api/v2/widgets/w1', { size: 2 })
      .reply(200, {});
    await idm.request('PUT', 'widgets/w1', { body: { size: 2 } }, { correlationId: 'put-1' });
  });

  it('is not sent on mutating requests without correlationId, or with correlationId undefined', async () => {
    nock(ORIGIN, { badheaders: ['x-correlation-id'] })
      .post('/api/v2/clients')
      .twice()
      .reply(201, client);
    await idm.clients.create({ name: 'Billing' });
    await idm.clients.create({ name: 'Billing' }, { correlationId: undefined });
  });

  it('is refused on GET requests, by the types and at run time', async () => {
    const error = await rejectionOf(
      // @ts-expect-error correlationId is only an option of mutating methods
      idm.request('GET', 'clients', {}, { correlationId: 'x' }),
    );
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toContain(
      'correlationId is only sent with POST, PUT, PATCH and DELETE',
    );
    // @ts-expect-error read methods take RequestOptions only
    expect(await rejectionOf(idm.clients.get('abc', { correlationId: 'x' }))).toBeInstanceOf(
      RequestValidationError,
    );
  });

  it('is refused when it is not printable ASCII', async () => {
    const error = await rejectionOf(idm.clients.create({ name: 'x' }, { correlationId: 'café\n' }));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues[0]?.path).toBe('correlationId');
  });
});

describe('payload limit of 1,048,576 bytes', () => {
  it('sends a body of exactly 1,048,576 bytes', async () => {
    const body = bodyOfSize(MAX_PAYLOAD_BYTES);
    expect(Buffer.byteLength(JSON.stringify(body))).toBe(MAX_PAYLOAD_BYTES);
    nock(ORIGIN).post('/api/v2/clients').reply(201, client);
    await idm.request('POST', 'clients', { body });
  });

  it('refuses a body of 1,048,577 bytes with PayloadTooLargeError (413) before sending', async () => {
    const error = await rejectionOf(
      idm.request('POST', 'clients', { body: bodyOfSize(MAX_PAYLOAD_BYTES + 1) }),
    );
    expect(error).toBeInstanceOf(PayloadTooLargeError);
    expect(error).toMatchObject({ status: 413, requestId: null });
    expect((error as Error).message).toContain(
      'Payload content length greater than maximum allowed: 1048576',
    );
  });

  it('measures UTF-8 bytes, not characters', async () => {
    const chars = Math.floor(MAX_PAYLOAD_BYTES / 3);
    const body = { name: 'x', client_metadata: { pad: '€'.repeat(chars) } };
    expect(JSON.stringify(body).length).toBeLessThan(MAX_PAYLOAD_BYTES);
    expect(await rejectionOf(idm.request('POST', 'clients', { body }))).toBeInstanceOf(
      PayloadTooLargeError,
    );
  });

  it('applies to idm.request bodies as well', async () => {
    const error = await rejectionOf(
      idm.request('POST', 'widgets', { body: { blob: 'x'.repeat(MAX_PAYLOAD_BYTES) } }),
    );
    expect(error).toBeInstanceOf(PayloadTooLargeError);
  });
});

describe('scopes', () => {
  it('scopesOf reads the space-separated scope claim of a JWT without verifying it', () => {
    expect(scopesOf(fakeJwt(['read:clients', 'read:logs']))).toEqual(['read:clients', 'read:logs']);
    expect(scopesOf(fakeJwt([]))).toEqual([]);
    expect(scopesOf(fakeJwt([], { scope: undefined, scp: ['read:logs'] }))).toEqual(['read:logs']);
  });

  it('scopesOf refuses a token that is not a JWT, without quoting it', () => {
    expect(() => scopesOf('opaque-secret-token')).toThrow(RequestValidationError);
    expect(() => scopesOf('opaque-secret-token')).not.toThrow(/opaque-secret-token/);
  });

  it('requiredScope maps GET to read, POST to create, PATCH and PUT to update, DELETE to delete', () => {
    expect(requiredScope('GET', 'clients')).toBe('read:clients');
    expect(requiredScope('POST', '/api/v2/clients')).toBe('create:clients');
    expect(requiredScope('PATCH', 'clients/abc')).toBe('update:clients');
    expect(requiredScope('PUT', 'clients/abc')).toBe('update:clients');
    expect(requiredScope('DELETE', 'clients/{clientId}')).toBe('delete:clients');
    expect(requiredScope('GET', 'logs/l1')).toBe('read:logs');
    expect(requiredScope('GET', 'resource-servers')).toBe('read:resource_servers');
    expect(requiredScope('GET', '')).toBeUndefined();
  });

  it('checkScopes fails fast, before any request, naming the missing scope', async () => {
    const readOnly = new IdmClient({
      baseUrl: ORIGIN,
      token: fakeJwt(['read:clients', 'read:logs']),
      checkScopes: true,
    });
    const error = await rejectionOf(readOnly.clients.create({ name: 'x' }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect(error).toMatchObject({ status: 403, code: 'insufficient_scope', requestId: null });
    expect((error as Error).message).toContain(
      'Insufficient scope, expected any of: create:clients',
    );
  });

  it('checkScopes lets a request through when the token grants its scope', async () => {
    nock(ORIGIN).get('/api/v2/logs/l1').reply(200, {
      log_id: 'l1',
      date: '2026-01-01T00:00:00.000Z',
      type: 's',
      description: 'Success Login',
    });
    const readOnly = new IdmClient({
      baseUrl: ORIGIN,
      token: fakeJwt(['read:logs']),
      checkScopes: true,
    });
    expect((await readOnly.logs.get('l1')).log_id).toBe('l1');
  });

  it('checkScopes reads the current token of a token function', async () => {
    let current = fakeJwt(['read:clients']);
    const checked = new IdmClient({
      baseUrl: ORIGIN,
      token: async () => current,
      checkScopes: true,
    });
    expect(await rejectionOf(checked.clients.delete('abc'))).toBeInstanceOf(PermissionDeniedError);
    current = fakeJwt(['delete:clients']);
    nock(ORIGIN).delete('/api/v2/clients/abc').reply(204);
    await checked.clients.delete('abc');
  });

  it('without checkScopes the request is sent and the server decides', async () => {
    nock(ORIGIN).post('/api/v2/clients').reply(403, {
      statusCode: 403,
      error: 'Forbidden',
      message: 'Insufficient scope, expected any of: create:clients',
      errorCode: 'insufficient_scope',
    });
    const unchecked = new IdmClient({ baseUrl: ORIGIN, token: fakeJwt(['read:clients']) });
    const error = await rejectionOf(unchecked.clients.create({ name: 'x' }));
    expect(error).toMatchObject({ status: 403, code: 'insufficient_scope' });
  });
});

describe('idm.request', () => {
  it('sends any method to any path relative to the base URL, with query and body', async () => {
    nock(ORIGIN)
      .post('/api/v2/roles/r1/users', { users: ['u1'] })
      .query({ fields: 'id' })
      .reply(201, { ok: true });
    const answer = await idm.request<{ ok: boolean }>('POST', '/roles/r1/users', {
      query: { fields: 'id' },
      body: { users: ['u1'] },
    });
    expect(answer.ok).toBe(true);
  });

  it('refuses a path with a query string or an absolute URL', async () => {
    for (const path of ['clients?page=1', 'https://elsewhere.test/x']) {
      const error = await rejectionOf(idm.request('GET', path));
      expect(error).toBeInstanceOf(RequestValidationError);
    }
  });
});

describe('client options', () => {
  it('needs a token or auth, not both and not neither', () => {
    // @ts-expect-error neither token nor auth: the options type takes exactly one of them
    expect(() => new IdmClient({ baseUrl: ORIGIN })).toThrow(/token must be given, or auth/);
  });

  it('refuses token and auth given together, by the types and at run time', () => {
    const auth = clientCredentials({ clientId: 'm2m', clientSecret: 's', audience: 'a' });
    // @ts-expect-error token and auth exclude each other
    expect(() => new IdmClient({ baseUrl: ORIGIN, token: 't', auth })).toThrow(
      /Invalid options of IdmClient: token must be given, or auth, but not both/,
    );
  });

  it('refuses an empty token at construction, not at the first request', () => {
    expect(() => new IdmClient({ baseUrl: ORIGIN, token: '' })).toThrow(
      /Invalid options of IdmClient: token must be a non-empty string/,
    );
  });

  it('refuses auth of another shape than clientCredentials by name: { username, password }', () => {
    let error: unknown;
    try {
      new IdmClient({
        baseUrl: ORIGIN,
        // @ts-expect-error auth takes clientCredentials(...) only
        auth: { username: 'admin', password: 'secret-password' },
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as RequestValidationError).issues).toEqual([
      {
        path: 'auth',
        message:
          'must be client credentials from clientCredentials({ clientId, clientSecret, audience })',
      },
    ]);
    expect((error as Error).message).not.toContain('secret-password');
  });

  it('refuses checkScopes that is not a boolean and now that is not a function, by name', () => {
    const wrong = { baseUrl: ORIGIN, token: 't', checkScopes: 'yes', now: 5 } as never;
    let error: unknown;
    try {
      new IdmClient(wrong);
    } catch (caught) {
      error = caught;
    }
    expect((error as RequestValidationError).issues.map((issue) => issue.path)).toEqual([
      'checkScopes',
      'now',
    ]);
  });

  it('refuses an unknown tenant kind', () => {
    expect(
      () => new IdmClient({ baseUrl: ORIGIN, token: 't', tenant: 'shared' as 'public' }),
    ).toThrow(/tenant must be one of/);
  });

  it('refuses a base URL that is not http(s)', () => {
    expect(() => new IdmClient({ baseUrl: 'ftp://x', token: 't' })).toThrow(RequestValidationError);
  });
});
