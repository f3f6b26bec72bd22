/**
 * Scopes: `scopesOf` reads a token's scopes, `requiredScope` names the scope a request needs, and
 * `checkScopes` refuses a call the token cannot make before sending it.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { IdmClient, PermissionDeniedError, RequestValidationError } from '../src/index';
import { requiredScope, scopesOf } from '../src/scopes';
import { fakeJwt, ORIGIN, rejectionOf, useNock } from './support/unit';

useNock();

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
