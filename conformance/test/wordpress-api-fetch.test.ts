import apiFetch, { type APIFetchMiddleware } from '@wordpress/api-fetch';
import { addQueryArgs } from '@wordpress/url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CALENDAR, useCalendarConformance } from './calendar-harness';
import { rejectionOf } from './reference-server';

/**
 * @wordpress/api-fetch, the REST client of WordPress's own editor, against the calendar. In Node
 * it calls the global `fetch`. It needs the REST root (its root URL middleware) and credentials:
 * instead of the nonce a logged-in page has, a middleware sends the editor's application
 * password. Its own middlewares stay as they are: `_locale=user` on every request, and PUT,
 * PATCH and DELETE sent as POST with `X-HTTP-Method-Override`.
 */
const cal = useCalendarConformance();
const PATH = '/calendar/events/v1';

beforeAll(() => {
  apiFetch.use(apiFetch.createRootURLMiddleware(`${cal.url}/wp-json/`));
  const basicAuth: APIFetchMiddleware = (options, next) =>
    next({ ...options, headers: { ...options.headers, Authorization: cal.editor } });
  apiFetch.use(basicAuth);
});
afterEach(() => vi.restoreAllMocks());

interface Listing {
  events: { id: number }[];
  total: number;
  total_pages: number;
}

/** What went over the wire for each request api-fetch sent: method, URL and override header. */
function watchRequests(): { method: string; url: string; override: string | null }[] {
  const sent: { method: string; url: string; override: string | null }[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const request = new Request(input, init);
    sent.push({
      method: request.method,
      url: request.url,
      override: request.headers.get('x-http-method-override'),
    });
    return realFetch(input, init);
  });
  return sent;
}

describe('@wordpress/api-fetch: reads through the REST root', () => {
  it('reads the namespace index and an event by path', async () => {
    const index = (await apiFetch({ path: PATH })) as { namespace: string };
    expect(index.namespace).toBe('calendar/events/v1');
    const event = (await apiFetch({ path: `${PATH}/events/108` })) as { id: number };
    expect(event.id).toBe(108);
  });

  it('addQueryArgs sends lists as categories[0]=1 (PHP index syntax), which filter as ?categories=1 does', async () => {
    const path = addQueryArgs(`${PATH}/events`, { categories: [1] });
    expect(decodeURIComponent(path)).toContain('categories[0]=1');
    const listing = (await apiFetch({ path })) as Listing;
    const plain = (await (
      await fetch(`${cal.url}${CALENDAR}/events?categories=1`)
    ).json()) as Listing;
    expect(listing.events.map((event) => event.id)).toEqual(plain.events.map((event) => event.id));
  });

  it('_fields=id,title answers just those fields', async () => {
    const event = await apiFetch({ path: `${PATH}/events/108?_fields=id,title` });
    expect(event).toEqual({ id: 108, title: expect.any(String) });
  });

  it('_envelope turns a 404 into a 200 that api-fetch resolves, with the status and error inside', async () => {
    const envelope = await apiFetch({ path: `${PATH}/events/999?_envelope` });
    expect(envelope).toMatchObject({ status: 404, body: { code: 'event-not-found' } });
  });

  it('an error answer rejects with the WordPress error body', async () => {
    const error = await rejectionOf(apiFetch({ path: `${PATH}/events/999` }));
    expect(error).toMatchObject({ code: 'event-not-found', data: { status: 404 } });
  });
});

describe('@wordpress/api-fetch: paging', () => {
  it('with parse: false the answer carries X-TEC-Total and X-TEC-TotalPages, and page walks the listing', async () => {
    const response = (await apiFetch({
      path: `${PATH}/events?per_page=3`,
      parse: false,
    })) as Response;
    const totalPages = Number(response.headers.get('x-tec-totalpages'));
    const total = Number(response.headers.get('x-tec-total'));
    expect(totalPages).toBe(Math.ceil(total / 3));
    const seen = new Set<number>();
    for (let page = 1; page <= totalPages; page++) {
      const listing = (await apiFetch({
        path: `${PATH}/events?per_page=3&page=${page}`,
      })) as Listing;
      for (const event of listing.events) seen.add(event.id);
    }
    expect(seen.size).toBe(total);
  });
});

describe('@wordpress/api-fetch: writes, with its method override', () => {
  it('DELETE goes out as POST with X-HTTP-Method-Override: DELETE and trashes the event', async () => {
    const sent = watchRequests();
    const deleted = await apiFetch({ path: `${PATH}/events/109`, method: 'DELETE' });
    expect(deleted).toMatchObject({ id: 109, status: 'trash' });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: expect.stringContaining(`${CALENDAR}/events/109`),
        override: 'DELETE',
      },
    ]);
    const again = await rejectionOf(apiFetch({ path: `${PATH}/events/109`, method: 'DELETE' }));
    expect(again).toMatchObject({ code: 'event-is-in-trash', data: { status: 410 } });
  });

  it('reading back an event it trashed resolves to the event with status trash', async () => {
    await apiFetch({ path: `${PATH}/events/109`, method: 'DELETE' });
    const readBack = await apiFetch({ path: `${PATH}/events/109` });
    expect(readBack).toMatchObject({ id: 109, status: 'trash' });
  });

  it('reading back a venue it trashed resolves to the venue with status trash', async () => {
    await apiFetch({ path: `${PATH}/venues/14`, method: 'DELETE' });
    const readBack = await apiFetch({ path: `${PATH}/venues/14` });
    expect(readBack).toMatchObject({ id: 14, status: 'trash' });
  });

  it('creates an event, updates it by PUT (sent as an overridden POST) and deletes it', async () => {
    const created = (await apiFetch({
      path: `${PATH}/events`,
      method: 'POST',
      data: {
        title: 'Harbour concert',
        start_date: '2026-07-01 19:00:00',
        end_date: '2026-07-01 21:00:00',
        status: 'publish',
      },
    })) as { id: number; title: string };
    expect(created.title).toBe('Harbour concert');
    const sent = watchRequests();
    const updated = await apiFetch({
      path: `${PATH}/events/${created.id}`,
      method: 'PUT',
      data: { title: 'Harbour concert, moved indoors' },
    });
    expect(updated).toMatchObject({ id: created.id, title: 'Harbour concert, moved indoors' });
    expect(sent[0]).toMatchObject({ method: 'POST', override: 'PUT' });
    const deleted = await apiFetch({ path: `${PATH}/events/${created.id}`, method: 'DELETE' });
    expect(deleted).toMatchObject({ id: created.id, status: 'trash' });
  });

  it('creates a venue, updates it by PATCH and deletes it', async () => {
    const created = (await apiFetch({
      path: `${PATH}/venues`,
      method: 'POST',
      data: { venue: 'Pier 4', city: 'Boston' },
    })) as { id: number };
    const updated = await apiFetch({
      path: `${PATH}/venues/${created.id}`,
      method: 'PATCH',
      data: { city: 'Salem' },
    });
    expect(updated).toMatchObject({ id: created.id, venue: 'Pier 4', city: 'Salem' });
    const deleted = await apiFetch({ path: `${PATH}/venues/${created.id}`, method: 'DELETE' });
    expect(deleted).toMatchObject({ id: created.id, status: 'trash' });
  });
});
