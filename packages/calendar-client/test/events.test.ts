import { RequestValidationError } from '@clientkit/calendar-client';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { eventFixture, listFixture } from './support/records';
import { NS, ORIGIN, unitClient, useNock } from './support/unit';

useNock();

const eventInput = {
  title: 'Jazz night',
  start_date: '2026-07-01 20:00:00',
  end_date: '2026-07-01 23:00:00',
};

async function validationIssues(promise: PromiseLike<unknown>) {
  const error = await Promise.resolve(promise).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues;
}

describe('calendar.events requests', () => {
  it('list GETs /events with every filter on the query string', async () => {
    nock(ORIGIN)
      .get(`${NS}/events`)
      .query({
        page: '2',
        per_page: '20',
        start_date: '2026-06-15T00:00:00Z',
        end_date: '2026-12-31 23:59:59',
        starts_before: '2026-12-01',
        starts_after: '1781704800',
        ends_before: '2026-12-31T23:00:00+01:00',
        ends_after: '2026-06-16',
        strict_dates: 'true',
        search: 'jazz',
        categories: '1,2',
        tags: '5',
        venue: '10,11',
        organizer: '20',
        featured: 'false',
        status: 'publish',
        geoloc: 'true',
        geoloc_lat: '40.78',
        geoloc_lng: '-73.97',
        include: '100,101',
        post_parent: '105',
        ticketed: 'true',
      })
      .reply(200, listFixture('events', [eventFixture(1)], 2, 2, 21));
    const page = await unitClient().events.list({
      page: 2,
      per_page: 20,
      start_date: new Date('2026-06-15T00:00:00Z'),
      end_date: '2026-12-31 23:59:59',
      starts_before: '2026-12-01',
      starts_after: '1781704800',
      ends_before: '2026-12-31T23:00:00+01:00',
      ends_after: '2026-06-16',
      strict_dates: true,
      search: 'jazz',
      categories: [1, 2],
      tags: [5],
      venue: [10, 11],
      organizer: [20],
      featured: false,
      status: 'publish',
      geoloc: true,
      geoloc_lat: 40.78,
      geoloc_lng: -73.97,
      include: [100, 101],
      post_parent: 105,
      ticketed: true,
    });
    expect(page.items.map((event) => event.id)).toEqual([1]);
    expect(page.hasNextPage()).toBe(false);
  });

  it('lowers per_page above 50 to 50, as the server would', async () => {
    nock(ORIGIN)
      .get(`${NS}/events`)
      .query({ per_page: '50' })
      .reply(200, listFixture('events', [], 1, 0, 0));
    await unitClient().events.list({ per_page: 500 });
  });

  it('get GETs /events/{id}, with the password of a protected event as a query parameter', async () => {
    nock(ORIGIN)
      .get(`${NS}/events/110`)
      .query({ password: 'opensesame' })
      .reply(200, eventFixture(110));
    const event = await unitClient().events.get(110, { password: 'opensesame' });
    expect(event.id).toBe(110);
  });

  it('getBySlug GETs /events/by-slug/{slug} with the slug percent-encoded', async () => {
    nock(ORIGIN).get(`${NS}/events/by-slug/caf%C3%A9%20night`).reply(200, eventFixture(1));
    await unitClient().events.getBySlug('café night');
  });

  it('create POSTs the fields as JSON and turns Date values into ISO 8601 text', async () => {
    nock(ORIGIN)
      .post(`${NS}/events`, {
        title: 'Jazz night',
        start_date: '2026-07-01T18:00:00Z',
        end_date: '2026-07-01 23:00:00',
        timezone: 'Europe/Paris',
        categories: [2],
        venue: [10],
        cost: 15,
      })
      .reply(201, eventFixture(200));
    const event = await unitClient().events.create({
      ...eventInput,
      start_date: new Date('2026-07-01T18:00:00Z'),
      timezone: 'Europe/Paris',
      categories: [2],
      venue: [10],
      cost: 15,
    });
    expect(event.id).toBe(200);
  });

  it('update, updateBySlug and a listing turn every Date into ISO 8601 text in UTC, to the second', async () => {
    nock(ORIGIN)
      .put(`${NS}/events/7`, { start_date: '2026-07-01T18:00:00Z', date: '2026-06-01T08:00:00Z' })
      .reply(200, eventFixture(7));
    nock(ORIGIN)
      .put(`${NS}/events/by-slug/e-7`, { end_date: '2026-07-01T21:30:00Z', title: 'Late' })
      .reply(200, eventFixture(7));
    nock(ORIGIN)
      .get(`${NS}/events`)
      .query({ starts_after: '2026-06-15T12:00:00Z', ends_before: '2026-06-30 23:59:59' })
      .reply(200, listFixture('events', [], 1, 0, 0));
    await unitClient().events.update(7, {
      start_date: new Date('2026-07-01T18:00:00.900Z'),
      date: new Date('2026-06-01T08:00:00Z'),
    });
    await unitClient().events.updateBySlug('e-7', {
      end_date: new Date('2026-07-01T21:30:00Z'),
      title: 'Late',
    });
    await unitClient().events.list({
      starts_after: new Date('2026-06-15T12:00:00Z'),
      ends_before: '2026-06-30 23:59:59',
    });
  });

  it('update PUTs /events/{id} with only the changes', async () => {
    nock(ORIGIN).put(`${NS}/events/7`, { featured: true }).reply(200, eventFixture(7));
    await unitClient().events.update(7, { featured: true });
  });

  it('updateBySlug PUTs /events/by-slug/{slug}; a slug in the body renames', async () => {
    nock(ORIGIN)
      .put(`${NS}/events/by-slug/old-name`, { slug: 'new-name' })
      .reply(200, eventFixture(7));
    await unitClient().events.updateBySlug('old-name', { slug: 'new-name' });
  });

  it('delete and deleteBySlug send DELETE and resolve to the trashed event', async () => {
    nock(ORIGIN)
      .delete(`${NS}/events/7`)
      .reply(200, { ...eventFixture(7), status: 'trash' });
    nock(ORIGIN)
      .delete(`${NS}/events/by-slug/e-8`)
      .reply(200, { ...eventFixture(8), status: 'trash' });
    expect((await unitClient().events.delete(7)).status).toBe('trash');
    expect((await unitClient().events.deleteBySlug('e-8')).status).toBe('trash');
  });
});

