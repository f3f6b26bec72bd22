import { BadRequestError } from '@clientkit/core';
import { CheckpointExpiredError } from '@clientkit/core/internal';
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { idm, idmAccess, idmFor, requiredScope } from '../src/idm';
import { TokenResponse } from '../src/idm/response-schemas';

const management = Object.entries(idm.operations).filter(([id]) => id !== 'getToken');

describe('the identity management contract', () => {
  it('declares for each management operation the scope its method and resource need', () => {
    expect(management).toHaveLength(7);
    for (const [id, operation] of management) {
      expect(idmAccess[id as keyof typeof idmAccess], id).toBe(
        requiredScope(operation.method, operation.path),
      );
    }
  });

  it('declares the token exchange at the site root, outside /api/v2, authenticated by client credentials', () => {
    const { getToken } = idm.operations;
    expect(`${getToken.base}${getToken.path}`).toBe('/oauth/token');
    expect(idmAccess.getToken).toBe('client credentials');
  });

  it('offers both paginations on each listing, checkpoint first, then offset', () => {
    for (const listing of [idm.operations.getClients, idm.operations.getLogs]) {
      expect(listing.pagination.map((style) => style.style)).toEqual(['checkpoint', 'offset']);
    }
  });

  it('refuses, before sending, the offset page past the first 1000 records when more remain', () => {
    const pages = idm.operations.getLogs.pagination[1].strategy();
    const body = { total: 1001, logs: Array.from({ length: 13 }, (_, i) => i) };
    const next = pages.next(body, { page: 47, per_page: 21 }, pages.items(body));
    expect(next).toEqual({ page: 48, per_page: 21 });
    let refusal: unknown;
    try {
      pages.beforeRequest?.(next!);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(BadRequestError);
    expect(refusal).toMatchObject({ status: 400, code: 'invalid_paging' });
    expect((refusal as Error).message).toContain(
      'You can only page through the first 1000 records',
    );
  });

  it('ends an offset listing at its total when it fits within the reach', () => {
    const pages = idm.operations.getLogs.pagination[1].strategy();
    const body = { total: 1000, logs: Array.from({ length: 50 }, (_, i) => i) };
    expect(pages.next(body, { page: 19, per_page: 50 }, pages.items(body))).toBeNull();
  });

  it('ages checkpoints 24 hours by the clock a client gives idmFor, read at each use', () => {
    let now = 0;
    const pages = idmFor('public', () => now).operations.getClients.pagination[0].strategy();
    const next = pages.next({ clients: [1], next: 'cp' }, { take: 1 }, [1])!;
    now = 86_400_000;
    expect(() => pages.beforeRequest?.(next)).not.toThrow();
    now += 1;
    expect(() => pages.beforeRequest?.(next)).toThrow(CheckpointExpiredError);
  });

  it('takes page sizes up to the tenant maximum: 50 on a public tenant, 100 on a private one', () => {
    const accepts = (tenant: 'public' | 'private', query: object) =>
      safeParse(idmFor(tenant).operations.getClients.query, query).success;
    expect(accepts('public', { take: 50 })).toBe(true);
    expect(accepts('public', { take: 51 })).toBe(false);
    expect(accepts('public', { per_page: 51 })).toBe(false);
    expect(accepts('private', { per_page: 100 })).toBe(true);
    expect(accepts('private', { take: 101 })).toBe(false);
    expect(idmFor('public').operations.getLogs.query).toBe(
      idmFor('public').operations.getClients.query,
    );
  });

  it('reads token_type Bearer in any letter case and refuses any other type', () => {
    const answer = { access_token: 'a.b.c', expires_in: 60, scope: '' };
    for (const type of ['Bearer', 'bearer', 'BEARER']) {
      expect(safeParse(TokenResponse, { ...answer, token_type: type }).success, type).toBe(true);
    }
    for (const type of ['mac', 'DPoP', 'bearer ', '']) {
      expect(safeParse(TokenResponse, { ...answer, token_type: type }).success, type).toBe(false);
    }
  });

  it('takes an answer without expires_in or scope, as RFC 6749 §5.1 allows, and no other gap', () => {
    const bare = { access_token: 'a.b.c', token_type: 'Bearer' };
    expect(safeParse(TokenResponse, bare).success).toBe(true);
    expect(safeParse(TokenResponse, { ...bare, expires_in: '60' }).success).toBe(false);
    expect(safeParse(TokenResponse, { token_type: 'Bearer' }).success).toBe(false);
  });
});
