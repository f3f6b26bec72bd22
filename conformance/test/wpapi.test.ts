import { beforeAll, describe, expect, it } from 'vitest';
import WPAPI from 'wpapi';
import { CALENDAR, useCalendarConformance } from './calendar-harness';
import { rejectionOf } from './reference-server';

/**
 * node-wpapi, WordPress's own REST client for Node, against the calendar: it finds the REST root
 * by the api.w.org Link, builds its routes from the REST root index, sends lists in PHP syntax
 * (`categories[]=1`) and writes with JSON bodies and HTTP Basic credentials.
 */
const cal = useCalendarConformance();
const NAMESPACE = 'calendar/events/v1';

type Collection = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
type CalendarRoutes = Record<Collection, () => WPAPI.WPRequest>;

interface Listing {
  events?: { id: number; categories: { id: number }[] }[];
  total: number;
  total_pages: number;
  _paging?: unknown;
}

let site: WPAPI;
let calendar: CalendarRoutes;
beforeAll(async () => {
  site = await WPAPI.discover(`${cal.url}/wp-json/`);
  calendar = site.namespace(NAMESPACE) as unknown as CalendarRoutes;
});

const asEditor = (request: WPAPI.WPRequest) => request.auth(cal.editorLogin);

async function plainIds(query: string): Promise<number[]> {
  const response = await fetch(`${cal.url}${CALENDAR}/events?${query}`);
  return ((await response.json()) as Listing).events!.map((event) => event.id);
}

describe('node-wpapi: discovery', () => {
  it('WPAPI.discover(<origin>/wp-json/) follows the api.w.org Link and binds the calendar routes of the REST root index', async () => {
    expect(Object.keys(calendar)).toEqual(
      expect.arrayContaining(['events', 'venues', 'organizers', 'categories', 'tags']),
    );
    expect(calendar.events().id(108).toString()).toBe(`${cal.url}${CALENDAR}/events/108`);
    const event = (await calendar.events().id(108).get()) as { id: number };
    expect(event.id).toBe(108);
  });

  it('WPAPI.discover(<origin>) finds the same root through the Link of the site front page', async () => {
    const fromSite = await WPAPI.discover(cal.url);
    const routes = fromSite.namespace(NAMESPACE) as unknown as CalendarRoutes;
    expect(routes.venues().id(10).toString()).toBe(`${cal.url}${CALENDAR}/venues/10`);
  });
});

describe('node-wpapi: array filters in PHP syntax', () => {
  it('param("categories", [1]) goes out as categories[]=1 and filters as ?categories=1 does', async () => {
    const request = calendar.events().param('categories', [1]);
    expect(decodeURIComponent(request.toString())).toMatch(/\?categories\[\]=1$/);
    const listing = (await request.get()) as Listing;
    const ids = listing.events!.map((event) => event.id);
    expect(ids).toEqual(await plainIds('categories=1'));
    expect(ids).not.toEqual(await plainIds(''));
  });

  it('param("include", [105]) answers only that event', async () => {
    const listing = (await calendar.events().param('include', [105]).get()) as Listing;
    expect(listing.events!.map((event) => event.id)).toEqual([105]);
  });

  it('param("categories", ["abc"]) is refused 400 rest_invalid_param, as ?categories=abc is', async () => {
    const error = await rejectionOf(calendar.events().param('categories', ['abc']).get());
    expect(error).toMatchObject({ code: 'rest_invalid_param', data: { status: 400 } });
  });
});

describe('node-wpapi: global parameters', () => {
  it('_fields=id,title answers just those fields of an event', async () => {
    const event = await calendar.events().id(108).param('_fields', 'id,title').get();
    expect(event).toEqual({ id: 108, title: expect.any(String) });
  });

  it("_fields as a list (_fields[]=total&_fields[]=total_pages) keeps those of the listing's fields", async () => {
    const listing = await calendar.venues().param('_fields', ['total', 'total_pages']).get();
    expect(Object.keys(listing as object)).toEqual(['total', 'total_pages']);
  });

  it('_envelope answers a missing event with 200 and the 404 inside, which node-wpapi resolves', async () => {
    const envelope = await calendar.events().id(999).param('_envelope', 1).get();
    expect(envelope).toMatchObject({ status: 404, body: { code: 'event-not-found' }, headers: {} });
  });
});

describe('node-wpapi: paging', () => {
  it('perPage and page walk the listing; the totals are in the body and in X-TEC-Total(Pages), not in X-WP-Total(Pages)', async () => {
    const first = (await calendar.events().perPage(2).page(1).get()) as Listing;
    expect(first.total_pages).toBeGreaterThan(1);
    // The plugin sends its own totals headers only, so node-wpapi builds no _paging.
    expect(first._paging).toBeUndefined();
    const headers = (await calendar.events().perPage(2).headers()) as Record<string, string>;
    expect(headers['x-tec-total']).toBe(String(first.total));
    expect(headers['x-tec-totalpages']).toBe(String(first.total_pages));
    expect(headers['x-wp-totalpages']).toBeUndefined();
    const seen: number[] = [];
    for (let page = 1; page <= first.total_pages; page++) {
      const listing = (await calendar.events().perPage(2).page(page).get()) as Listing;
      seen.push(...listing.events!.map((event) => event.id));
    }
    expect(new Set(seen).size).toBe(first.total);
  });

  it('a page past the end is refused 404 event-archive-page-not-found', async () => {
    const error = await rejectionOf(calendar.events().perPage(50).page(9).get());
    expect(error).toMatchObject({ code: 'event-archive-page-not-found' });
  });
});

describe('node-wpapi: writes with an application password', () => {
  it('creates, updates and deletes an event', async () => {
    const created = (await asEditor(calendar.events()).create({
      title: 'Harbour concert',
      start_date: '2026-07-01 19:00:00',
      end_date: '2026-07-01 21:00:00',
      categories: [1],
      status: 'publish',
    })) as { id: number; title: string; categories: { id: number }[] };
    expect(created).toMatchObject({ title: 'Harbour concert', categories: [{ id: 1 }] });
    const updated = await asEditor(calendar.events().id(created.id)).update({ featured: true });
    expect(updated).toMatchObject({ id: created.id, featured: true });
    const deleted = await asEditor(calendar.events().id(created.id)).delete();
    expect(deleted).toMatchObject({ id: created.id, status: 'trash' });
    const readBack = await asEditor(calendar.events().id(created.id)).get();
    expect(readBack).toMatchObject({ id: created.id, status: 'trash' });
  });

  it('creates, updates and deletes a venue', async () => {
    const created = (await asEditor(calendar.venues()).create({
      venue: 'Pier 4',
      city: 'Boston',
    })) as { id: number };
    const updated = await asEditor(calendar.venues().id(created.id)).update({ city: 'Salem' });
    expect(updated).toMatchObject({ id: created.id, venue: 'Pier 4', city: 'Salem' });
    const deleted = await asEditor(calendar.venues().id(created.id)).delete();
    expect(deleted).toMatchObject({ id: created.id, status: 'trash' });
  });

  it('a write without credentials is refused 401 rest_forbidden', async () => {
    const error = await rejectionOf(calendar.tags().create({ name: 'Anonymous' }));
    expect(error).toMatchObject({ code: 'rest_forbidden', data: { status: 401 } });
  });
});
