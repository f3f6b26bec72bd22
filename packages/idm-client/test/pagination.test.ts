import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import {
  APIResponseValidationError,
  BadRequestError,
  CheckpointExpiredError,
  IdmClient,
  RequestValidationError,
} from '../src/index';
import { fakeJwt, ORIGIN, rejectionOf, useNock } from './support/unit';

useNock();

const token = fakeJwt(['read:clients', 'read:logs']);
const clientsNamed = (...names: string[]) =>
  names.map((name) => ({ client_id: `id_${name}`, name }));

describe('checkpoint listing (the default)', () => {
  const idm = new IdmClient({ baseUrl: ORIGIN, token });

  it('sends take = half the public maximum (25) and follows next until it is absent', async () => {
    nock(ORIGIN)
      .get('/api/v2/clients')
      .query({ take: '25' })
      .reply(200, { clients: clientsNamed('a', 'b'), next: 'cp1' })
      .get('/api/v2/clients')
      .query({ take: '25', from: 'cp1' })
      .reply(200, { clients: clientsNamed('c') });
    const names = [];
    for await (const client of idm.clients.list()) names.push(client.name);
    expect(names).toEqual(['a', 'b', 'c']);
  });

  it('passes the next id unchanged in from', async () => {
    const opaque = 'eyJ4Ijox.abc_-';
    nock(ORIGIN)
      .get('/api/v2/logs')
      .query({ take: '10' })
      .reply(200, { logs: [{ log_id: 'l1' }], next: opaque })
      .get('/api/v2/logs')
      .query({ take: '10', from: opaque })
      .reply(200, { logs: [] });
    const page = await idm.logs.list({ take: 10 });
    expect((await page.getNextPage()).items).toEqual([]);
  });

  it('has no next page when the response carries no next', async () => {
    nock(ORIGIN)
      .get('/api/v2/clients')
      .query({ take: '5' })
      .reply(200, { clients: clientsNamed('a') });
    const page = await idm.clients.list({ take: 5 });
    expect(page.items).toHaveLength(1);
    expect(page.hasNextPage()).toBe(false);
  });

  it('raises CheckpointExpiredError instead of using a checkpoint held for more than 24 hours', async () => {
    let now = Date.parse('2026-03-01T00:00:00Z');
    const aging = new IdmClient({ baseUrl: ORIGIN, token, now: () => now });
    nock(ORIGIN)
      .get('/api/v2/clients')
      .query({ take: '25' })
      .reply(200, { clients: clientsNamed('a'), next: 'cp1' });
    const page = await aging.clients.list();
    now += 24 * 3_600_000 + 1;
    const error = await rejectionOf(page.getNextPage());
    expect(error).toBeInstanceOf(CheckpointExpiredError);
  });

  it('ages a checkpoint by the clock of the moment it is used: fake timers installed after the client was built apply', async () => {
    const built = new IdmClient({ baseUrl: ORIGIN, token });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      nock(ORIGIN)
        .get('/api/v2/clients')
        .query({ take: '25' })
        .reply(200, { clients: clientsNamed('a'), next: 'cp1' });
      const page = await built.clients.list();
      vi.setSystemTime(Date.now() + 24 * 3_600_000 + 1);
      expect(await rejectionOf(page.getNextPage())).toBeInstanceOf(CheckpointExpiredError);
    } finally {
      vi.useRealTimers();
    }
  });

  it('still uses a checkpoint held for exactly 24 hours', async () => {
    let now = Date.parse('2026-03-01T00:00:00Z');
    const aging = new IdmClient({ baseUrl: ORIGIN, token, now: () => now });
    nock(ORIGIN)
      .get('/api/v2/clients')
      .query({ take: '25' })
      .reply(200, { clients: clientsNamed('a'), next: 'cp1' })
      .get('/api/v2/clients')
      .query({ take: '25', from: 'cp1' })
      .reply(200, { clients: clientsNamed('b') });
    const page = await aging.clients.list();
    now += 24 * 3_600_000;
    expect((await page.getNextPage()).items[0]?.name).toBe('b');
  });
});

