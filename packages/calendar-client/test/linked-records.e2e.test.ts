import {
  AuthenticationError,
  GoneError,
  NotFoundError,
  type OrganizerFilters,
  PermissionDeniedError,
  type VenueFilters,
} from '@clientkit/calendar-client';
import { describe, expect, it } from 'vitest';
import { basicHeader, EDITOR_PASSWORD, useCalendarServer } from './support/e2e';

/**
 * Seeded venues: 10 Harbour Hall (Boston, coordinates, upcoming events), 11 Riverside Park
 * (New York, coordinates, upcoming), 12 Community Library (past events only), 13 Old Warehouse
 * (draft), 14 Empty Lot (no events). Organizers: 20 City Arts Council and 21 Jazz Collective
 * (upcoming), 22 Library Friends (past only), 23 Volunteer Network (none), 24 Secret Society (draft).
 */
const calendar = useCalendarServer();

const venueIds = async (filters: VenueFilters, client = calendar.anonymous) =>
  (await client.venues.list(filters).toArray()).map((venue) => venue.id);
const organizerIds = async (filters: OrganizerFilters, client = calendar.anonymous) =>
  (await client.organizers.list(filters).toArray()).map((organizer) => organizer.id);

describe('GET /venues and GET /organizers filters', () => {
  it('list published records by name', async () => {
    expect(await venueIds({})).toEqual([12, 14, 10, 11]);
    expect(await organizerIds({})).toEqual([20, 21, 22, 23]);
  });

  it('search looks in the name, description and the other text fields', async () => {
    expect(await venueIds({ search: 'springfield' })).toEqual([12]);
    expect(await venueIds({ search: 'WATERFRONT' })).toEqual([10]);
    expect(await organizerIds({ search: 'jazzcollective.example' })).toEqual([21]);
    expect(await organizerIds({ search: 'jam every week' })).toEqual([21]);
  });

  it('event keeps the venue and the organizers of one event', async () => {
    expect(await venueIds({ event: 108 })).toEqual([11]);
    expect(await organizerIds({ event: 108 })).toEqual([20, 21]);
    expect(await venueIds({ event: 104 })).toEqual([]);
  });

  it('has_events keeps records linked to any event, past or upcoming', async () => {
    expect(await venueIds({ has_events: true })).toEqual([12, 10, 11]);
    expect(await organizerIds({ has_events: true })).toEqual([20, 21, 22]);
    expect(await venueIds({ has_events: false })).toEqual(await venueIds({}));
  });

  it('only_with_upcoming keeps records with an event that has not ended', async () => {
    expect(await venueIds({ only_with_upcoming: true })).toEqual([10, 11]);
    expect(await organizerIds({ only_with_upcoming: true })).toEqual([20, 21]);
  });

  it('status shows drafts to editors and is 401 rest_forbidden_status anonymously', async () => {
    expect(await venueIds({ status: 'draft' }, calendar.editor)).toEqual([13]);
    expect(await organizerIds({ status: 'draft' }, calendar.editor)).toEqual([24]);
    const error = await calendar.anonymous.venues
      .list({ status: 'draft' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ code: 'rest_forbidden_status' });
  });

  it('pages with page and per_page and answers 404 for a page past the end', async () => {
    const page = await calendar.anonymous.venues.list({ per_page: 3, page: 2 });
    expect(page.items.map((venue) => venue.id)).toEqual([11]);
    expect(page.body).toMatchObject({ total: 4, total_pages: 2 });
    await expect(calendar.anonymous.venues.list({ per_page: 3, page: 3 })).rejects.toMatchObject({
      status: 404,
      code: 'venue-archive-page-not-found',
    });
    await expect(calendar.anonymous.organizers.list({ page: 2 })).rejects.toMatchObject({
      status: 404,
      code: 'organizer-archive-page-not-found',
    });
  });
});

