/**
 * The rules every clientkit client follows, on the mail client's side: option names, strict
 * inputs, the base URL, the request() and paginate() escape hatches, and retry options.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { rejectionOf, useNock } from '../../../test-support/unit';
import {
  InternalServerError,
  MailClient,
  type MailClientOptions,
  NotFoundError,
  RequestValidationError,
} from '../src/index';

useNock();

const ORIGIN = 'http://mail.test';
const TOKEN = 'acct_conventions_secret';
const busy = { ErrorCode: 0, Message: 'busy' };
const now = { 'retry-after': '0' };

function client(options: Partial<MailClientOptions> = {}): MailClient {
  return new MailClient({ baseUrl: ORIGIN, accountToken: TOKEN, ...options });
}

function constructionError(options: Record<string, unknown>): RequestValidationError {
  try {
    client(options as never);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return error as RequestValidationError;
  }
  return expect.unreachable('the options were accepted');
}

const api = () => nock(ORIGIN, { reqheaders: { 'x-mail-account-token': TOKEN } });

describe('unknown names are refused by name before any request', () => {
  it('refuses unknown client options such as retries and timeoutMs, naming each', () => {
    const error = constructionError({ retries: 3, timeoutMs: 1000 });
    expect(error.issues.map((issue) => issue.path)).toEqual(['retries', 'timeoutMs']);
    expect(error.message).toContain(
      'Invalid options of MailClient: retries is not an option; timeoutMs is not an option (known: fetch, timeout, retry,',
    );
  });

  it('refuses the 0.2 option maxRetries, naming it', () => {
    expect(constructionError({ maxRetries: 2 }).issues[0]?.path).toBe('maxRetries');
  });

  it('refuses an unknown input field of servers.update, naming it, before any request', async () => {
    const error = await rejectionOf(client().servers.update(1, { Nmae: 'Acme' } as never));
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toBe(
      'Invalid body of mail.servers.update: has unknown field Nmae',
    );
  });

  it('refuses an unknown request option, naming it, before any request', async () => {
    const error = await rejectionOf(client().servers.get(1, { maxRetries: 0 } as never));
    expect((error as Error).message).toContain(
      'Invalid options of mail.servers.get: maxRetries is not an option (known: signal, timeout,',
    );
  });
});

describe('baseUrl is the service’s origin and the client appends the interface’s paths', () => {
  it.each([
    ['http://mail.test', '/servers/1'],
    ['http://mail.test/', '/servers/1'],
    ['http://mail.test/postmark', '/postmark/servers/1'],
    ['http://mail.test/postmark/', '/postmark/servers/1'],
  ])('with baseUrl %s, servers.get(1) requests %s', async (baseUrl, path) => {
    api().get(path).reply(200, { ID: 1 });
    await client({ baseUrl }).servers.get(1);
  });

  it.each([
    'http://mail.test/servers',
    'http://mail.test/servers/',
    'http://mail.test/postmark/Servers',
  ])(
    'refuses baseUrl %s, which ends with the /servers the client appends, naming baseUrl',
    (baseUrl) => {
      const error = constructionError({ baseUrl });
      expect(error.message).toBe(
        "Invalid options of MailClient: baseUrl must not end with /servers: the client appends it (give the service's origin, or the prefix it is mounted under)",
      );
    },
  );

  it.each([
    ['http://mail.test?region=eu', 'baseUrl must not carry a query string'],
    ['http://mail.test#servers', 'baseUrl must not carry a fragment'],
    ['http://user:pass@mail.test', 'baseUrl must not carry credentials (user:password@)'],
    ['mail.test', 'baseUrl must be an absolute http(s) URL, such as https://api.example.com'],
  ])('refuses baseUrl %s, naming the rule', (baseUrl, rule) => {
    expect(constructionError({ baseUrl }).message).toBe(`Invalid options of MailClient: ${rule}`);
  });
});

describe('the account token is checked when the client is built', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['a number', 42],
  ])('refuses an accountToken that is %s, naming it', (_, accountToken) => {
    expect(constructionError({ accountToken }).message).toBe(
      'Invalid options of MailClient: accountToken must be a non-empty string or a function that returns one',
    );
  });
});

describe('request(): the escape hatch', () => {
  it('sends any route under <baseUrl>/servers/ with the account token and the query', async () => {
    api().get('/servers/1').query({ fields: 'Name' }).reply(200, { ID: 1 });
    expect(await client().request('GET', '1', { query: { fields: 'Name' } })).toEqual({ ID: 1 });
  });

  it('sends a JSON body and does not retry a POST, which the interface could apply twice', async () => {
    api().post('/servers/', { Name: 'Initech' }).reply(503, busy, now);
    const error = await rejectionOf(client().request('POST', '', { body: { Name: 'Initech' } }));
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('maps the interface’s error body to the error class and code', async () => {
    api().delete('/servers/9').reply(404, { ErrorCode: 601, Message: 'Server not found.' });
    const error = await rejectionOf(client().request('DELETE', '9'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).code).toBe('601');
  });

  it.each(['../admin', '1/%2E%2E/x', 'http://elsewhere.test/servers', '1?count=1'])(
    'refuses the path %s, which would leave the base URL, before any request',
    async (path) => {
      const error = await rejectionOf(client().request('GET', path));
      expect((error as Error).message).toContain('path must be a path under the base URL');
    },
  );
});

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

  it('refuses a path that would leave the base URL, before any request', async () => {
    const error = await rejectionOf(client().paginate('../domains'));
    expect(error).toBeInstanceOf(RequestValidationError);
  });
});

describe('retry in ky’s shape, per client and per request', () => {
  it('makes one attempt with retry: 0 on the client', async () => {
    api().get('/servers/1').reply(503, busy, now);
    const error = await rejectionOf(client({ retry: 0 }).servers.get(1));
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('lets a request’s retry override the client’s', async () => {
    api().get('/servers/1').reply(503, busy, now);
    api().get('/servers/1').reply(200, { ID: 1 });
    expect(await client({ retry: 0 }).servers.get(1, { retry: 1 })).toEqual({ ID: 1 });
  });

  it('takes ky’s retry options: statusCodes limits what is retried', async () => {
    api().put('/servers/1').reply(503, busy, now);
    const error = await rejectionOf(
      client({ retry: { limit: 3, statusCodes: [500] } }).servers.update(1, { Name: 'Acme' }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
  });

  it('refuses retry.methods that adds POST, naming it: the interface has no Idempotency-Key', () => {
    const error = constructionError({ retry: { methods: ['get', 'post'] } });
    expect(error.issues[0]?.path).toBe('retry.methods');
  });
});

describe('hooks in ky’s shape', () => {
  it('calls a client afterResponse hook with (request, options, response)', async () => {
    api().get('/servers/1').reply(200, { ID: 1 });
    const seen: string[] = [];
    await client({
      hooks: {
        afterResponse: [
          (request, options, response) => {
            seen.push(`${options.method} ${new URL(request.url).pathname} ${response.status}`);
          },
        ],
      },
    }).servers.get(1);
    expect(seen).toEqual(['GET /servers/1 200']);
  });
});
