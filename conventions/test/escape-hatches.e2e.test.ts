/**
 * The conventions against the reference server: each client built from its development options
 * reaches its interface, its `request()` reaches a route and reports a missing one with the
 * client's error class, and its `paginate()` reads a listing page after page.
 */
import { NotFoundError } from '@clientkit/core';
import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyClient, type Profile, profiles } from './support/profiles';

let server: ReferenceServer;
let url: string;
beforeAll(async () => {
  server = await createReferenceServer({ clock: { start: '2026-06-01T08:00:00Z', frozen: true } });
  ({ url } = await server.listen(0));
});
afterAll(() => server.close());

const against = (profile: Profile, baseUrl: string): AnyClient =>
  profile.make({ ...profile.development(url), baseUrl, retry: 0 });

describe.each(profiles)('$name against the reference server', (profile) => {
  const { method = 'GET', path } = profile.route;

  it('request() reaches a route under the interface path with the client credentials', async () => {
    profile.route.check(await against(profile, url).request(method, path));
  });

  it('reaches it alike from the origin with a trailing slash', async () => {
    profile.route.check(await against(profile, `${url}/`).request(method, path));
  });

  it("request() reports a route with nothing there as NotFoundError, with the interface's code", async () => {
    const error = await against(profile, url)
      .request('GET', profile.missing.path)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: profile.missing.code });
  });

  const { listing } = profile;
  if (listing) {
    it('paginate() reads every record of a listing, one page per record', async () => {
      const client = against(profile, url);
      const paged = await client.paginate!(listing.path, listing.params).toArray();
      expect(paged.length).toBeGreaterThan(1);
      expect(paged).toEqual(await listing.all(client as never));
    });
  }
});
