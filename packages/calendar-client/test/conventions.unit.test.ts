/**
 * The conventions every client shares (issue 13): strict inputs, strict options, the base URL
 * convention (`baseUrl` or `apiRoot`), the request() and paginate() escape hatches, and ky's retry
 * options per client and per request. nock refuses any request a test did not mock.
 */
import {
  APIResponseValidationError,
  basicAuth,
  CalendarClient,
  InternalServerError,
  nonceAuth,
  RequestValidationError,
} from '@clientkit/calendar-client';
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../test-support/unit';
import { eventFixture, listFixture, venueFixture } from './support/records';
import { NS, ORIGIN, unitClient, useNock } from './support/unit';

useNock();

const busy = [
  503,
  { code: 'internal_server_error', message: 'busy', data: { status: 503 } },
  { 'retry-after': '0' },
] as const;

function issuesOf(error: unknown): string[] {
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues.map((i) => `${i.path} ${i.message}`.trim());
}

describe('unknown input fields', () => {
  it('an unknown body field is refused by name before any request (no venue with city null)', async () => {
    const error = await rejectionOf(
      unitClient().venues.create({ venue: 'Lighthouse Stage', citty: 'Boston' } as never),
    );
    expect(issuesOf(error)).toEqual(['has unknown field citty']);
    expect((error as Error).message).toContain('body of calendar.venues.create');
  });

  it('an unknown field of an update is refused by name before any request', async () => {
    const error = await rejectionOf(
      unitClient().events.update(7, { titel: 'Jazz', featured: true } as never),
    );
    expect(issuesOf(error)).toEqual(['has unknown field titel']);
  });

  it('an unknown filter is refused by name before any request', async () => {
    const error = await rejectionOf(
      unitClient().events.list({ featured: true, category: [1] } as never),
    );
    expect(issuesOf(error)).toEqual(['has unknown field category']);
    expect((error as Error).message).toContain('query of calendar.events.list');
  });

  it('an unknown field of a term is refused by name before any request', async () => {
    const error = await rejectionOf(
      unitClient().tags.create({ name: 'Jazz', colour: 'red' } as never),
    );
    expect(issuesOf(error)).toEqual(['has unknown field colour']);
  });

  it('an unknown request option is refused by name before any request', async () => {
    const error = await rejectionOf(unitClient().events.get(1, {}, { timeoutMs: 5 } as never));
    expect(issuesOf(error)).toEqual(['timeoutMs is not an option']);
  });
});

describe('client options', () => {
  it('an unknown client option (retries, timeoutMs) is refused by name', () => {
    const construct = () =>
      new CalendarClient({ baseUrl: ORIGIN, retries: 2, timeoutMs: 5 } as never);
    expect(construct).toThrow(RequestValidationError);
    expect(construct).toThrow(/retries is not an option/);
    expect(construct).toThrow(/timeoutMs is not an option/);
  });

  it('maxRetries, the option of 0.2, is refused by name', () => {
    expect(() => new CalendarClient({ baseUrl: ORIGIN, maxRetries: 0 } as never)).toThrow(
      /maxRetries is not an option/,
    );
  });

  it('exactly one of baseUrl and apiRoot: neither or both is refused by name', () => {
    expect(() => new CalendarClient({})).toThrow(/baseUrl must be given, or apiRoot, but not both/);
    expect(() => new CalendarClient({ baseUrl: ORIGIN, apiRoot: `${ORIGIN}/wp-json` })).toThrow(
      /baseUrl must be given, or apiRoot, but not both/,
    );
  });

  it('a relative baseUrl or apiRoot is refused, naming the option given', () => {
    expect(() => new CalendarClient({ baseUrl: 'calendar.test' })).toThrow(
      /baseUrl must be an absolute http\(s\) URL/,
    );
    expect(() => new CalendarClient({ apiRoot: '/wp-json' })).toThrow(
      /apiRoot must be an absolute http\(s\) URL/,
    );
  });
});

