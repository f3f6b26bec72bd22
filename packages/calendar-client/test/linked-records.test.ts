import { RequestValidationError } from '@clientkit/calendar-client';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { listFixture, organizerFixture, venueFixture } from './support/records';
import { NS, ORIGIN, unitClient, useNock } from './support/unit';

useNock();

const kinds = [
  { name: 'venues', fixture: venueFixture, nameField: 'venue' },
  { name: 'organizers', fixture: organizerFixture, nameField: 'organizer' },
] as const;

for (const kind of kinds) {
  describe(`calendar.${kind.name} requests`, () => {
    const resource = () => unitClient()[kind.name];

    it(`list GETs /${kind.name} with page, per_page, search, event, has_events, only_with_upcoming and status`, async () => {
      nock(ORIGIN)
        .get(`${NS}/${kind.name}`)
        .query({
          page: '1',
          per_page: '5',
          search: 'boston',
          event: '108',
          has_events: 'true',
          only_with_upcoming: 'false',
          status: 'draft',
        })
        .reply(200, listFixture(kind.name, [kind.fixture(10)], 1, 1, 1));
      const page = await resource().list({
        page: 1,
        per_page: 5,
        search: 'boston',
        event: 108,
        has_events: true,
        only_with_upcoming: false,
        status: 'draft',
      });
      expect(page.items.map((item) => item.id)).toEqual([10]);
    });

    it(`get and getBySlug GET /${kind.name}/{id} and /${kind.name}/by-slug/{slug}`, async () => {
      nock(ORIGIN).get(`${NS}/${kind.name}/10`).reply(200, kind.fixture(10));
      nock(ORIGIN).get(`${NS}/${kind.name}/by-slug/harbour-hall`).reply(200, kind.fixture(10));
      expect((await resource().get(10)).id).toBe(10);
      expect((await resource().getBySlug('harbour-hall')).id).toBe(10);
    });

    it(`create POSTs /${kind.name}; update and updateBySlug PUT; delete and deleteBySlug DELETE`, async () => {
      nock(ORIGIN)
        .post(`${NS}/${kind.name}`, { [kind.nameField]: 'New place' })
        .reply(201, kind.fixture(30));
      nock(ORIGIN).put(`${NS}/${kind.name}/30`, { phone: '555' }).reply(200, kind.fixture(30));
      nock(ORIGIN)
        .put(`${NS}/${kind.name}/by-slug/v-30`, { phone: '556' })
        .reply(200, kind.fixture(30));
      nock(ORIGIN).delete(`${NS}/${kind.name}/30`).reply(200, kind.fixture(30));
      nock(ORIGIN).delete(`${NS}/${kind.name}/by-slug/v-30`).reply(200, kind.fixture(30));
      await resource().create({ [kind.nameField]: 'New place' } as never);
      await resource().update(30, { phone: '555' });
      await resource().updateBySlug('v-30', { phone: '556' });
      await resource().delete(30);
      await resource().deleteBySlug('v-30');
    });

    it(`requires the ${kind.nameField} name to create and integer ids, before sending`, async () => {
      const missing = await resource()
        .create({} as never)
        .catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(RequestValidationError);
      expect((missing as RequestValidationError).issues).toEqual([
        { path: kind.nameField, message: 'is required' },
      ]);
      await expect(resource().update(2.5, {})).rejects.toThrow(
        /id must be a positive whole number/,
      );
      await expect(resource().get(0)).rejects.toThrow(/id must be a positive whole number/);
      await expect(resource().list({ event: 0 })).rejects.toThrow(
        /event must be a positive whole number/,
      );
    });
  });
}

describe('venue and organizer fields', () => {
  it('turn a Date in date or date_utc into ISO 8601 text in UTC', async () => {
    nock(ORIGIN)
      .post(`${NS}/venues`, { venue: 'Hall', date_utc: '2026-06-01T08:00:00Z' })
      .reply(201, venueFixture(32));
    nock(ORIGIN)
      .put(`${NS}/organizers/by-slug/o-20`, { date: '2026-06-02T09:15:00Z' })
      .reply(200, organizerFixture(20));
    await unitClient().venues.create({ venue: 'Hall', date_utc: new Date('2026-06-01T08:00:00Z') });
    await unitClient().organizers.updateBySlug('o-20', { date: new Date('2026-06-02T09:15:00Z') });
    await expect(unitClient().venues.update(32, { date: new Date(Number.NaN) })).rejects.toThrow(
      /date must be a date-time/,
    );
  });

  it('accept map flags as booleans or as the text WordPress sends', async () => {
    nock(ORIGIN)
      .post(`${NS}/venues`, { venue: 'Hall', show_map: 'false', show_map_link: true })
      .reply(201, venueFixture(31));
    await unitClient().venues.create({ venue: 'Hall', show_map: 'false', show_map_link: true });
    await expect(
      unitClient().venues.create({ venue: 'Hall', show_map: 'maybe' as 'true' }),
    ).rejects.toBeInstanceOf(RequestValidationError);
  });

  it('refuse an organizer email that is not an address, but accept an empty one', async () => {
    await expect(
      unitClient().organizers.create({ organizer: 'Crew', email: 'not-an-address' }),
    ).rejects.toThrow(/email must be a valid email address/);
    nock(ORIGIN).put(`${NS}/organizers/20`, { email: '' }).reply(200, organizerFixture(20));
    await unitClient().organizers.update(20, { email: '' });
  });
});