describe('offset listing', () => {
  const idm = new IdmClient({ baseUrl: ORIGIN, token });

  it('asks for page 0, per_page 25 and include_totals=true, and stops at the total', async () => {
    nock(ORIGIN)
      .get('/api/v2/clients')
      .query({ page: '0', per_page: '2', include_totals: 'true' })
      .reply(200, { start: 0, limit: 2, length: 2, total: 3, clients: clientsNamed('a', 'b') })
      .get('/api/v2/clients')
      .query({ page: '1', per_page: '2', include_totals: 'true' })
      .reply(200, { start: 2, limit: 2, length: 1, total: 3, clients: clientsNamed('c') });
    const all = await idm.clients.list({ per_page: 2 }).toArray();
    expect(all.map((c) => c.name)).toEqual(['a', 'b', 'c']);
  });

  it('uses the default per_page of 25 when only page is given', async () => {
    nock(ORIGIN)
      .get('/api/v2/logs')
      .query({ page: '3', per_page: '25', include_totals: 'true' })
      .reply(200, { start: 75, limit: 25, length: 0, total: 75, logs: [] });
    const page = await idm.logs.list({ page: 3 });
    expect(page.items).toEqual([]);
    expect(page.hasNextPage()).toBe(false);
  });

  it('never asks past the end when the total is a multiple of per_page', async () => {
    nock(ORIGIN)
      .get('/api/v2/clients')
      .query({ page: '0', per_page: '2', include_totals: 'true' })
      .reply(200, { start: 0, limit: 2, length: 2, total: 2, clients: clientsNamed('a', 'b') });
    expect(await idm.clients.list({ per_page: 2 }).toArray()).toHaveLength(2);
  });

  it('reads bare arrays when include_totals is false, stopping at a short page', async () => {
    nock(ORIGIN)
      .get('/api/v2/clients')
      .query({ page: '0', per_page: '2', include_totals: 'false' })
      .reply(200, clientsNamed('a', 'b'))
      .get('/api/v2/clients')
      .query({ page: '1', per_page: '2', include_totals: 'false' })
      .reply(200, clientsNamed('c'));
    const all = await idm.clients.list({ per_page: 2, include_totals: false }).toArray();
    expect(all).toHaveLength(3);
  });

  it('checks a page asked for without totals against the bare array schema (validateResponses)', async () => {
    const checking = new IdmClient({ baseUrl: ORIGIN, token, validateResponses: true });
    nock(ORIGIN)
      .get('/api/v2/clients')
      .query({ page: '0', per_page: '2', include_totals: 'false' })
      .reply(200, { start: 0, limit: 2, length: 1, total: 1, clients: clientsNamed('a') });
    const error = await rejectionOf(checking.clients.list({ per_page: 2, include_totals: false }));
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).issues).toEqual([
      { path: '', message: 'must be an array, not an object' },
    ]);
  });

  it('checks a page asked for with totals against the totals envelope (validateResponses)', async () => {
    const checking = new IdmClient({ baseUrl: ORIGIN, token, validateResponses: true });
    nock(ORIGIN)
      .get('/api/v2/logs')
      .query({ page: '0', per_page: '2', include_totals: 'true' })
      .reply(200, [{ log_id: 'l1', date: '2026-01-01T00:00:00.000Z', type: 's', description: 'x' }])
      .get('/api/v2/logs')
      .query({ page: '0', per_page: '2', include_totals: 'false' })
      .reply(200, [
        { log_id: 'l1', date: '2026-01-01T00:00:00.000Z', type: 's', description: 'x' },
      ]);
    const error = await rejectionOf(checking.logs.list({ per_page: 2 }));
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).issues).toEqual([
      { path: '', message: 'must be an object, not an array' },
    ]);
    const page = await checking.logs.list({ per_page: 2, include_totals: false });
    expect(page.items.map((event) => event.log_id)).toEqual(['l1']);
  });

  it('refuses, with the 400 the server would give, to page past the first 1000 records', async () => {
    const logs = Array.from({ length: 50 }, (_, i) => ({
      log_id: `l${i}`,
      date: '2026-01-01T00:00:00.000Z',
      type: 's',
      description: 'Success Login',
    }));
    nock(ORIGIN)
      .get('/api/v2/logs')
      .query({ page: '19', per_page: '50', include_totals: 'true' })
      .reply(200, { start: 950, limit: 50, length: 50, total: 1500, logs });
    const page = await idm.logs.list({ page: 19, per_page: 50 });
    expect(page.hasNextPage()).toBe(true);
    const error = await rejectionOf(page.getNextPage());
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_paging' });
    expect((error as Error).message).toContain('You can only page through the first 1000 records');
  });
});

