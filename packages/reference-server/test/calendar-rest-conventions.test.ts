import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

const ORIGIN = 'http://reference.test';
const ROOT = `${ORIGIN}/wp-json`;
const BASE = `${ROOT}/calendar/events/v1`;
const API_LINK = `<${ORIGIN}/wp-json/>; rel="https://api.w.org/"`;
const editor = `Basic ${Buffer.from('editor:EdiT oRPa ssW0 rdCa lEnD ar01').toString('base64')}`;

let server: ReferenceServer;
beforeAll(async () => {
  server = await createReferenceServer({ clock: { frozen: true } });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

describe('every calendar answer and the front page carry the REST root Link', () => {
  it.each([
    ['the REST root', () => server.fetch(`${ROOT}/`), 200],
    [
      'HEAD of the REST root (what WPAPI.discover sends)',
      () => server.fetch(`${ROOT}/`, { method: 'HEAD' }),
      200,
    ],
    ['the namespace index', () => server.fetch(BASE), 200],
    ['a record', () => server.fetch(`${BASE}/events/100`), 200],
    ['a listing', () => server.fetch(`${BASE}/venues`), 200],
    ['a missing record (404)', () => server.fetch(`${BASE}/events/999`), 404],
    ['an unknown route (404 rest_no_route)', () => server.fetch(`${ROOT}/wp/v2/posts`), 404],
    [
      'a write without credentials (401)',
      () => server.fetch(`${BASE}/tags`, { method: 'POST' }),
      401,
    ],
    [
      'a body over the limit (413)',
      () =>
        server.fetch(`${BASE}/tags`, {
          method: 'POST',
          headers: { authorization: editor, 'content-type': 'application/json' },
          body: 'x'.repeat(3 * 1024 * 1024),
        }),
      413,
    ],
  ] as const)('%s', async (_, send, status) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get('link')).toBe(API_LINK);
  });

  it('an injected fault under /wp-json carries it too', async () => {
    server.faults.add({ path: '/wp-json/calendar', status: 503 });
    const response = await server.fetch(`${BASE}/events`);
    expect(response.status).toBe(503);
    expect(response.headers.get('link')).toBe(API_LINK);
  });

  it('the site front page (GET and HEAD /) answers 200 HTML with the Link, for WPAPI.discover(site)', async () => {
    for (const method of ['GET', 'HEAD']) {
      const response = await server.fetch(`${ORIGIN}/`, { method });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('link')).toBe(API_LINK);
    }
  });

  it('the Link names the origin the request reached', async () => {
    const response = await server.fetch('http://127.0.0.1:9/wp-json/calendar/events/v1');
    expect(response.headers.get('link')).toBe(
      '<http://127.0.0.1:9/wp-json/>; rel="https://api.w.org/"',
    );
  });

  it('answers of the other interfaces do not carry it', async () => {
    const response = await server.fetch(`${ORIGIN}/v1/spaces/space_handbook`, {
      headers: { authorization: 'Bearer docs-dev-user-ada' },
    });
    expect(response.headers.get('link')).toBeNull();
  });

  it('the REST root index lists the calendar namespace and its routes', async () => {
    const root = await json(await server.fetch(`${ROOT}/`));
    expect(root).toMatchObject({ url: ORIGIN, namespaces: ['calendar/events/v1'] });
    expect(Object.keys(root.routes as object)).toContain('/calendar/events/v1/events/(?P<id>\\d+)');
  });
});

describe('_fields limits the answer to the named fields', () => {
  it('_fields=id,title on a record answers just those, in the record order', async () => {
    const response = await server.fetch(`${BASE}/events/100?_fields=title,id`);
    expect(response.status).toBe(200);
    expect(Object.keys(await json(response))).toEqual(['id', 'title']);
  });

  it('a dotted field keeps part of an object: _fields=id,start_date_details.year', async () => {
    const body = await json(
      await server.fetch(`${BASE}/events/100?_fields=id,start_date_details.year`),
    );
    expect(body).toEqual({ id: 100, start_date_details: { year: expect.any(String) } });
  });

  it('takes PHP list syntax too: _fields[]=id&_fields[]=slug', async () => {
    const body = await json(await server.fetch(`${BASE}/venues/10?_fields[]=id&_fields[]=slug`));
    expect(Object.keys(body)).toEqual(['id', 'slug']);
  });

  it("on a listing it names the listing's own fields, as WordPress does with the plugin's answers", async () => {
    const listing = await json(await server.fetch(`${BASE}/venues?_fields=total,total_pages`));
    expect(Object.keys(listing)).toEqual(['total', 'total_pages']);
    expect(await json(await server.fetch(`${BASE}/venues?_fields=id`))).toEqual({});
    const first = await json(await server.fetch(`${BASE}/venues?_fields=venues.0.id`));
    expect(first).toEqual({ venues: [{ id: expect.any(Number) }] });
  });

  it('leaves an error answer whole', async () => {
    const response = await server.fetch(`${BASE}/events/999?_fields=id`);
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ code: 'event-not-found', data: { status: 404 } });
  });
});

