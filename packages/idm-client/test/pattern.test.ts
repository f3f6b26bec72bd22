/**
 * The rules every client of issue 13 follows, on the identity management client: unknown inputs and
 * options refused by name before any request, the base URL convention, the `request()` and
 * `paginate()` escape hatches, and ky's retry options per client and per request.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  IdmClient,
  type IdmTokenOptions,
  InternalServerError,
  RequestValidationError,
} from '../src/index';
import { fakeJwt, idmError, ORIGIN, rejectionOf, useNock } from './support/unit';

useNock();

const token = fakeJwt(['read:clients', 'create:clients', 'read:roles']);
const client = { client_id: 'abc', name: 'Billing' };
const unavailable = idmError(503, 'Service Unavailable', 'try later', 'temporarily_unavailable');

/** A client whose `fetch` records every call, so that a test can prove nothing was sent. */
function recordingClient(options: Partial<IdmTokenOptions> = {}) {
  const sent: string[] = [];
  const idm = new IdmClient({
    baseUrl: ORIGIN,
    token,
    fetch: async (input) => {
      sent.push(String(input instanceof Request ? input.url : input));
      throw new Error('no request may be sent in this test');
    },
    ...options,
  });
  return { idm, sent };
}

function issuesOf(error: unknown) {
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).issues;
}

describe('unknown input fields are refused by name before any request', () => {
  it('in a body', async () => {
    const { idm, sent } = recordingClient();
    const error = await rejectionOf(
      idm.clients.update('abc', { name: 'x', nmae: 'y' } as { name: string }),
    );
    expect(issuesOf(error)).toEqual([{ path: '', message: 'has unknown field nmae' }]);
    expect(sent).toEqual([]);
  });

  it('in the query of a listing', async () => {
    const { idm, sent } = recordingClient();
    const error = await rejectionOf(idm.logs.list({ take: 5, tkae: 5 } as { take: number }));
    expect((error as Error).message).toContain('unknown field tkae');
    expect(sent).toEqual([]);
  });

  it('in the request options of a method (correlationId on a read)', async () => {
    const { idm, sent } = recordingClient();
    const error = await rejectionOf(
      idm.clients.get('abc', { correlationId: 'x' } as unknown as { timeout: number }),
    );
    expect(issuesOf(error)).toEqual([
      { path: 'correlationId', message: 'is only sent with POST, PUT, PATCH and DELETE' },
    ]);
    expect(sent).toEqual([]);
  });
});

describe('unknown client options are refused by name', () => {
  for (const name of ['retries', 'timeoutMs', 'maxRetries', 'baseURL']) {
    it(`refuses ${name}`, () => {
      const options = { baseUrl: ORIGIN, token, [name]: 1 } as unknown as IdmTokenOptions;
      let error: unknown;
      try {
        new IdmClient(options);
      } catch (caught) {
        error = caught;
      }
      expect(issuesOf(error).map((issue) => issue.path)).toEqual([name]);
    });
  }
});

describe('base URL: the service origin (plus any mount path); the client appends /api/v2', () => {
  const cases = [
    [ORIGIN, '/api/v2/clients/abc'],
    [`${ORIGIN}/`, '/api/v2/clients/abc'],
    [`${ORIGIN}/tenant-a`, '/tenant-a/api/v2/clients/abc'],
    [`${ORIGIN}/tenant-a/`, '/tenant-a/api/v2/clients/abc'],
  ] as const;
  for (const [baseUrl, path] of cases) {
    it(`${baseUrl} sends GET ${path}`, async () => {
      nock(ORIGIN).get(path).reply(200, client);
      const idm = new IdmClient({ baseUrl, token });
      expect(await idm.clients.get('abc')).toEqual(client);
    });
  }

  it('refuses a base URL that already ends in /api/v2 (the 0.2 convention), naming baseUrl', () => {
    for (const baseUrl of [`${ORIGIN}/api/v2`, `${ORIGIN}/api/v2/`, `${ORIGIN}/idm/API/v2`]) {
      expect(() => new IdmClient({ baseUrl, token })).toThrow(
        /Invalid options of IdmClient: baseUrl must not end with \/api\/v2: the client appends it/,
      );
    }
  });

  it('refuses a base URL with a query or that is not http(s)', () => {
    expect(() => new IdmClient({ baseUrl: `${ORIGIN}?x=1`, token })).toThrow(
      /baseUrl must not carry a query string/,
    );
    expect(() => new IdmClient({ baseUrl: 'ftp://idm.test', token })).toThrow(
      /baseUrl must be an absolute http\(s\) URL/,
    );
  });
});

