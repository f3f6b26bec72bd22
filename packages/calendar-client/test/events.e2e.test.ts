import {
  BadRequestError,
  GoneError,
  NotFoundError,
  PermissionDeniedError,
} from '@clientkit/calendar-client';
import { describe, expect, it } from 'vitest';
import { basicHeader, EDITOR_PASSWORD, useCalendarServer } from './support/e2e';

const calendar = useCalendarServer();
const editorHeaders = {
  authorization: basicHeader('editor', EDITOR_PASSWORD),
  'content-type': 'application/json',
};

const jazzNight = {
  title: 'Jazz night',
  start_date: '2026-07-01 20:00:00',
  end_date: '2026-07-01 23:00:00',
};

describe('event records', () => {
  it('writes dates as Y-m-d H:i:s in the event time zone, with utc_start_date and utc_end_date', async () => {
    const jam = await calendar.anonymous.events.get(105);
    expect(jam).toMatchObject({
      timezone: 'America/New_York',
      start_date: '2026-06-16 20:00:00',
      end_date: '2026-06-16 23:00:00',
      utc_start_date: '2026-06-17 00:00:00',
      utc_end_date: '2026-06-17 03:00:00',
    });
  });

  it('carries its venue as an object, its organizers and terms as arrays, and [] when it has no venue', async () => {
    const festival = await calendar.anonymous.events.get(108);
    expect(festival.venue).toMatchObject({ id: 11, venue: 'Riverside Park', geo_lat: 40.8007 });
    expect(festival.organizer.map((organizer) => organizer.id)).toEqual([20, 21]);
    expect(festival.categories.map((term) => term.slug)).toEqual(['music']);
    expect(festival.tags.map((term) => term.slug)).toEqual(['family-friendly', 'outdoor']);
    expect(festival.image).toEqual({ id: null, url: 'https://festival.example.org/poster.jpg' });
    expect((await calendar.anonymous.events.get(104)).venue).toEqual([]);
  });

  it('is found by slug', async () => {
    expect((await calendar.anonymous.events.getBySlug('riverside-music-festival')).id).toBe(108);
  });

  it('answers 404 event-not-found for an unknown id or slug', async () => {
    for (const request of [
      () => calendar.anonymous.events.get(9999),
      () => calendar.anonymous.events.getBySlug('no-such-event'),
      () => calendar.anonymous.events.get(10),
    ]) {
      const error = await request().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ code: 'event-not-found' });
    }
  });

  it('answers 404 for drafts and private events to anonymous readers and subscribers, 200 to editors', async () => {
    for (const id of [111, 112]) {
      await expect(calendar.anonymous.events.get(id)).rejects.toBeInstanceOf(NotFoundError);
      await expect(calendar.subscriber.events.get(id)).rejects.toBeInstanceOf(NotFoundError);
      expect((await calendar.editor.events.get(id)).id).toBe(id);
    }
  });
});

describe('password-protected events', () => {
  it('answers 403 event-password-protected without the password or with a wrong one', async () => {
    for (const params of [{}, { password: 'guess' }]) {
      const error = await calendar.anonymous.events
        .get(110, params)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PermissionDeniedError);
      expect(error).toMatchObject({ code: 'event-password-protected' });
    }
    await expect(calendar.subscriber.events.getBySlug('members-preview')).rejects.toMatchObject({
      code: 'event-password-protected',
    });
  });

  it('answers the event when the password matches, by id or slug', async () => {
    const preview = await calendar.anonymous.events.get(110, { password: 'opensesame' });
    expect(preview.description).toBe('The secret set list');
    const bySlug = await calendar.anonymous.events.getBySlug('members-preview', {
      password: 'opensesame',
    });
    expect(bySlug.id).toBe(110);
  });

  it('opens to editors without the password', async () => {
    expect((await calendar.editor.events.get(110)).description).toBe('The secret set list');
  });

  it('is listed with its content withheld and password_protected set', async () => {
    const listed = (await calendar.anonymous.events.list({ include: [110] })).items[0];
    expect(listed).toMatchObject({
      id: 110,
      title: "Members' Preview",
      description: '',
      excerpt: '',
    });
    expect(listed?.password_protected).toBe(true);
  });
});

