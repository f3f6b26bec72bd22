import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

/**
 * Reads of trashed events, venues and organizers, over HTTP on loopback, as The Events Calendar's
 * single-record REST endpoints answer them: a trashed record goes to users who may edit it, with
 * `status: "trash"`, and is refused to everyone else.
 */
const basic = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const readers = {
  anonymous: {},
  subscriber: { authorization: basic('subscriber', 'SubS cRiB erPa ssW0 rdCa l001') },
  editor: { authorization: basic('editor', 'EdiT oRPa ssW0 rdCa lEnD ar01') },
};
const editor = readers.editor;

let server: ReferenceServer;
let base: string;
beforeAll(async () => {
  server = await createReferenceServer({ clock: { frozen: true } });
  const { url } = await server.listen(0, '127.0.0.1');
  base = `${url}/wp-json/calendar/events/v1`;
});
beforeEach(() => server.reset());
afterAll(() => server.close());

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** DELETE as @wordpress/api-fetch sends it: a POST with X-HTTP-Method-Override. */
const trash = (path: string) =>
  call(path, { method: 'POST', headers: { ...editor, 'x-http-method-override': 'DELETE' } });

describe('GET of a trashed event', () => {
  it('answers the trashed event to an editor, with status trash, by id and by slug', async () => {
    for (const path of ['/events/115', '/events/by-slug/cancelled-parade']) {
      const answer = await call(path, { headers: editor });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ id: 115, status: 'trash' });
    }
  });

  it.each([
    ['anonymous readers', readers.anonymous],
    ['subscribers', readers.subscriber],
  ])(
    'answers 403 event-not-accessible to %s, by id and by slug, and changes nothing',
    async (_who, headers) => {
      const before = server.inspect('calendar');
      for (const path of ['/events/115', '/events/by-slug/cancelled-parade']) {
        const answer = await call(path, { headers });
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ code: 'event-not-accessible', data: { status: 403 } });
        expect(answer.body.message).toContain('in the trash');
      }
      expect(server.inspect('calendar')).toEqual(before);
    },
  );

  it('answers the record when an event just trashed through the method override is read back by its editor', async () => {
    expect(await trash('/events/101')).toMatchObject({ status: 200, body: { status: 'trash' } });
    const readBack = await call('/events/101', { headers: editor });
    expect(readBack).toMatchObject({ status: 200, body: { id: 101, status: 'trash' } });
  });

  it('answers event-not-accessible rather than event-password-protected for a trashed protected event', async () => {
    await trash('/events/110');
    const answer = await call('/events/110?password=wrong');
    expect(answer).toMatchObject({ status: 403, body: { code: 'event-not-accessible' } });
  });

  it('keeps 410 event-is-in-trash for a second DELETE and for an update of the trashed event', async () => {
    const again = await trash('/events/115');
    expect(again).toMatchObject({ status: 410, body: { code: 'event-is-in-trash' } });
    const update = await call('/events/115', {
      method: 'PATCH',
      headers: { ...editor, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Parade, after all' }),
    });
    expect(update).toMatchObject({ status: 410, body: { code: 'event-is-in-trash' } });
  });

  it('still answers 404 event-not-found to anonymous readers of a draft: only the trash is told apart', async () => {
    const answer = await call('/events/111');
    expect(answer).toMatchObject({ status: 404, body: { code: 'event-not-found' } });
  });
});

describe('GET of a trashed venue or organizer', () => {
  const kinds = [
    ['venue', '/venues/10', '/venues/by-slug/harbour-hall'],
    ['organizer', '/organizers/22', '/organizers/by-slug/library-friends'],
  ] as const;

  it.each(kinds)(
    'answers the trashed %s to an editor, with status trash, by id and by slug',
    async (_kind, byId, bySlug) => {
      await trash(byId);
      for (const path of [byId, bySlug]) {
        const answer = await call(path, { headers: editor });
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({ status: 'trash' });
      }
    },
  );

  it.each(kinds)(
    'answers 403 %s-not-accessible to anonymous readers and subscribers, and changes nothing',
    async (kind, byId, bySlug) => {
      await trash(byId);
      const before = server.inspect('calendar');
      for (const headers of [readers.anonymous, readers.subscriber]) {
        for (const path of [byId, bySlug]) {
          const answer = await call(path, { headers });
          expect(answer.status).toBe(403);
          expect(answer.body).toMatchObject({
            code: `${kind}-not-accessible`,
            data: { status: 403 },
          });
        }
      }
      expect(server.inspect('calendar')).toEqual(before);
    },
  );

  it.each(kinds)('keeps 410 %s-is-in-trash for a second DELETE', async (kind, byId) => {
    await trash(byId);
    expect(await trash(byId)).toMatchObject({
      status: 410,
      body: { code: `${kind}-is-in-trash` },
    });
  });
});