describe('calendar.events pagination', () => {
  it('makes exactly 3 requests for 23 events at 10 per page and never asks for page 4', async () => {
    const ids = Array.from({ length: 23 }, (_, index) => index + 1);
    for (const page of [1, 2, 3]) {
      nock(ORIGIN)
        .get(`${NS}/events`)
        .query(page === 1 ? { per_page: '10' } : { per_page: '10', page: String(page) })
        .reply(
          200,
          listFixture(
            'events',
            ids.slice((page - 1) * 10, page * 10).map(eventFixture),
            page,
            3,
            23,
          ),
        );
    }
    const events = await unitClient().events.list({ per_page: 10 }).toArray();
    expect(events.map((event) => event.id)).toEqual(ids);
  });

  it('stops after the first page when total_pages is 0 (an empty listing is not an error)', async () => {
    nock(ORIGIN)
      .get(`${NS}/events`)
      .reply(200, listFixture('events', [], 1, 0, 0));
    const pages = [];
    for await (const page of unitClient().events.list().pages()) pages.push(page);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.hasNextPage()).toBe(false);
  });
});

describe('calendar.events client-side rules (nothing is sent)', () => {
  it('requires title, start_date and end_date to create', async () => {
    const issues = await validationIssues(unitClient().events.create({} as never));
    expect(issues.map((issue) => issue.path).sort()).toEqual(['end_date', 'start_date', 'title']);
    expect(issues[0]?.message).toBe('is required');
  });

  it('refuses any id but a positive whole number, with one message naming id', async () => {
    const refused = [{ path: 'id', message: 'must be a positive whole number' }];
    expect(await validationIssues(unitClient().events.get(-1))).toEqual(refused);
    expect(await validationIssues(unitClient().events.get('110' as never))).toEqual(refused);
    expect(await validationIssues(unitClient().events.get(1.5))).toEqual(refused);
    expect(await validationIssues(unitClient().events.delete(0))).toEqual(refused);
    expect(await validationIssues(unitClient().events.update('12' as never, {}))).toEqual(refused);
    expect(await validationIssues(unitClient().events.list({ categories: [1, -2] }))).toEqual([
      { path: 'categories[1]', message: 'must be a positive whole number' },
    ]);
  });

  it('refuses an empty slug, and a slug that is not text, with one message naming slug', async () => {
    const refused = [{ path: 'slug', message: 'must be a non-empty string' }];
    expect(await validationIssues(unitClient().events.getBySlug(''))).toEqual(refused);
    expect(await validationIssues(unitClient().events.deleteBySlug(12 as never))).toEqual(refused);
  });

  it('refuses text that is not a date-time, and an invalid Date', async () => {
    const message = 'must be a date-time: Y-m-d H:i:s, ISO 8601 or a Unix timestamp';
    expect(
      await validationIssues(unitClient().events.list({ start_date: 'next tuesday' })),
    ).toEqual([{ path: 'start_date', message }]);
    expect(
      await validationIssues(unitClient().events.list({ ends_after: new Date('nonsense') })),
    ).toEqual([{ path: 'ends_after', message }]);
    expect(
      await validationIssues(
        unitClient().events.create({ ...eventInput, end_date: '2026-02-30 10:00:00' }),
      ),
    ).toEqual([{ path: 'end_date', message }]);
    for (const beyond of ['999999999999', '9999-12-31T23:00:00-05:00', '2026-06-15T25:00:00Z']) {
      expect(await validationIssues(unitClient().events.list({ ends_before: beyond }))).toEqual([
        { path: 'ends_before', message },
      ]);
    }
  });

  it('refuses geoloc_lat without geoloc_lng and the reverse', async () => {
    expect(await validationIssues(unitClient().events.list({ geoloc_lat: 40 }))).toEqual([
      { path: 'geoloc_lng', message: 'is required when geoloc_lat is given' },
    ]);
    expect(await validationIssues(unitClient().events.list({ geoloc_lng: -73 }))).toEqual([
      { path: 'geoloc_lat', message: 'is required when geoloc_lng is given' },
    ]);
    expect(
      await validationIssues(unitClient().events.list({ geoloc_lat: 91, geoloc_lng: 0 })),
    ).toEqual([{ path: 'geoloc_lat', message: 'must be at most 90' }]);
  });

  it('refuses per_page and page that are not positive whole numbers, as it refuses ids', async () => {
    expect(await validationIssues(unitClient().events.list({ per_page: 0 }))).toEqual([
      { path: 'per_page', message: 'must be a positive whole number' },
    ]);
    expect(await validationIssues(unitClient().events.list({ page: 0 }))).toEqual([
      { path: 'page', message: 'must be a positive whole number' },
    ]);
    expect(await validationIssues(unitClient().events.list({ page: '2' as never }))).toEqual([
      { path: 'page', message: 'must be a positive whole number' },
    ]);
  });

  it('refuses an unknown time zone, a website that is not a URL, two venues and the trash status', async () => {
    const issues = await validationIssues(
      unitClient().events.create({
        ...eventInput,
        timezone: 'Mars/Olympus',
        website: 'not a url',
        venue: [10, 11],
        status: 'trash' as 'draft',
      }),
    );
    expect(issues.map((issue) => issue.path).sort()).toEqual([
      'status',
      'timezone',
      'venue',
      'website',
    ]);
    expect(issues.find((issue) => issue.path === 'venue')?.message).toBe(
      'must have at most 1 item',
    );
  });

  it('refuses a status filter that is not a publication status', async () => {
    expect(
      await validationIssues(unitClient().events.list({ status: 'published' as 'publish' })),
    ).toHaveLength(1);
  });
});
