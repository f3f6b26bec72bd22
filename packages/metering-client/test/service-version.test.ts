/**
 * Every request to the metering interface names the release it was written for in Service-Version,
 * the escape hatch's too.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { API_KEY, ORIGIN, unitClient, useNock } from './support/unit';

useNock();

describe('Service-Version', () => {
  it('request() sends Service-Version, as typed calls do, with the API key and the query', async () => {
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${API_KEY}` } })
      .matchHeader('service-version', /^\d{4}-/)
      .get('/v2/billing/meters')
      .query({ limit: '2' })
      .reply(200, { data: [{ id: 'mtr_1' }] });
    const answer = await unitClient().request<{ data: { id: string }[] }>('GET', 'meters', {
      query: { limit: 2 },
    });
    expect(answer.data[0]?.id).toBe('mtr_1');
  });
});