describe('baseUrl and apiRoot, checked by the skeleton at construction', () => {
  const construction = (options: Record<string, unknown>) => {
    try {
      new CalendarClient(options as never);
    } catch (error) {
      return error;
    }
    return undefined;
  };

  it('refuses a baseUrl ending with /wp-json, which the client appends, naming baseUrl', () => {
    for (const baseUrl of [`${ORIGIN}/wp-json`, `${ORIGIN}/wp-json/`, `${ORIGIN}/blog/WP-JSON`]) {
      const error = construction({ baseUrl });
      expect(issuesOf(error)).toEqual([
        expect.stringMatching(/^baseUrl must not end with \/wp-json: /),
      ]);
      expect((error as Error).message).toMatch(/^Invalid options of CalendarClient: baseUrl /);
    }
  });

  it('refuses a baseUrl ending with the namespace, with or without the REST root before it', () => {
    for (const baseUrl of [
      `${ORIGIN}/wp-json/calendar/events/v1`,
      `${ORIGIN}/api/calendar/events/v1/`,
    ]) {
      expect(issuesOf(construction({ baseUrl }))).toEqual([
        expect.stringMatching(/^baseUrl must not end with \/calendar\/events\/v1: /),
      ]);
    }
  });

  it('refuses an apiRoot ending with the namespace, naming apiRoot', () => {
    expect(issuesOf(construction({ apiRoot: `${ORIGIN}/wp-json/calendar/events/v1` }))).toEqual([
      expect.stringMatching(/^apiRoot must not end with \/calendar\/events\/v1: /),
    ]);
  });

  it('refuses a query string, a fragment or credentials in either, naming the option given', () => {
    for (const field of ['baseUrl', 'apiRoot']) {
      const root = field === 'baseUrl' ? ORIGIN : `${ORIGIN}/wp-json`;
      const withCredentials = root.replace('http://', 'http://editor:secret@');
      expect(issuesOf(construction({ [field]: `${root}?x=1` }))).toEqual([
        `${field} must not carry a query string`,
      ]);
      expect(issuesOf(construction({ [field]: `${root}#top` }))).toEqual([
        `${field} must not carry a fragment`,
      ]);
      expect(issuesOf(construction({ [field]: withCredentials }))).toEqual([
        `${field} must not carry credentials (user:password@)`,
      ]);
    }
  });

  it('keeps an apiRoot ending with /wp-json: that is the usual REST root', async () => {
    nock(ORIGIN).get(`${NS}/events/1`).reply(200, eventFixture(1));
    await unitClient({ apiRoot: `${ORIGIN}/wp-json` }).events.get(1);
  });
});

describe('credentials, checked at construction', () => {
  it('refuses an auth that no auth helper made, naming auth', () => {
    const error = (() => {
      try {
        new CalendarClient({
          baseUrl: ORIGIN,
          auth: { username: 'editor', password: 'x' },
        } as never);
      } catch (caught) {
        return caught;
      }
    })();
    expect(issuesOf(error)).toEqual([
      'auth must be credentials from an auth helper, such as basicAuth(user, password)',
    ]);
    expect((error as Error).message).toMatch(/^Invalid options of CalendarClient: auth /);
  });

  it('refuses an empty user name, application password or nonce when the helper is called', () => {
    expect(() => basicAuth('', 'app pass word')).toThrow(/username must be a non-empty string/);
    expect(() => basicAuth('editor', '')).toThrow(/password must be a non-empty string/);
    expect(() => nonceAuth('')).toThrow(
      'Invalid arguments of nonceAuth: nonce must be a non-empty string or a function that returns one',
    );
  });

  it('names every unknown option once and lists the known ones once', () => {
    const error = (() => {
      try {
        new CalendarClient({ baseUrl: ORIGIN, token: 't', apiKey: 'k' } as never);
      } catch (caught) {
        return caught;
      }
    })();
    expect(issuesOf(error)).toEqual(['token is not an option', 'apiKey is not an option']);
    const message = (error as Error).message;
    expect(message.match(/known: /g)).toHaveLength(1);
    expect(message).toContain('baseUrl, apiRoot, auth');
  });
});

describe('base URL convention', () => {
  it('takes the site origin and appends /wp-json/calendar/events/v1', async () => {
    nock(ORIGIN).get(`${NS}/events/1`).reply(200, eventFixture(1));
    await unitClient({ baseUrl: ORIGIN }).events.get(1);
  });

  it('takes the origin with a trailing slash alike', async () => {
    nock(ORIGIN).get(`${NS}/events/1`).reply(200, eventFixture(1));
    await unitClient({ baseUrl: `${ORIGIN}/` }).events.get(1);
  });

  it('keeps the path WordPress is installed under, with or without a trailing slash', async () => {
    nock(ORIGIN).get(`/blog${NS}/events/1`).twice().reply(200, eventFixture(1));
    await unitClient({ baseUrl: `${ORIGIN}/blog` }).events.get(1);
    await unitClient({ baseUrl: `${ORIGIN}/blog/` }).events.get(1);
  });

  it('apiRoot names another REST root; the client appends /calendar/events/v1', async () => {
    nock(ORIGIN).get('/api/calendar/events/v1/events/1').twice().reply(200, eventFixture(1));
    await new CalendarClient({ apiRoot: `${ORIGIN}/api`, retry: 0 }).events.get(1);
    await new CalendarClient({ apiRoot: `${ORIGIN}/api/`, retry: 0 }).events.get(1);
  });
});

