/**
 * Mail's listings page by records: `count` records from `offset`, the next page starting past the
 * records read, until `TotalCount` or a short page. `paginate()` reads any such listing under
 * `<baseUrl>/servers/`; the rules every client's `paginate()` follows are in the conventions suite.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { rejectionOf, useNock } from '../../../test-support/unit';
import { MailClient } from '../src/index';

useNock();

const ORIGIN = 'http://mail.test';
const TOKEN = 'acct_conventions_secret';

const client = () => new MailClient({ baseUrl: ORIGIN, accountToken: TOKEN });
const api = () => nock(ORIGIN, { reqheaders: { 'x-mail-account-token': TOKEN } });

describe('paginate(): offset listings with count and offset, under <baseUrl>/servers/', () => {
  it('reads page after page, moving offset past the records read, until TotalCount', async () => {
    api()
      .get('/servers/')
      .query({ count: '2', offset: '0', name: 'a' })
      .reply(200, {
        TotalCount: 5,
        Servers: [{ ID: 1 }, { ID: 2 }],
      });
    api()
      .get('/servers/')
      .query({ count: '2', offset: '2', name: 'a' })
      .reply(200, {
        TotalCount: 5,
        Servers: [{ ID: 3 }, { ID: 4 }],
      });
    api()
      .get('/servers/')
      .query({ count: '2', offset: '4', name: 'a' })
      .reply(200, {
        TotalCount: 5,
        Servers: [{ ID: 5 }],
      });
    const ids: number[] = [];
    for await (const server of client().paginate<{ ID: number }>('', {
      count: 2,
      name: 'a',
    })) {
      ids.push(server.ID);
    }
    expect(ids).toEqual([1, 2, 3, 4, 5]);
  });

  it('asks for 100 records from offset 0 by default, and stops after a short page without TotalCount', async () => {
    api()
      .get('/servers/2/senders')
      .query({ count: '100', offset: '0' })
      .reply(200, { Senders: [{ ID: 'm1' }] });
    const page = await client().paginate('2/senders');
    expect(page.items).toEqual([{ ID: 'm1' }]);
    expect(page.hasNextPage()).toBe(false);
  });

  it('starts at the offset given, and stops at an empty page', async () => {
    api().get('/servers/').query({ count: '3', offset: '6' }).reply(200, { Servers: [] });
    expect(await client().paginate('', { count: 3, offset: 6 }).toArray()).toEqual([]);
  });

  it('refuses a count over 500 or an offset below 0, naming it, before any request', async () => {
    const tooMany = await rejectionOf(client().paginate('', { count: 501 }));
    expect((tooMany as Error).message).toBe(
      'Invalid arguments of mail.paginate: count must be at most 500',
    );
    const negative = await rejectionOf(client().paginate('', { offset: -1 }));
    expect((negative as Error).message).toBe(
      'Invalid arguments of mail.paginate: offset must be at least 0',
    );
  });
});