describe('venue and organizer records', () => {
  it('read by id and by slug', async () => {
    const hall = await calendar.anonymous.venues.get(10);
    expect(hall).toMatchObject({
      venue: 'Harbour Hall',
      city: 'Boston',
      geo_lat: 42.3601,
      geo_lng: -71.0589,
      rest_url: `${calendar.apiRoot}/calendar/events/v1/venues/10`,
    });
    expect((await calendar.anonymous.venues.getBySlug('harbour-hall')).id).toBe(10);
    expect((await calendar.anonymous.organizers.getBySlug('jazz-collective')).id).toBe(21);
  });

  it('answer 404 venue-not-found and organizer-not-found for unknown or unpublished records', async () => {
    for (const request of [
      () => calendar.anonymous.venues.get(9999),
      () => calendar.anonymous.venues.get(13),
    ]) {
      const error = await request().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ code: 'venue-not-found' });
    }
    await expect(calendar.anonymous.organizers.getBySlug('secret-society')).rejects.toMatchObject({
      code: 'organizer-not-found',
    });
    await expect(calendar.anonymous.organizers.get(100)).rejects.toMatchObject({
      code: 'organizer-not-found',
    });
  });

  it('are created (201), updated by id or slug, and leave unmentioned fields alone', async () => {
    const { data: venue, response } = await calendar.editor.venues
      .create({ venue: 'Glass Pavilion', city: 'Cambridge', status: 'publish', show_map: 'false' })
      .withResponse();
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(venue.rest_url);
    expect(venue).toMatchObject({ slug: 'glass-pavilion', show_map: false, show_map_link: true });
    const updated = await calendar.editor.venues.update(venue.id, { zip: '02139' });
    expect(updated).toMatchObject({ city: 'Cambridge', zip: '02139' });
    const renamed = await calendar.editor.venues.updateBySlug('glass-pavilion', {
      venue: 'Glass House',
      address: null,
    });
    expect(renamed).toMatchObject({ venue: 'Glass House', slug: 'glass-pavilion', address: null });

    const organizer = await calendar.editor.organizers.create({
      organizer: 'Night Owls',
      email: 'owls@example.org',
    });
    expect(organizer).toMatchObject({ status: 'draft', email: 'owls@example.org' });
    const changed = await calendar.editor.organizers.updateBySlug('night-owls', { phone: '555' });
    expect(changed).toMatchObject({ phone: '555', email: 'owls@example.org' });
  });

  it('answer 400 rest_missing_callback_param when the name is missing', async () => {
    const response = await fetch(`${calendar.apiRoot}/calendar/events/v1/organizers`, {
      method: 'POST',
      headers: {
        authorization: basicHeader('editor', EDITOR_PASSWORD),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ email: 'x@example.org' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'rest_missing_callback_param',
      data: { status: 400, params: ['organizer'] },
    });
  });

  it('go to the trash on DELETE (200 with the record), and a second DELETE is 410', async () => {
    expect((await calendar.editor.venues.delete(14)).status).toBe('trash');
    const again = await calendar.editor.venues.delete(14).catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(GoneError);
    expect(again).toMatchObject({ code: 'venue-is-in-trash' });

    expect((await calendar.editor.organizers.deleteBySlug('volunteer-network')).status).toBe(
      'trash',
    );
    await expect(
      calendar.editor.organizers.deleteBySlug('volunteer-network'),
    ).rejects.toMatchObject({
      status: 410,
      code: 'organizer-is-in-trash',
    });
  });

  it('read back from the trash to an editor, with status trash, by id and by slug', async () => {
    await calendar.editor.venues.delete(14);
    expect(await calendar.editor.venues.get(14)).toMatchObject({ id: 14, status: 'trash' });
    expect(await calendar.editor.venues.getBySlug('empty-lot')).toMatchObject({ status: 'trash' });
    await calendar.editor.organizers.delete(23);
    expect(await calendar.editor.organizers.get(23)).toMatchObject({ id: 23, status: 'trash' });
  });

  it('answer 403 venue-not-accessible and organizer-not-accessible to others reading them in the trash', async () => {
    await calendar.editor.venues.delete(14);
    await calendar.editor.organizers.delete(23);
    for (const reader of [calendar.subscriber, calendar.anonymous]) {
      const venue = await reader.venues.get(14).catch((caught: unknown) => caught);
      expect(venue).toBeInstanceOf(PermissionDeniedError);
      expect(venue).toMatchObject({ status: 403, code: 'venue-not-accessible' });
      await expect(reader.organizers.getBySlug('volunteer-network')).rejects.toMatchObject({
        status: 403,
        code: 'organizer-not-accessible',
      });
    }
  });

  it('disappear from their events once trashed', async () => {
    await calendar.editor.venues.delete(11);
    await calendar.editor.organizers.delete(20);
    const festival = await calendar.anonymous.events.get(108);
    expect(festival.venue).toEqual([]);
    expect(festival.organizer.map((organizer) => organizer.id)).toEqual([21]);
    await expect(calendar.editor.events.update(108, { venue: [11] })).rejects.toMatchObject({
      code: 'rest_invalid_param',
    });
  });

  it('hide draft venues and organizers of an event from anonymous readers, not from editors', async () => {
    expect((await calendar.editor.events.get(111)).venue).toMatchObject({ id: 13 });
    await calendar.editor.events.update(111, { status: 'publish' });
    const gala = await calendar.anonymous.events.get(111);
    expect(gala.venue).toEqual([]);
    expect(gala.organizer).toEqual([]);
  });
});