describe('POST /events', () => {
  it('answers 201 with the event and its Location; a new event is a draft by default', async () => {
    const { data, response } = await calendar.editor.events.create(jazzNight).withResponse();
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(data.rest_url);
    expect(data).toMatchObject({
      title: 'Jazz night',
      status: 'draft',
      slug: 'jazz-night',
      author: 2,
      timezone: 'UTC',
      all_day: false,
      website: null,
      cost: '',
      venue: [],
    });
    expect(data.date_utc).toBe('2026-06-15 12:00:00');
  });

  it('reads text dates in the event time zone and instants (ISO with offset, Date) as they are', async () => {
    const paris = await calendar.editor.events.create({
      ...jazzNight,
      timezone: 'Europe/Paris',
      end_date: new Date('2026-07-01T22:00:00Z'),
    });
    expect(paris).toMatchObject({
      start_date: '2026-07-01 20:00:00',
      utc_start_date: '2026-07-01 18:00:00',
      end_date: '2026-07-02 00:00:00',
      utc_end_date: '2026-07-01 22:00:00',
    });
  });

  it('stretches an all-day event from 00:00:00 of its first day to 23:59:59 of its last', async () => {
    const fair = await calendar.editor.events.create({
      title: 'Street fair',
      start_date: '2026-08-01 10:00:00',
      end_date: '2026-08-02 16:00:00',
      all_day: true,
    });
    expect(fair).toMatchObject({
      start_date: '2026-08-01 00:00:00',
      end_date: '2026-08-02 23:59:59',
    });
  });

  it('links terms, a venue and organizers, and makes a taken slug unique with -2', async () => {
    const event = await calendar.editor.events.create({
      ...jazzNight,
      title: 'Sunrise Yoga',
      status: 'publish',
      categories: [2],
      tags: [7],
      venue: [10],
      organizer: [21],
      cost: 12.5,
      featured: true,
    });
    expect(event.slug).toBe('sunrise-yoga-2');
    expect(event.venue).toMatchObject({ id: 10 });
    expect(event.organizer.map((organizer) => organizer.id)).toEqual([21]);
    expect(event.categories.map((term) => term.id)).toEqual([2]);
    expect(event.cost).toBe('12.5');
    expect((await calendar.anonymous.events.get(event.id)).featured).toBe(true);
  });

  it('answers 400 rest_missing_callback_param listing every missing required field', async () => {
    const { status, body } = await calendar.raw('/events', {
      method: 'POST',
      headers: editorHeaders,
      body: JSON.stringify({ start_date: '2026-07-01 20:00:00' }),
    });
    expect(status).toBe(400);
    expect(body.code).toBe('rest_missing_callback_param');
    expect(body.data?.params).toEqual(['title', 'end_date']);
  });

  it('answers 400 rest_invalid_param naming unknown terms, venue, organizer and author', async () => {
    const error = (await calendar.editor.events
      .create({
        ...jazzNight,
        categories: [1, 99],
        tags: [98],
        venue: [13000],
        organizer: [12],
        author: 77,
      })
      .catch((caught: unknown) => caught)) as BadRequestError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('rest_invalid_param');
    expect((error.body as { data: { params: object } }).data.params).toEqual({
      author: 'has no user with id 77',
      categories: 'has no category with id 99',
      tags: 'has no tag with id 98',
      venue: 'has no venue with id 13000',
      organizer: 'has no organizer with id 12',
    });
  });

  it('answers 400 rest_invalid_param when the end is before the start', async () => {
    await expect(
      calendar.editor.events.create({ ...jazzNight, end_date: '2026-07-01 19:00:00' }),
    ).rejects.toMatchObject({ status: 400, code: 'rest_invalid_param' });
  });

  it('answers 400 rest_invalid_json for a body that is not JSON', async () => {
    const { status, body } = await calendar.raw('/events', {
      method: 'POST',
      headers: editorHeaders,
      body: '{"title": ',
    });
    expect(status).toBe(400);
    expect(body.code).toBe('rest_invalid_json');
  });
});

