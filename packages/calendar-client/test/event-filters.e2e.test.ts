import {
  AuthenticationError,
  BadRequestError,
  type EventFilters,
  PermissionDeniedError,
  RequestValidationError,
} from '@clientkit/calendar-client';
import { describe, expect, it } from 'vitest';
import { useCalendarServer } from './support/e2e';

/**
 * The clock stands at 2026-06-15 12:00 UTC (site time zone UTC). The seed's published events, by
 * start: 100 (May 16, past), 101 (June 5, past), 103 (June 14 to 16), 102 (June 15 06:00),
 * 104 (June 15 18:00), 105 (June 17 00:00 UTC), 109 (June 17 15:00), 110 (June 18 18:00,
 * protected), 108 (June 19 22:00 UTC, all day in Paris), 106 (June 24), 107 (July 1),
 * 113 (2027-01-01), 114 (2028-08-23, past the 24-month window).
 */
const calendar = useCalendarServer();

async function ids(filters: EventFilters, client = calendar.anonymous): Promise<number[]> {
  const events = await client.events.list({ per_page: 50, ...filters }).toArray();
  return events.map((event) => event.id);
}

describe('GET /events date window', () => {
  it('defaults to events from the start of today to 24 months later', async () => {
    expect(await ids({})).toEqual([102, 104, 105, 109, 110, 108, 106, 107, 113]);
  });

  it('widens start_date to the whole day unless strict_dates is set', async () => {
    expect(await ids({ start_date: '2026-06-15 14:00:00', end_date: '2026-06-15' })).toEqual([
      102, 104,
    ]);
    expect(
      await ids({
        start_date: '2026-06-15 14:00:00',
        end_date: '2026-06-15 23:00:00',
        strict_dates: true,
      }),
    ).toEqual([104]);
  });

  it('keeps events ending on the day of end_date (or by its exact time with strict_dates)', async () => {
    expect(await ids({ end_date: '2026-06-17 12:00:00' })).toEqual([102, 104, 105, 109]);
    expect(await ids({ end_date: '2026-06-17 12:00:00', strict_dates: true })).toEqual([
      102, 104, 105,
    ]);
  });

  it('defaults end_date to 24 months after start_date', async () => {
    expect(await ids({ start_date: '2026-09-01' })).toEqual([113, 114]);
    expect(await ids({ start_date: '2026-08-01' })).toEqual([113]);
  });

  it('lists past events when start_date reaches back', async () => {
    expect(await ids({ start_date: '2026-05-01', end_date: '2026-06-14' })).toEqual([100, 101]);
  });

  it('bounds the start with starts_after and starts_before, whole days unless strict_dates', async () => {
    const window = { end_date: '2026-07-31' };
    expect(await ids({ ...window, starts_after: '2026-06-17 12:00:00' })).toEqual([
      105, 109, 110, 108, 106, 107,
    ]);
    expect(
      await ids({ ...window, starts_after: '2026-06-17 12:00:00', strict_dates: true }),
    ).toEqual([109, 110, 108, 106, 107]);
    expect(await ids({ starts_before: '2026-06-17 12:00:00' })).toEqual([102, 104, 105, 109]);
    expect(await ids({ starts_before: '2026-06-17 12:00:00', strict_dates: true })).toEqual([
      102, 104, 105,
    ]);
  });

  it('bounds the end with ends_after and ends_before, whole days unless strict_dates', async () => {
    const window = { end_date: '2026-06-30' };
    expect(await ids({ ...window, ends_after: '2026-06-18 20:30:00' })).toEqual([110, 108, 106]);
    expect(await ids({ ...window, ends_after: '2026-06-18 20:30:00', strict_dates: true })).toEqual(
      [108, 106],
    );
    expect(await ids({ ends_before: '2026-06-17 12:00:00' })).toEqual([102, 104, 105, 109]);
    expect(await ids({ ends_before: '2026-06-17 12:00:00', strict_dates: true })).toEqual([
      102, 104, 105,
    ]);
  });

  it('reads dates as a Date, ISO 8601 with an offset, or a Unix timestamp alike', async () => {
    const instant = Date.parse('2026-06-17T14:00:00Z');
    const base = { strict_dates: true, end_date: '2026-06-19' };
    const expected = [109, 110];
    expect(await ids({ ...base, starts_after: new Date(instant) })).toEqual(expected);
    expect(await ids({ ...base, starts_after: '2026-06-17T10:00:00-04:00' })).toEqual(expected);
    expect(await ids({ ...base, starts_after: String(instant / 1000) })).toEqual(expected);
  });

  it('answers 400 rest_invalid_param naming a date filter that is not a date-time', async () => {
    await expect(calendar.anonymous.events.list({ start_date: 'soon' })).rejects.toBeInstanceOf(
      RequestValidationError,
    );
    const { status, body } = await calendar.raw('/events?start_date=soon&ends_after=2026-13-01');
    expect(status).toBe(400);
    expect(body.code).toBe('rest_invalid_param');
    expect(Object.keys(body.data?.params ?? {}).sort()).toEqual(['ends_after', 'start_date']);
  });

  it('ignores every date filter when include is given, and still applies the others', async () => {
    const include = [100, 103, 111, 114];
    expect(await ids({ include, start_date: '2026-06-15', end_date: '2026-06-15' })).toEqual([
      100, 103, 114,
    ]);
    expect(await ids({ include, categories: [3] })).toEqual([114]);
  });
});

