/**
 * The `request()` and `paginate()` escape hatches every client has, for routes and fields its typed
 * methods do not cover yet: the client's credentials, retries, errors and limits, and nothing that
 * lets a request leave the interface's routes.
 */
import { NotFoundError, RequestValidationError } from '@clientkit/core';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { rejectionOf, useNock } from '../../test-support/unit';
import { ORIGIN, profiles } from './support/profiles';

useNock();

describe.each(profiles)('$name escape hatches', (profile) => {
  const [header, value] = profile.credentialHeader;
  const api = () => nock(ORIGIN, { reqheaders: { [header]: value } });

  it('request() sends any route under the interface path, with query, body and credentials', async () => {
    api()
      .post(`${profile.appended}/things/t1`, { name: 'x', futureField: true })
      .query({ limit: '5' })
      .reply(201, { id: 't1' }, { 'x-request-id': 'req_raw' });
    const { data, requestId } = await profile
      .make()
      .request('POST', 'things/t1', { query: { limit: 5 }, body: { name: 'x', futureField: true } })
      .withResponse();
    expect(data).toEqual({ id: 't1' });
    expect(requestId).toBe('req_raw');
  });

  it("request() reports an error answer as a typed call does: the client's error class, the interface's message and code", async () => {
    api()
      .delete(`${profile.appended}/things/t9`)
      .reply(404, profile.errorBody(404, 'No such thing'), { 'x-request-id': 'req_gone' });
    const error = await rejectionOf(profile.make().request('DELETE', 'things/t9'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      code: profile.errorCode?.(404),
      requestId: 'req_gone',
    });
    expect((error as Error).message).toContain('No such thing');
  });

  const leaving = [
    '../admin',
    'things/../../admin',
    'things/%2e%2e/x',
    'things/%2E%2E/x',
    'https://evil.test/x',
    '//evil.test/x',
    'things?limit=1',
  ];
  for (const path of leaving) {
    it(`request() refuses the path ${path} before any request, so the credentials cannot leave`, async () => {
      const error = await rejectionOf(profile.make().request('GET', path));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toBe('path');
      expect((error as Error).message).toMatch(/path must be a path under the base URL/);
    });
  }

  it('request() refuses an unknown init key and an unknown method by name', async () => {
    const client = profile.make();
    const init = await rejectionOf(client.request('GET', 'things', { querry: {} }));
    expect((init as Error).message).toContain('init.querry is not an option');
    const method = await rejectionOf(client.request('TRACE', 'things'));
    expect((method as RequestValidationError).issues[0]?.path).toBe('method');
  });

  const listing = profile.paginate;
  if (listing) {
    it("paginate() reads every page of any listing in the interface's own style, sending the params on each", async () => {
      for (const page of listing.pages) {
        api().get(`${profile.appended}/${listing.path}`).query(page.query).reply(200, page.body);
      }
      const items = await profile.make().paginate!(listing.path, listing.params).toArray();
      expect(items).toEqual(listing.items);
    });

    it('paginate() refuses a path that leaves the interface, before any request', async () => {
      const error = await rejectionOf(profile.make().paginate!('../admin').toArray());
      expect((error as RequestValidationError).issues[0]?.path).toBe('path');
    });
  }
});