describe('_envelope wraps any answer as { body, status, headers } with HTTP 200', () => {
  it('a listing: its paging headers move into the envelope', async () => {
    const response = await server.fetch(`${BASE}/venues?per_page=2&_envelope`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-tec-total')).toBeNull();
    expect(response.headers.get('link')).toBe(API_LINK);
    const envelope = await json(response);
    expect(envelope.status).toBe(200);
    expect(envelope.headers).toEqual({
      'x-tec-total': expect.any(String),
      'x-tec-totalpages': expect.any(String),
    });
    expect((envelope.body as { venues: unknown[] }).venues).toHaveLength(2);
  });

  it('an error: 200, with the status and the WordPress error body inside', async () => {
    const response = await server.fetch(`${BASE}/events/999?_envelope=1`);
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({
      status: 404,
      body: { code: 'event-not-found', data: { status: 404 } },
      headers: {},
    });
  });

  it('a create: 201 and its Location inside', async () => {
    const response = await server.fetch(`${BASE}/tags?_envelope`, {
      method: 'POST',
      headers: { authorization: editor, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Enveloped' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    const envelope = await json(response);
    expect(envelope).toMatchObject({ status: 201, body: { name: 'Enveloped' } });
    expect((envelope.headers as Record<string, string>).location).toMatch(/\/tags\/\d+$/);
  });

  it('with _fields, the body inside is trimmed', async () => {
    const envelope = await json(await server.fetch(`${BASE}/events/100?_envelope&_fields=id`));
    expect(envelope).toEqual({ body: { id: 100 }, status: 200, headers: {} });
  });
});

describe('X-HTTP-Method-Override and ?_method= on a POST select the method', () => {
  function post(path: string, headers: Record<string, string> = {}) {
    return server.fetch(`${BASE}${path}`, {
      method: 'POST',
      headers: { authorization: editor, ...headers },
    });
  }

  it('POST with X-HTTP-Method-Override: DELETE trashes the event (what @wordpress/api-fetch sends)', async () => {
    const response = await post('/events/101', { 'x-http-method-override': 'DELETE' });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: 101, status: 'trash' });
    const again = await post('/events/101', { 'x-http-method-override': 'DELETE' });
    expect(again.status).toBe(410);
    expect(await json(again)).toMatchObject({ code: 'event-is-in-trash' });
  });

  it('POST ?_method=DELETE does the same, and wins over the header', async () => {
    const response = await post('/venues/10?_method=delete', { 'x-http-method-override': 'PUT' });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: 10, status: 'trash' });
  });

  it('a DELETE of a term by override deletes it', async () => {
    expect((await post('/tags/8?_method=DELETE')).status).toBe(200);
    expect((await server.fetch(`${BASE}/tags/8`)).status).toBe(404);
  });

  it('PATCH by override reads the body as the update', async () => {
    const response = await server.fetch(`${BASE}/venues/10`, {
      method: 'POST',
      headers: {
        authorization: editor,
        'x-http-method-override': 'PATCH',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ city: 'Salem' }),
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: 10, city: 'Salem' });
  });

  it('an overridden DELETE still needs an editor: 401 without credentials, nothing trashed', async () => {
    const response = await server.fetch(`${BASE}/events/101?_method=DELETE`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await json(await server.fetch(`${BASE}/events/101`))).toMatchObject({
      status: 'publish',
    });
  });

  it('a method the calendar has no route for is 404 rest_no_route', async () => {
    const response = await post('/events/101', { 'x-http-method-override': 'PURGE' });
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ code: 'rest_no_route' });
    expect((await post('/events?_method=DELETE')).status).toBe(404);
  });

  it('only a POST is overridden: GET ?_method=DELETE stays a read', async () => {
    const response = await server.fetch(`${BASE}/events/101?_method=DELETE`, {
      headers: { authorization: editor, 'x-http-method-override': 'DELETE' },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: 101, status: 'publish' });
  });
});
