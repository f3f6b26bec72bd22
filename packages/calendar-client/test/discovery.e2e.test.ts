import {
  CalendarClient,
  InternalServerError,
  NotFoundError,
  RequestValidationError,
} from '@clientkit/calendar-client';
import { EventListQuery } from '@clientkit/calendar-client/schemas';
import { describe, expect, it } from 'vitest';
import { EDITOR_PASSWORD, useCalendarServer } from './support/e2e';

const calendar = useCalendarServer();

describe('GET / (the namespace index)', () => {
  it('answers the namespace and every route with its methods and arguments', async () => {
    const index = await calendar.anonymous.getIndex();
    expect(index.namespace).toBe('calendar/events/v1');
    const routes = Object.keys(index.routes);
    for (const route of [
      '/calendar/events/v1',
      '/calendar/events/v1/doc',
      '/calendar/events/v1/events',
      '/calendar/events/v1/events/(?P<id>\\d+)',
      '/calendar/events/v1/events/by-slug/(?P<slug>[^/]+)',
      '/calendar/events/v1/venues/(?P<id>\\d+)',
      '/calendar/events/v1/organizers/by-slug/(?P<slug>[^/]+)',
      '/calendar/events/v1/categories/(?P<id>\\d+)',
      '/calendar/events/v1/tags',
    ]) {
      expect(routes).toContain(route);
    }
    const single = index.routes['/calendar/events/v1/events/(?P<id>\\d+)'];
    expect(single?.methods.sort()).toEqual(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']);
    const events = index.routes['/calendar/events/v1/events'];
    expect(events?.endpoints[1]?.args.title).toMatchObject({ required: true });
  });

  it('answers the same for the default namespace and 404 rest_invalid_namespace for another', async () => {
    const explicit = await calendar.anonymous.getIndex({
      namespace: 'calendar/events/v1',
      context: 'view',
    });
    expect(explicit.namespace).toBe('calendar/events/v1');
    const error = await calendar.anonymous
      .getIndex({ namespace: 'wp/v2' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'rest_invalid_namespace' });
  });
});

describe('GET /doc (the OpenAPI document)', () => {
  it('is OpenAPI 3.1 with every route and method of the namespace', async () => {
    const doc = await calendar.anonymous.getDoc();
    expect(doc.openapi).toBe('3.1.0');
    const paths = doc.paths as Record<string, Record<string, { operationId: string }>>;
    expect(Object.keys(paths).sort()).toEqual(
      [
        '/',
        '/doc',
        ...['events', 'venues', 'organizers'].flatMap((kind) => [
          `/${kind}`,
          `/${kind}/{id}`,
          `/${kind}/by-slug/{slug}`,
        ]),
        ...['categories', 'tags'].flatMap((kind) => [`/${kind}`, `/${kind}/{id}`]),
      ].sort(),
    );
    expect(Object.keys(paths['/events/{id}'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
      'post',
      'put',
    ]);
    expect(paths['/events/by-slug/{slug}']?.get?.operationId).toBe('events.getBySlug');
    expect(doc.servers).toEqual([{ url: `${calendar.apiRoot}/calendar/events/v1` }]);
  });

  it('documents the filters of GET /events from the schema the server validates with', async () => {
    const doc = await calendar.anonymous.getDoc();
    const list = (doc.paths as Record<string, Record<string, { parameters: { name: string }[] }>>)[
      '/events'
    ]?.get;
    const documented = list?.parameters.map((parameter) => parameter.name);
    expect(documented).toEqual(Object.keys(EventListQuery._zod.def.shape));
    const categories = list?.parameters.find((parameter) => parameter.name === 'categories');
    expect(categories).toMatchObject({ style: 'form', explode: false, schema: { type: 'array' } });
  });

  it('documents the record and body schemas as components, with references between them', async () => {
    const doc = await calendar.anonymous.getDoc();
    const schemas = (
      doc.components as {
        schemas: Record<string, { required?: string[]; properties: Record<string, unknown> }>;
      }
    ).schemas;
    expect(schemas.CreateEventBody?.required?.sort()).toEqual(['end_date', 'start_date', 'title']);
    expect(JSON.stringify(schemas.Event?.properties.venue)).toContain('#/components/schemas/Venue');
    expect(schemas.CalendarErrorBody?.required).toEqual(['code', 'message', 'data']);
  });
});

describe('listing envelopes and pages', () => {
  it('carry rest_url, next_rest_url, previous_rest_url, total, total_pages and the X-TEC headers', async () => {
    const { data: page, response } = await calendar.anonymous.events
      .list({ per_page: 4, page: 2 })
      .withResponse();
    expect(page.items).toHaveLength(4);
    expect(page.body).toMatchObject({ total: 9, total_pages: 3 });
    expect(page.body.rest_url).toContain('page=2');
    expect(page.body.next_rest_url).toContain('page=3');
    expect(page.body.previous_rest_url).toContain('page=1');
    expect(response.headers.get('x-tec-total')).toBe('9');
    expect(response.headers.get('x-tec-totalpages')).toBe('3');
    const last = await page.getNextPage();
    expect(last.body.next_rest_url).toBeUndefined();
    expect(last.hasNextPage()).toBe(false);
  });

  it('default to 10 per page and clamp per_page above 50 to 50', async () => {
    expect((await calendar.anonymous.venues.list()).body.total_pages).toBe(1);
    for (let index = 0; index < 6; index++) {
      await calendar.editor.tags.create({ name: `Tag ${index}` });
    }
    expect((await calendar.anonymous.tags.list({ hide_empty: false })).items).toHaveLength(10);
    const { status, body, headers } = await calendar.raw('/tags?hide_empty=false&per_page=51');
    expect(status).toBe(200);
    expect((body.tags as unknown[]).length).toBe(10);
    expect(headers.get('x-tec-totalpages')).toBe('1');
    const bigPages = await calendar.raw('/tags?hide_empty=false&per_page=1000');
    expect(bigPages.body.total_pages).toBe(1);
  });

  it('answer 404 event-archive-page-not-found for a page past the end, and 400 for per_page 0', async () => {
    const error = await calendar.anonymous.events
      .list({ page: 2 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'event-archive-page-not-found' });
    const zero = await calendar.raw('/events?per_page=0');
    expect(zero.status).toBe(400);
    expect(zero.body.data?.params).toEqual({ per_page: 'must be a positive whole number' });
  });

  it('answer page 1 of an empty listing with 200, total 0 and total_pages 0', async () => {
    const empty = await calendar.anonymous.events.list({ search: 'nothing matches this' });
    expect(empty.items).toEqual([]);
    expect(empty.body).toMatchObject({ total: 0, total_pages: 0 });
    expect(empty.hasNextPage()).toBe(false);
  });

  it('walk 23 events at 10 per page in exactly 3 requests, never reaching the 404 past the end', async () => {
    const category = await calendar.editor.categories.create({ name: 'Marathon' });
    for (let day = 1; day <= 23; day++) {
      await calendar.editor.events.create({
        title: `Session ${day}`,
        start_date: `2026-07-${String(day).padStart(2, '0')} 10:00:00`,
        end_date: `2026-07-${String(day).padStart(2, '0')} 11:00:00`,
        status: 'publish',
        categories: [category.id],
      });
    }
    const requests: { url: string; status: number }[] = [];
    const counting = new CalendarClient({
      apiRoot: calendar.apiRoot,
      validateResponses: true,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        requests.push({
          url: String(input instanceof Request ? input.url : input),
          status: response.status,
        });
        return response;
      },
    });
    const titles: string[] = [];
    for await (const event of counting.events.list({ categories: [category.id], per_page: 10 })) {
      titles.push(event.title);
    }
    expect(titles).toHaveLength(23);
    expect(titles[22]).toBe('Session 23');
    expect(requests).toHaveLength(3);
    expect(requests.every((request) => request.status === 200)).toBe(true);
  });
});

describe('errors of the interface', () => {
  it('answer 404 rest_no_route for an unknown route, a non-numeric id, or a method a route lacks', async () => {
    for (const [method, path] of [
      ['GET', '/nothing-here'],
      ['GET', '/events/abc'],
      ['DELETE', '/events'],
      ['PUT', '/categories'],
    ] as const) {
      const { status, body } = await calendar.raw(path, { method });
      expect(status).toBe(404);
      expect(body).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
    }
  });

  it('answer 400 rest_invalid_param naming each bad parameter by its top-level name', async () => {
    const { status, body } = await calendar.raw('/events?include=1,x&featured=maybe&per_page=ten');
    expect(status).toBe(400);
    expect(body.code).toBe('rest_invalid_param');
    expect(Object.keys(body.data?.params ?? {}).sort()).toEqual([
      'featured',
      'include',
      'per_page',
    ]);
    await expect(calendar.anonymous.events.list({ include: [1, 2] })).resolves.toBeDefined();
    await expect(
      calendar.anonymous.events.list({ include: ['x'] as unknown as number[] }),
    ).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('render injected faults in the WordPress error body, and the client retries reads through them', async () => {
    calendar.server.faults.add({ path: '/wp-json/calendar', status: 503, retryAfter: 0 });
    const retried = calendar.client({ retry: 1 });
    expect((await retried.events.get(108)).id).toBe(108);
    calendar.server.faults.add({ path: '/wp-json/calendar', status: 500 });
    const error = await calendar.anonymous.events.get(108).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).body).toMatchObject({
      code: 'internal_server_error',
      data: { status: 500 },
    });
  });

  it('never answer 500 to malformed input', async () => {
    const editor = {
      authorization: `Basic ${Buffer.from(`editor:${EDITOR_PASSWORD}`).toString('base64')}`,
    };
    const bodies = [
      '[]',
      '"text"',
      'null',
      '{"title": 5, "start_date": [], "end_date": {}}',
      '{"venue": "10"}',
    ];
    for (const body of bodies) {
      const { status } = await calendar.raw('/events', {
        method: 'POST',
        headers: { ...editor, 'content-type': 'application/json' },
        body,
      });
      expect(status).toBe(400);
    }
    const queries = [
      'geoloc_lat=abc&geoloc_lng=1',
      'start_date=2026-99-99',
      'page=-1',
      'status=any',
      'categories=,,',
    ];
    for (const query of queries) {
      expect((await calendar.raw(`/events?${query}`)).status).toBe(400);
    }
    const strangeAuth = await calendar.raw('/events', { headers: { authorization: 'Basic %%%' } });
    expect(strangeAuth.status).toBe(401);
  });
});
