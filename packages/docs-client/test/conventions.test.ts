/**
 * The conventions every client shares (issue 13): strict inputs, strict options, the base URL
 * convention, the request() and paginate() escape hatches, and ky's retry options per client and
 * per request. nock refuses any request a test did not mock, so "before any request" is checked.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { rejectionOf, useNock } from '../../../test-support/unit';
import {
  DocsClient,
  type DocsClientOptions,
  InternalServerError,
  RequestValidationError,
} from '../src/index';

const ORIGIN = 'http://docs.test';
const TOKEN = 'tok_conventions_secret';
const client = (options: Partial<DocsClientOptions> = {}) =>
  new DocsClient({ baseUrl: ORIGIN, token: TOKEN, retry: 0, ...options });
const api = () => nock(ORIGIN, { reqheaders: { authorization: `Bearer ${TOKEN}` } });
const user = { object: 'user', id: 'u1', displayName: 'Ada' };
const unavailable = [
  503,
  { error: { code: 503, message: 'busy' } },
  { 'retry-after': '0' },
] as const;

useNock();

function issuesOf(error: unknown): string[] {
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues.map((i) => `${i.path} ${i.message}`.trim());
}

describe('unknown input fields', () => {
  it('an unknown body field is refused by name before any request', async () => {
    const error = await rejectionOf(client().spaces.update('s1', { titel: 'Handbook' } as never));
    expect(issuesOf(error)).toContain('has unknown field titel');
    expect((error as Error).message).toContain('body of docs.spaces.update');
  });

  it('an unknown field next to known ones is refused too, and nothing is sent', async () => {
    const error = await rejectionOf(
      client().users.update('u1', { displayName: 'Ada', photoUrl: 'https://x/p.png' } as never),
    );
    expect(issuesOf(error)).toEqual(['has unknown field photoUrl']);
  });

  it('an unknown field inside a nested object is refused with its path', async () => {
    const error = await rejectionOf(
      client().spaces.move('s1', {
        position: { befor: { type: 'space', space: 's2' } },
      } as never),
    );
    expect(issuesOf(error)).toEqual(['position has unknown field befor']);
  });

  it('an unknown query parameter is refused by name before any request', async () => {
    const error = await rejectionOf(client().spaces.get('s1', { sharekey: 'k' } as never));
    expect(issuesOf(error)).toEqual(['has unknown field sharekey']);
    expect((error as Error).message).toContain('query of docs.spaces.get');
  });

  it('an unknown field of an invitation or a Git export is refused by name', async () => {
    const invite = await rejectionOf(
      client().spaces.permissions.invite('s1', { role: 'read', user: ['u1'] } as never),
    );
    expect(issuesOf(invite)[0]).toBe('has unknown field user');
    const exported = await rejectionOf(
      client().spaces.git.export('s1', {
        url: 'https://git.example/r',
        ref: 'main',
        commitMessage: 'Sync',
        branch: 'main',
      } as never),
    );
    expect(issuesOf(exported)).toEqual(['has unknown field branch']);
  });

  it('an unknown request option is refused by name before any request', async () => {
    const error = await rejectionOf(client().user.get({ retries: 3 } as never));
    expect(issuesOf(error)).toEqual(['retries is not an option']);
  });
});

describe('client options', () => {
  it('an unknown client option (retries, timeoutMs) is refused by name', () => {
    const construct = () =>
      new DocsClient({ baseUrl: ORIGIN, token: TOKEN, retries: 2, timeoutMs: 5 } as never);
    expect(construct).toThrow(RequestValidationError);
    expect(construct).toThrow(/retries is not an option/);
    expect(construct).toThrow(/timeoutMs is not an option/);
  });

  it('maxRetries, the option of 0.2, is refused by name and points to retry', () => {
    expect(() => new DocsClient({ baseUrl: ORIGIN, token: TOKEN, maxRetries: 0 } as never)).toThrow(
      /maxRetries is not an option \(known: .*retry/,
    );
  });

  it('a baseUrl that is not a string is refused by name', () => {
    expect(() => new DocsClient({ token: TOKEN } as never)).toThrow(
      /baseUrl must be an absolute http\(s\) URL/,
    );
  });
});

describe('base URL convention', () => {
  it('takes the service origin and appends /v1', async () => {
    api().get('/v1/user').reply(200, user);
    expect(await client({ baseUrl: ORIGIN }).user.get()).toEqual(user);
  });

  it('takes the origin with a trailing slash alike', async () => {
    api().get('/v1/user').reply(200, user);
    expect(await client({ baseUrl: `${ORIGIN}/` }).user.get()).toEqual(user);
  });

  it('keeps a mount path in front of /v1, with or without a trailing slash', async () => {
    api().get('/gateway/docs/v1/user').twice().reply(200, user);
    await client({ baseUrl: `${ORIGIN}/gateway/docs` }).user.get();
    await client({ baseUrl: `${ORIGIN}/gateway/docs/` }).user.get();
  });

  it('getApiInformation reads the root of /v1/', async () => {
    api().get('/v1/').reply(200, { version: '0.0.1-beta', build: 'b' });
    expect((await client().getApiInformation()).version).toBe('0.0.1-beta');
  });
});

describe('request() escape hatch', () => {
  it('sends any route under /v1 with the token, the query and the JSON body', async () => {
    api()
      .post('/v1/orgs/org_1/spaces', { title: 'New', futureField: true })
      .query({ template: 'blank' })
      .reply(201, { id: 's9' });
    const created = await client().request<{ id: string }>('POST', 'orgs/org_1/spaces', {
      query: { template: 'blank' },
      body: { title: 'New', futureField: true },
    });
    expect(created.id).toBe('s9');
  });

  it('maps errors to the client error classes and has withResponse()', async () => {
    api()
      .get('/v1/orgs')
      .reply(...unavailable);
    expect(await rejectionOf(client().request('GET', 'orgs'))).toBeInstanceOf(InternalServerError);
    api().get('/v1/orgs').reply(200, { items: [] }, { 'x-request-id': 'req_1' });
    const { requestId } = await client().request('GET', '/orgs').withResponse();
    expect(requestId).toBe('req_1');
  });

  it('refuses a path with a .. segment before any request, so the token cannot leave /v1', async () => {
    for (const path of [
      '../admin',
      'spaces/../../admin',
      'spaces/%2e%2e/x',
      'https://evil.test/x',
    ]) {
      const error = await rejectionOf(client().request('GET', path));
      expect(issuesOf(error)[0]).toMatch(/^path must be a path under the base URL/);
    }
  });

  it('refuses an unknown field of init by name before any request', async () => {
    const error = await rejectionOf(client().request('GET', 'orgs', { querry: { a: 1 } } as never));
    expect(issuesOf(error)[0]).toMatch(/^init\.querry is not an option/);
  });

  it('refuses a method it does not know before any request', async () => {
    const error = await rejectionOf(client().request('TRACE' as never, 'user'));
    expect(issuesOf(error)[0]).toMatch(/^method must be one of/);
  });
});

describe('paginate() escape hatch', () => {
  it('follows the next.page cursor of any listing, sending params as the query', async () => {
    api()
      .get('/v1/orgs/org_1/members')
      .query({ limit: '2' })
      .reply(200, { items: [{ id: 'a' }, { id: 'b' }], next: { page: 'c2' } })
      .get('/v1/orgs/org_1/members')
      .query({ limit: '2', page: 'c2' })
      .reply(200, { items: [{ id: 'c' }] });
    const members = await client()
      .paginate<{ id: string }>('orgs/org_1/members', { limit: 2 })
      .toArray();
    expect(members.map((member) => member.id)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a path with a .. segment before any request', async () => {
    const error = await rejectionOf(client().paginate('orgs/../../admin'));
    expect(issuesOf(error)[0]).toMatch(/^path must be a path under the base URL/);
  });
});

describe('retry options, in ky shape', () => {
  it('retry: 1 on the client retries a read once', async () => {
    api()
      .get('/v1/user')
      .reply(...unavailable)
      .get('/v1/user')
      .reply(200, user);
    expect(await client({ retry: 1 }).user.get()).toEqual(user);
  });

  it('retry: 0 on the client sends a read once', async () => {
    api()
      .get('/v1/user')
      .reply(...unavailable);
    expect(await rejectionOf(client({ retry: 0 }).user.get())).toBeInstanceOf(InternalServerError);
  });

  it('a request retry overrides the client one: { limit: 2 } over retry 0, 0 over retry 2', async () => {
    api()
      .get('/v1/user')
      .times(2)
      .reply(...unavailable)
      .get('/v1/user')
      .reply(200, user);
    expect(await client({ retry: 0 }).user.get({ retry: { limit: 2 } })).toEqual(user);
    api()
      .get('/v1/user')
      .reply(...unavailable);
    const error = await rejectionOf(client({ retry: 2 }).user.get({ retry: 0 }));
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('POST and PATCH are never retried, and retry.methods may not add them', async () => {
    api()
      .post('/v1/spaces/s1/restore')
      .reply(...unavailable);
    expect(await rejectionOf(client({ retry: 2 }).spaces.restore('s1'))).toBeInstanceOf(
      InternalServerError,
    );
    expect(() => client({ retry: { methods: ['get', 'post'] } })).toThrow(
      /retry\.methods must not list POST/,
    );
    const error = await rejectionOf(
      client().spaces.restore('s1', { retry: { methods: ['patch'] } }),
    );
    expect(issuesOf(error)[0]).toMatch(/^retry\.methods must not list POST or PATCH/);
  });
});