describe('updating events (POST, PUT and PATCH alike)', () => {
  it('changes only the given fields', async () => {
    const updated = await calendar.editor.events.update(109, { cost: '45', featured: true });
    expect(updated).toMatchObject({ cost: '45', featured: true, title: 'Pottery Workshop' });
    expect(updated.modified_utc).toBe('2026-06-15 12:00:00');
  });

  it('treats POST, PUT and PATCH on /events/{id} the same', async () => {
    for (const [method, title] of [
      ['POST', 'Pottery I'],
      ['PUT', 'Pottery II'],
      ['PATCH', 'Pottery III'],
    ] as const) {
      const { status, body } = await calendar.raw('/events/109', {
        method,
        headers: editorHeaders,
        body: JSON.stringify({ title }),
      });
      expect(status).toBe(200);
      expect(body.title).toBe(title);
    }
  });

  it('keeps the wall-clock times when only the time zone changes', async () => {
    const moved = await calendar.editor.events.update(104, { timezone: 'America/Chicago' });
    expect(moved).toMatchObject({
      start_date: '2026-06-15 18:00:00',
      utc_start_date: '2026-06-15 23:00:00',
    });
  });

  it('clears terms with null and keeps them when left out', async () => {
    expect((await calendar.editor.events.update(108, { tags: null })).tags).toEqual([]);
    expect(
      (await calendar.editor.events.update(108, { title: 'Festival' })).categories,
    ).toHaveLength(1);
  });

  it('finds the event by slug, and a slug in the body renames it', async () => {
    const renamed = await calendar.editor.events.updateBySlug('pottery-workshop', {
      slug: 'Clay & Wheel',
    });
    expect(renamed).toMatchObject({ id: 109, slug: 'clay-wheel' });
    expect((await calendar.anonymous.events.getBySlug('clay-wheel')).id).toBe(109);
    await expect(calendar.anonymous.events.getBySlug('pottery-workshop')).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('answers 404 event-not-found for an unknown event', async () => {
    await expect(calendar.editor.events.update(9999, { title: 'x' })).rejects.toMatchObject({
      status: 404,
      code: 'event-not-found',
    });
  });
});

describe('DELETE /events/{id} (the trash)', () => {
  it('moves the event to the trash and answers 200 with it', async () => {
    const trashed = await calendar.editor.events.delete(109);
    expect(trashed).toMatchObject({ id: 109, status: 'trash' });
    const listed = await calendar.anonymous.events.list().toArray();
    expect(listed.map((event) => event.id)).not.toContain(109);
  });

  it('answers 410 event-is-in-trash when deleting an event already in the trash', async () => {
    await calendar.editor.events.delete(109);
    const again = await calendar.editor.events.delete(109).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(GoneError);
    expect(again).toMatchObject({ code: 'event-is-in-trash' });
    await expect(calendar.editor.events.deleteBySlug('cancelled-parade')).rejects.toMatchObject({
      status: 410,
      code: 'event-is-in-trash',
    });
  });

  it('answers 403 event-not-accessible to readers who may not edit a trashed event', async () => {
    for (const reader of [calendar.subscriber, calendar.anonymous]) {
      const refused = await reader.events.get(115).catch((caught: unknown) => caught);
      expect(refused).toBeInstanceOf(PermissionDeniedError);
      expect(refused).toMatchObject({ status: 403, code: 'event-not-accessible' });
      await expect(reader.events.getBySlug('cancelled-parade')).rejects.toMatchObject({
        code: 'event-not-accessible',
      });
    }
  });

  it('answers the trashed event, with status trash, to an editor reading back the event it just trashed', async () => {
    expect((await calendar.editor.events.delete(109)).status).toBe('trash');
    expect(await calendar.editor.events.get(109)).toMatchObject({ id: 109, status: 'trash' });
  });

  it('answers 410 event-is-in-trash to an editor updating a trashed event', async () => {
    await expect(calendar.editor.events.update(115, { title: 'x' })).rejects.toBeInstanceOf(
      GoneError,
    );
  });

  it('trashes by slug too', async () => {
    expect((await calendar.editor.events.deleteBySlug('sunrise-yoga')).status).toBe('trash');
  });
});