describe('GET /events other filters', () => {
  it('search matches text in the title or the description, in any case', async () => {
    expect(await ids({ search: 'JAZZ' })).toEqual([105, 108, 106, 107]);
    expect(await ids({ search: 'archivist' })).toEqual([104]);
  });

  it('categories, tags, venue and organizer keep events matching any of the given ids', async () => {
    expect(await ids({ categories: [2] })).toEqual([105, 106, 107]);
    expect(await ids({ categories: [2, 3] })).toEqual([104, 105, 109, 106, 107]);
    expect(await ids({ tags: [5, 7] })).toEqual([102, 104, 108]);
    expect(await ids({ venue: [11] })).toEqual([102, 108]);
    expect(await ids({ organizer: [21] })).toEqual([105, 108, 106, 107]);
  });

  it('featured and ticketed keep events with (true) or without (false) the flag', async () => {
    expect(await ids({ featured: true })).toEqual([108, 113]);
    expect(await ids({ featured: false })).toEqual([102, 104, 105, 109, 110, 106, 107]);
    expect(await ids({ ticketed: true })).toEqual([109, 108, 113]);
    expect(await ids({ ticketed: false })).toEqual([102, 104, 105, 110, 106, 107]);
  });

  it('post_parent keeps the children of a recurring event', async () => {
    expect(await ids({ post_parent: 105 })).toEqual([106, 107]);
  });

  it('status lets editors list drafts, private and trashed events', async () => {
    const window = { end_date: '2026-12-31' };
    expect(await ids({ ...window, status: 'draft' }, calendar.editor)).toEqual([111]);
    expect(await ids({ ...window, status: 'private' }, calendar.editor)).toEqual([112]);
    expect(await ids({ ...window, status: 'trash' }, calendar.editor)).toEqual([115]);
    expect(await ids({}, calendar.editor)).toEqual(await ids({}));
  });

  it('status other than publish is 401 rest_forbidden_status anonymously and 403 for a subscriber', async () => {
    const anonymous = await calendar.anonymous.events
      .list({ status: 'draft' })
      .catch((error: unknown) => error);
    expect(anonymous).toBeInstanceOf(AuthenticationError);
    expect(anonymous).toMatchObject({ code: 'rest_forbidden_status' });
    const subscriber = await calendar.subscriber.events
      .list({ status: 'private' })
      .catch((error: unknown) => error);
    expect(subscriber).toBeInstanceOf(PermissionDeniedError);
    expect(subscriber).toMatchObject({ code: 'rest_forbidden_status' });
  });

  it('never shows drafts, private or trashed events to anonymous readers', async () => {
    const all = await ids({ start_date: '2026-01-01', end_date: '2029-12-31' });
    expect(all).not.toContain(111);
    expect(all).not.toContain(112);
    expect(all).not.toContain(115);
  });
});

describe('GET /events geolocation (professional add-on)', () => {
  it('refuses geoloc, geoloc_lat and geoloc_lng with 400 rest_invalid_param without the add-on', async () => {
    for (const filters of [{ geoloc: true }, { geoloc_lat: 40.78, geoloc_lng: -73.97 }]) {
      const error = await calendar.anonymous.events
        .list(filters)
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ code: 'rest_invalid_param' });
      expect(
        Object.keys(
          (error as BadRequestError & { body: { data: { params: object } } }).body.data.params,
        ),
      ).toEqual(Object.keys(filters));
    }
  });

  it('refuses geoloc_lat without geoloc_lng (and the reverse) even with the add-on', async () => {
    calendar.server.calendar.setProfessional(true);
    for (const [query, named] of [
      ['geoloc_lat=40', 'geoloc_lng'],
      ['geoloc_lng=-73', 'geoloc_lat'],
    ] as const) {
      const { status, body } = await calendar.raw(`/events?${query}`);
      expect(status).toBe(400);
      expect(body.code).toBe('rest_invalid_param');
      expect(Object.keys(body.data?.params ?? {})).toEqual([named]);
    }
  });

  it('with the add-on, geoloc keeps events whose venue has (true) or lacks (false) coordinates', async () => {
    calendar.server.calendar.setProfessional(true);
    expect(await ids({ geoloc: true })).toEqual([102, 105, 109, 110, 108, 106, 107, 113]);
    expect(await ids({ geoloc: false })).toEqual([104]);
  });

  it('with the add-on, geoloc_lat and geoloc_lng order events by the distance of their venue', async () => {
    calendar.server.calendar.setProfessional(true);
    const nearNewYork = await ids({ geoloc_lat: 40.78, geoloc_lng: -73.97 });
    expect(nearNewYork).toEqual([102, 108, 105, 109, 110, 106, 107, 113]);
    const nearBoston = await ids({ geoloc_lat: 42.36, geoloc_lng: -71.06 });
    expect(nearBoston.slice(-2)).toEqual([102, 108]);
  });

  it('turns the add-on off again on reset', async () => {
    calendar.server.calendar.setProfessional(true);
    calendar.server.reset();
    expect(calendar.server.calendar.professional).toBe(false);
    await expect(calendar.anonymous.events.list({ geoloc: true })).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });
});