describe('page sizes are checked against the tenant maximum before sending', () => {
  const publicTenant = new IdmClient({ baseUrl: ORIGIN, token });
  const privateTenant = new IdmClient({ baseUrl: ORIGIN, token, tenant: 'private' });

  it('refuses per_page 51 and take 51 on a public tenant', async () => {
    for (const list of [
      () => publicTenant.clients.list({ per_page: 51 }),
      () => publicTenant.clients.list({ take: 51 }),
    ]) {
      const error = (await rejectionOf(list())) as RequestValidationError;
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error.issues[0]?.message).toBe('must be at most 50');
    }
  });

  it('allows 100 and refuses 101 on a private tenant, whose default is 50', async () => {
    nock(ORIGIN)
      .get('/api/v2/clients')
      .query({ take: '100' })
      .reply(200, { clients: [] })
      .get('/api/v2/logs')
      .query({ take: '50' })
      .reply(200, { logs: [] });
    await privateTenant.clients.list({ take: 100 });
    await privateTenant.logs.list();
    const error = (await rejectionOf(
      privateTenant.logs.list({ per_page: 101 }),
    )) as RequestValidationError;
    expect(error.issues[0]).toEqual({ path: 'per_page', message: 'must be at most 100' });
  });

  it('refuses page sizes below 1, negative or fractional pages', async () => {
    for (const list of [
      () => publicTenant.clients.list({ take: 0 }),
      () => publicTenant.clients.list({ per_page: 0 }),
      () => publicTenant.clients.list({ page: -1 }),
      () => publicTenant.clients.list({ page: 1.5 }),
    ]) {
      expect(await rejectionOf(list())).toBeInstanceOf(RequestValidationError);
    }
  });

  it('refuses a mix of offset and checkpoint parameters', async () => {
    const error = await rejectionOf(
      publicTenant.clients.list({ page: 1, take: 5 } as unknown as { page: number }),
    );
    expect((error as Error).message).toContain('not both');
  });
});

describe('idm.paginate over other listings', () => {
  const idm = new IdmClient({ baseUrl: ORIGIN, token: fakeJwt(['read:roles']) });

  it('pages a checkpoint listing, reading items under the last path segment, with filters', async () => {
    nock(ORIGIN)
      .get('/api/v2/organizations/o1/member-roles')
      .query({ take: '25', q: 'x' })
      .reply(200, { member_roles: [{ id: 1 }], next: 'n' })
      .get('/api/v2/organizations/o1/member-roles')
      .query({ take: '25', q: 'x', from: 'n' })
      .reply(200, { member_roles: [{ id: 2 }] });
    const items = await idm.paginate('organizations/o1/member-roles', { q: 'x' }).toArray();
    expect(items).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('pages an offset listing when page or per_page is given', async () => {
    nock(ORIGIN)
      .get('/api/v2/roles')
      .query({ page: '0', per_page: '1', include_totals: 'true' })
      .reply(200, { start: 0, limit: 1, length: 1, total: 2, roles: [{ id: 'a' }] })
      .get('/api/v2/roles')
      .query({ page: '1', per_page: '1', include_totals: 'true' })
      .reply(200, { start: 1, limit: 1, length: 1, total: 2, roles: [{ id: 'b' }] });
    expect(await idm.paginate('roles', { per_page: 1 }).toArray()).toEqual([
      { id: 'a' },
      { id: 'b' },
    ]);
  });

  it('checks page sizes against the tenant maximum', async () => {
    expect(await rejectionOf(idm.paginate('roles', { take: 80 }))).toBeInstanceOf(
      RequestValidationError,
    );
  });
});