describe('request() escape hatch', () => {
  it('sends any route of the namespace with the query and a body the schemas do not know', async () => {
    nock(ORIGIN)
      .put(`${NS}/events/12`, { ticket_url: 'https://tickets.example/12' })
      .query({ context: 'edit' })
      .reply(200, { id: 12, ticket_url: 'https://tickets.example/12' });
    const event = await unitClient().request<{ id: number }>('PUT', 'events/12', {
      query: { context: 'edit' },
      body: { ticket_url: 'https://tickets.example/12' },
    });
    expect(event.id).toBe(12);
  });

  it('maps errors to the client error classes and keeps withResponse()', async () => {
    nock(ORIGIN)
      .get(`${NS}/series`)
      .reply(...busy);
    expect(await rejectionOf(unitClient().request('GET', 'series'))).toBeInstanceOf(
      InternalServerError,
    );
    nock(ORIGIN).get(`${NS}/series`).reply(200, [], { 'x-request-id': 'req_7' });
    expect((await unitClient().request('GET', '/series').withResponse()).requestId).toBe('req_7');
  });

  it('refuses a path with a .. segment before any request, so credentials stay in the namespace', async () => {
    for (const path of [
      '../../wp/v2/users',
      'events/../../../wp/v2/users',
      'events/%2E%2E/x',
      '//evil.test/x',
    ]) {
      const error = await rejectionOf(unitClient().request('GET', path));
      expect(issuesOf(error)[0]).toMatch(/^path must be a path under the base URL/);
    }
  });

  it('refuses an unknown field of init by name before any request', async () => {
    const error = await rejectionOf(
      unitClient().request('PUT', 'events/12', { json: { featured: true } } as never),
    );
    expect(issuesOf(error)[0]).toMatch(/^init\.json is not an option/);
  });

  it('refuses a method it does not know before any request', async () => {
    const error = await rejectionOf(unitClient().request('OPTIONS' as never, 'events'));
    expect(issuesOf(error)[0]).toMatch(/^method must be one of/);
  });
});

describe('paginate() escape hatch', () => {
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

  it('refuses a path with a .. segment before any request', async () => {
    const error = await rejectionOf(unitClient().paginate('../../wp/v2/posts'));
    expect(issuesOf(error)[0]).toMatch(/^path must be a path under the base URL/);
  });
});

describe('retry options, in ky shape', () => {
  it('retry: 1 on the client retries a read once', async () => {
    nock(ORIGIN)
      .get(`${NS}/events/1`)
      .reply(...busy)
      .get(`${NS}/events/1`)
      .reply(200, eventFixture(1));
    expect((await unitClient({ retry: 1 }).events.get(1)).id).toBe(1);
  });

  it('a request retry overrides the client one: { limit: 2 } over retry 0, 0 over retry 2', async () => {
    nock(ORIGIN)
      .get(`${NS}/events/1`)
      .times(2)
      .reply(...busy)
      .get(`${NS}/events/1`)
      .reply(200, eventFixture(1));
    expect((await unitClient({ retry: 0 }).events.get(1, {}, { retry: { limit: 2 } })).id).toBe(1);
    nock(ORIGIN)
      .get(`${NS}/events/1`)
      .reply(...busy);
    const error = await rejectionOf(unitClient({ retry: 2 }).events.get(1, {}, { retry: 0 }));
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('creates (POST) are never retried, and retry.methods may not add POST or PATCH', async () => {
    nock(ORIGIN)
      .post(`${NS}/tags`)
      .reply(...busy);
    expect(
      await rejectionOf(unitClient({ retry: 2 }).tags.create({ name: 'Jazz' })),
    ).toBeInstanceOf(InternalServerError);
    expect(() => unitClient({ retry: { methods: ['put', 'post'] } })).toThrow(
      /retry\.methods must not list POST or PATCH/,
    );
    const error = await rejectionOf(
      unitClient().tags.create({ name: 'Jazz' }, { retry: { limit: 1, methods: ['post'] } }),
    );
    expect(issuesOf(error)[0]).toMatch(/^retry\.methods must not list POST or PATCH/);
  });
});
