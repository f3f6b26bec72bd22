import { APIResponseValidationError } from '@clientkit/calendar-client';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { eventFixture, organizerFixture, venueFixture } from './support/records';
import { NS, ORIGIN, unitClient, useNock } from './support/unit';

useNock();

const checked = () => unitClient({ validateResponses: true });

async function missingFields(promise: PromiseLike<unknown>): Promise<string[]> {
  const error = await Promise.resolve(promise).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(APIResponseValidationError);
  return (error as APIResponseValidationError).issues.map((issue) => issue.path).sort();
}

describe('calendar records carry the fields the plugin answers', () => {
  it('an event with date details, time zone abbreviation, cost details and global ids passes validation', async () => {
    const event = {
      ...eventFixture(7),
      cost: '$10',
      cost_details: { currency_symbol: '$', currency_position: 'prefix', values: ['10'] },
    };
    nock(ORIGIN).get(`${NS}/events/7`).reply(200, event);
    const read = await checked().events.get(7);
    expect(read.start_date_details.hour).toBe('19');
    expect(read.cost_details.values).toEqual(['10']);
    expect(read.global_id_lineage).toEqual([read.global_id]);
  });

  it('an event without the derived fields fails response validation, naming each', async () => {
    const {
      start_date_details,
      end_date_details,
      utc_start_date_details,
      utc_end_date_details,
      timezone_abbr,
      cost_details,
      global_id,
      global_id_lineage,
      ...bare
    } = eventFixture(7);
    nock(ORIGIN).get(`${NS}/events/7`).reply(200, bare);
    expect(await missingFields(checked().events.get(7))).toEqual([
      'cost_details',
      'end_date_details',
      'global_id',
      'global_id_lineage',
      'start_date_details',
      'timezone_abbr',
      'utc_end_date_details',
      'utc_start_date_details',
    ]);
  });

  it('a venue without excerpt or global ids fails response validation', async () => {
    const { excerpt, global_id, global_id_lineage, ...bare } = venueFixture(3);
    nock(ORIGIN).get(`${NS}/venues/3`).reply(200, bare);
    expect(await missingFields(checked().venues.get(3))).toEqual([
      'excerpt',
      'global_id',
      'global_id_lineage',
    ]);
  });

  it('an organizer without excerpt or global ids fails response validation', async () => {
    const { excerpt, global_id, global_id_lineage, ...bare } = organizerFixture(4);
    nock(ORIGIN).get(`${NS}/organizers/4`).reply(200, bare);
    expect(await missingFields(checked().organizers.get(4))).toEqual([
      'excerpt',
      'global_id',
      'global_id_lineage',
    ]);
  });
});
