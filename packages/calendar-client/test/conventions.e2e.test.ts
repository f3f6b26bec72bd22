/**
 * The shared conventions end to end: what the reference server answers to unknown fields, the
 * escape hatches and the base URL convention against it, and updates retried through faults.
 */
import {
  basicAuth,
  CalendarClient,
  NotFoundError,
  RequestValidationError,
} from '@clientkit/calendar-client';
import { describe, expect, it } from 'vitest';
import { basicHeader, EDITOR_PASSWORD, useCalendarServer } from './support/e2e';

const calendar = useCalendarServer();
const editorHeaders = {
  authorization: basicHeader('editor', EDITOR_PASSWORD),
  'content-type': 'application/json',
};

describe('unknown fields, end to end', () => {
  it('the server ignores an unknown body field, as WordPress does: the venue is created without it', async () => {
    const { status, body } = await calendar.raw('/venues', {
      method: 'POST',
      headers: editorHeaders,
      body: JSON.stringify({ venue: 'Harbour Hall', citty: 'Boston' }),
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ venue: 'Harbour Hall' });
    expect(body).not.toHaveProperty('citty');
  });

  it('the server ignores an unknown filter, as WordPress does', async () => {
    const filtered = await calendar.raw('/events?featured=true');
    const withUnknown = await calendar.raw('/events?featured=true&category=1');
    expect(withUnknown.status).toBe(200);
    expect(withUnknown.body.total).toBe(filtered.body.total);
  });

  it('the client refuses venues.create({ venue, citty }) before sending: no venue is created', async () => {
    const before = await calendar.editor.venues.list({ search: 'Lighthouse' }).toArray();
    const error = await calendar.editor.venues
      .create({ venue: 'Lighthouse Stage', citty: 'Boston' } as never)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(await calendar.editor.venues.list({ search: 'Lighthouse' }).toArray()).toEqual(before);
  });
});

describe('escape hatches, end to end', () => {
  it('request() reaches a route of the namespace with the client credentials', async () => {
    const changed = await calendar.editor.request<{ id: number; featured: boolean }>(
      'PATCH',
      'events/108',
      { body: { featured: false } },
    );
    expect(changed).toMatchObject({ id: 108, featured: false });
    const error = await calendar.anonymous
      .request('GET', 'events/by-slug/no-such-event')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('paginate() reads every page of a listing and stops on total_pages', async () => {
    const all = await calendar.anonymous.venues.list().toArray();
    const paged = await calendar.anonymous
      .paginate<{ id: number }>('venues', { per_page: 1 })
      .toArray();
    expect(paged.map((venue) => venue.id)).toEqual(all.map((venue) => venue.id));
    expect(paged.length).toBeGreaterThan(1);
  });
});

describe('base URL convention, end to end', () => {
  it('baseUrl (the origin) and apiRoot (the REST root) reach the same namespace', async () => {
    const byOrigin = new CalendarClient({ baseUrl: `${calendar.url}/`, retry: 0 });
    const byRoot = new CalendarClient({ apiRoot: calendar.apiRoot, retry: 0 });
    expect((await byOrigin.events.get(108)).id).toBe(108);
    expect((await byRoot.events.get(108)).id).toBe(108);
  });

  it('an update is retried through a 503 (sent as PUT) and applied once', async () => {
    calendar.server.faults.add({ path: '/wp-json/calendar', status: 503, retryAfter: 0, count: 1 });
    const editor = calendar.client({ auth: basicAuth('editor', EDITOR_PASSWORD), retry: 1 });
    const updated = await editor.tags.update(6, { description: 'Under the sky' });
    expect(updated.description).toBe('Under the sky');
  });
});