describe('idm.request(): any route under /api/v2, with the client conventions', () => {
  it('sends method, query and body with the token, and returns the parsed answer', async () => {
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${token}` } })
      .post('/api/v2/roles', { name: 'admin' })
      .query({ fields: 'id' })
      .reply(201, { id: 'r1' });
    const role = await idm().request<{ id: string }>('POST', 'roles', {
      query: { fields: 'id' },
      body: { name: 'admin' },
    });
    expect(role).toEqual({ id: 'r1' });
  });

  it('passes fields the schemas do not know (the way round strict inputs)', async () => {
    nock(ORIGIN)
      .patch('/api/v2/clients/abc', { name: 'B', brand_new_field: true })
      .reply(200, client);
    await idm().request('PATCH', 'clients/abc', { body: { name: 'B', brand_new_field: true } });
  });

  it('refuses, before any request, a path with .. segments, an absolute URL and an unknown method', async () => {
    const { idm: recording, sent } = recordingClient();
    for (const path of ['../oauth/token', 'clients/%2e%2e/%2e%2e/x', 'https://elsewhere.test/x']) {
      expect(issuesOf(await rejectionOf(recording.request('GET', path)))[0]?.path).toBe('path');
    }
    const error = await rejectionOf(recording.request('TRACE' as 'GET', 'clients'));
    expect(issuesOf(error)[0]?.path).toBe('method');
    expect(sent).toEqual([]);
  });
});

describe('idm.paginate(): any listing, checkpoint by default', () => {
  it('pages with take and from, reading the items under the last path segment', async () => {
    nock(ORIGIN)
      .get('/api/v2/roles')
      .query({ take: '25' })
      .reply(200, { roles: [{ id: 1 }], next: 'n1' })
      .get('/api/v2/roles')
      .query({ take: '25', from: 'n1' })
      .reply(200, { roles: [{ id: 2 }] });
    expect(await idm().paginate('roles').toArray()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('refuses a path with .. segments before any request', async () => {
    const { idm: recording, sent } = recordingClient();
    const error = await rejectionOf(recording.paginate('roles/../../oauth'));
    expect(issuesOf(error)[0]?.path).toBe('path');
    expect(sent).toEqual([]);
  });
});

describe("retry: ky's options, per client and per request", () => {
  const noDelay = { delay: () => 0 };

  it('a client retry limit of 1 sends a GET twice', async () => {
    nock(ORIGIN)
      .get('/api/v2/clients/abc')
      .reply(503, unavailable)
      .get('/api/v2/clients/abc')
      .reply(200, client);
    const retrying = idm({ retry: { limit: 1, ...noDelay } });
    expect(await retrying.clients.get('abc')).toEqual(client);
  });

  it('a request retry of 0 overrides the client retry', async () => {
    nock(ORIGIN).get('/api/v2/clients/abc').reply(503, unavailable);
    const retrying = idm({ retry: { limit: 2, ...noDelay } });
    const error = await rejectionOf(retrying.clients.get('abc', { retry: 0 }));
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('a request retry limit raises the client retry of 0', async () => {
    nock(ORIGIN)
      .get('/api/v2/logs/l1')
      .twice()
      .reply(503, unavailable)
      .get('/api/v2/logs/l1')
      .reply(200, { log_id: 'l1', date: '2026-01-01', type: 's', description: 'ok' });
    const event = await idm({ retry: 0 }).logs.get('l1', { retry: { limit: 2, ...noDelay } });
    expect(event.log_id).toBe('l1');
  });

  it('never retries a POST, which the interface cannot deduplicate', async () => {
    nock(ORIGIN, { badheaders: ['idempotency-key'] })
      .post('/api/v2/clients')
      .reply(503, unavailable);
    const retrying = idm({ retry: { limit: 2, ...noDelay } });
    expect(await rejectionOf(retrying.clients.create({ name: 'x' }))).toBeInstanceOf(
      InternalServerError,
    );
  });

  it('refuses retry.methods that list POST or PATCH, by name', async () => {
    expect(() => idm({ retry: { methods: ['get', 'post'] } })).toThrow(/retry\.methods/);
    const error = await rejectionOf(
      idm().clients.update('abc', { name: 'x' }, { retry: { methods: ['patch'] } }),
    );
    expect(issuesOf(error)[0]?.path).toBe('retry.methods');
  });
});

function idm(options: Partial<IdmTokenOptions> = {}) {
  return new IdmClient({ baseUrl: ORIGIN, token, ...options });
}
