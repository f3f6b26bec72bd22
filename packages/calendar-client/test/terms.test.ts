import { RequestValidationError } from '@clientkit/calendar-client';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { listFixture, termFixture } from './support/records';
import { NS, ORIGIN, unitClient, useNock } from './support/unit';

useNock();

describe('calendar.categories requests', () => {
  it('list GETs /categories with every filter, id lists as CSV', async () => {
    nock(ORIGIN)
      .get(`${NS}/categories`)
      .query({
        page: '1',
        per_page: '50',
        search: 'jaz',
        exclude: '3,4',
        include: '1,2',
        order: 'desc',
        orderby: 'count',
        hide_empty: 'false',
        parent: '0',
        post: '105',
        event: '105',
        slug: 'jazz',
      })
      .reply(200, listFixture('categories', [termFixture(2, 'Jazz')], 1, 1, 1));
    const page = await unitClient().categories.list({
      page: 1,
      per_page: 50,
      search: 'jaz',
      exclude: [3, 4],
      include: [1, 2],
      order: 'desc',
      orderby: 'count',
      hide_empty: false,
      parent: 0,
      post: 105,
      event: 105,
      slug: 'jazz',
    });
    expect(page.items[0]?.name).toBe('Jazz');
  });

  it('get, create, update and delete reach /categories and /categories/{id}', async () => {
    nock(ORIGIN).get(`${NS}/categories/2`).reply(200, termFixture(2));
    nock(ORIGIN)
      .post(`${NS}/categories`, { name: 'Blues', parent: 1 })
      .reply(201, termFixture(9, 'Blues'));
    nock(ORIGIN)
      .put(`${NS}/categories/9`, { description: 'Twelve bars' })
      .reply(200, termFixture(9));
    nock(ORIGIN).delete(`${NS}/categories/9`).reply(200, termFixture(9));
    await unitClient().categories.get(2);
    await unitClient().categories.create({ name: 'Blues', parent: 1 });
    await unitClient().categories.update(9, { description: 'Twelve bars' });
    await unitClient().categories.delete(9);
  });

  it('refuses post and event naming different events (they are aliases)', async () => {
    await expect(unitClient().categories.list({ post: 1, event: 2 })).rejects.toThrow(
      /event is an alias of post/,
    );
  });

  it('refuses an unknown orderby and order before sending', async () => {
    await expect(
      unitClient().categories.list({ orderby: 'colour' as 'name' }),
    ).rejects.toBeInstanceOf(RequestValidationError);
    await expect(unitClient().categories.list({ order: 'up' as 'asc' })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
  });

  it('requires a name to create a category', async () => {
    const error = (await unitClient()
      .categories.create({} as never)
      .catch((caught: unknown) => caught)) as RequestValidationError;
    expect(error.issues).toEqual([{ path: 'name', message: 'is required' }]);
  });
});

describe('calendar.tags requests', () => {
  it('list GETs /tags; get, create, update and delete reach /tags/{id}', async () => {
    nock(ORIGIN)
      .get(`${NS}/tags`)
      .query({ hide_empty: 'false', event: '108' })
      .reply(200, listFixture('tags', [termFixture(5)], 1, 1, 1));
    nock(ORIGIN).get(`${NS}/tags/5`).reply(200, termFixture(5));
    nock(ORIGIN).post(`${NS}/tags`, { name: 'Indoor' }).reply(201, termFixture(9));
    nock(ORIGIN).put(`${NS}/tags/9`, { slug: 'inside' }).reply(200, termFixture(9));
    nock(ORIGIN).delete(`${NS}/tags/9`).reply(200, termFixture(9));
    await unitClient().tags.list({ hide_empty: false, event: 108 });
    await unitClient().tags.get(5);
    await unitClient().tags.create({ name: 'Indoor' });
    await unitClient().tags.update(9, { slug: 'inside' });
    await unitClient().tags.delete(9);
  });

  it('refuses a parent filter on tags by name, before any request (tags are flat)', async () => {
    await expect(unitClient().tags.list({ parent: 1 } as never)).rejects.toThrow(
      /query of calendar\.tags\.list: has unknown field parent/,
    );
  });
});
