/**
 * The calendar's `paginate()`: pages numbered with `page` and `per_page` until `total_pages`, each
 * page's records read from the property named after the listing's last path segment (`venues`,
 * `series`), as the plugin names them.
 */
import { APIResponseValidationError } from '@clientkit/calendar-client';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../test-support/unit';
import { listFixture, venueFixture } from './support/records';
import { NS, ORIGIN, unitClient, useNock } from './support/unit';

useNock();

describe('paginate()', () => {
  it('pages with page and per_page until total_pages, reading the items named after the path', async () => {
    nock(ORIGIN)
      .get(`${NS}/venues`)
      .query({ per_page: '1', city: 'Boston' })
      .reply(200, listFixture('venues', [venueFixture(10)], 1, 2, 2))
      .get(`${NS}/venues`)
      .query({ per_page: '1', city: 'Boston', page: '2' })
      .reply(200, listFixture('venues', [venueFixture(11)], 2, 2, 2));
    const venues = await unitClient()
      .paginate<{ id: number }>('venues', { per_page: 1, city: 'Boston' })
      .toArray();
    expect(venues.map((venue) => venue.id)).toEqual([10, 11]);
  });

  it('an answer without the items is an APIResponseValidationError naming the property', async () => {
    nock(ORIGIN).get(`${NS}/series`).reply(200, { total: 0, total_pages: 0 });
    const error = await rejectionOf(unitClient().paginate('series'));
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as Error).message).toContain('series');
  });
});
