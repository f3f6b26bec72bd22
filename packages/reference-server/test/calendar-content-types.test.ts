import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarOperations } from '../src/apis/calendar/description';
import { createReferenceServer, type ReferenceServer } from '../src/index';

const ORIGIN = 'http://reference.test';
const BASE = `${ORIGIN}/wp-json/calendar/events/v1`;
const editor = `Basic ${Buffer.from('editor:EdiT oRPa ssW0 rdCa lEnD ar01').toString('base64')}`;

let server: ReferenceServer;
beforeAll(async () => {
  server = await createReferenceServer({ clock: { frozen: true } });
});
beforeEach(() => server.reset());
afterAll(() => server.close());

/** A record of each collection to update, by id and by slug. */
const targets: Record<string, { id: number; slug?: string }> = {
  events: { id: 108, slug: 'pottery-workshop' },
  venues: { id: 10, slug: 'harbour-hall' },
  organizers: { id: 20, slug: 'city-arts-council' },
  categories: { id: 3 },
  tags: { id: 6 },
};

/** A body each write would take if WordPress read it. */
const bodies: Record<string, { create: object; update: object }> = {
  events: {
    create: {
      title: 'Harbour concert',
      start_date: '2026-07-01 19:00:00',
      end_date: '2026-07-01 21:00:00',
    },
    update: { title: 'Renamed', featured: true },
  },
  venues: { create: { venue: 'Pier 4' }, update: { city: 'Salem' } },
  organizers: { create: { organizer: 'Dock Choir' }, update: { phone: '555-0100' } },
  categories: { create: { name: 'Harbour' }, update: { description: 'Changed' } },
  tags: { create: { name: 'Harbour' }, update: { description: 'Changed' } },
};

/** Every calendar write that takes a body, once per method: 29 of them. */
const writes = calendarOperations
  .filter((operation) => operation.body !== undefined)
  .flatMap((operation) =>
    operation.methods.map((method) => {
      const collection = operation.path.split('/')[1]!;
      const target = targets[collection]!;
      const path = operation.path
        .replace('{id}', String(target.id))
        .replace('{slug}', target.slug ?? '');
      const creates = operation.requiredBody !== undefined;
      const body = bodies[collection]![creates ? 'create' : 'update'];
      return { id: operation.id, method, path, creates, body };
    }),
  );

function send(write: (typeof writes)[number], contentType: string | undefined) {
  return server.fetch(`${BASE}${write.path}`, {
    method: write.method,
    headers: { authorization: editor, ...(contentType ? { 'content-type': contentType } : {}) },
    body: JSON.stringify(write.body),
  });
}

describe('a body that is neither JSON nor a form is ignored, as WordPress ignores it', () => {
  it('the table has the 29 writes that take a body', () => {
    expect(writes).toHaveLength(29);
  });

  describe.each(['text/plain', 'application/octet-stream', undefined])(
    'sent as %s',
    (contentType) => {
      it.each(writes)(
        '$id $method $path: a create is 400 rest_missing_callback_param, an update changes nothing (modified included)',
        async (write) => {
          await server.clock.advance('1h');
          const before = server.inspect('calendar');
          const response = await send(write, contentType);
          const answer = (await response.json()) as { code?: string };
          if (write.creates) {
            expect(response.status).toBe(400);
            expect(answer.code).toBe('rest_missing_callback_param');
          } else {
            expect(response.status).toBe(200);
          }
          expect(server.inspect('calendar')).toEqual(before);
        },
      );
    },
  );

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'application/ld+json',
    'application/json+oembed',
  ])('the same body labelled %s is read as JSON and stored', async (contentType) => {
    await server.clock.advance('1h');
    const update = writes.find(
      (write) => write.id === 'events.update' && write.method === 'PATCH',
    )!;
    const response = await send(update, contentType);
    expect(response.status).toBe(200);
    const event = (await response.json()) as { title: string; modified: string };
    expect(event.title).toBe('Renamed');
    const create = writes.find((write) => write.id === 'tags.create')!;
    expect((await send(create, contentType)).status).toBe(201);
  });

  it('an update whose JSON body changes nothing leaves modified as it was; one that changes a field moves it', async () => {
    const before = (await (await server.fetch(`${BASE}/venues/10`)).json()) as { modified: string };
    await server.clock.advance('1h');
    const same = await server.fetch(`${BASE}/venues/10`, {
      method: 'PATCH',
      headers: { authorization: editor, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await same.json()) as { modified: string }).modified).toBe(before.modified);
    const changed = await server.fetch(`${BASE}/venues/10`, {
      method: 'PATCH',
      headers: { authorization: editor, 'content-type': 'application/json' },
      body: JSON.stringify({ city: 'Salem' }),
    });
    expect(((await changed.json()) as { modified: string }).modified).not.toBe(before.modified);
  });
});
