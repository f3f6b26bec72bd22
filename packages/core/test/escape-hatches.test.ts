import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { cursorPages, RequestValidationError, serviceUrl } from './core';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

describe('baseUrl, checked one way for every client', () => {
  it("appends the interface's path to the origin or mount prefix, with or without a trailing slash", () => {
    expect(serviceUrl('https://api.example.com', '/v1', 'options of X')).toBe(
      'https://api.example.com/v1/',
    );
    expect(serviceUrl('https://api.example.com/', '/v1', 'options of X')).toBe(
      'https://api.example.com/v1/',
    );
    expect(serviceUrl('https://gateway.example/mail-api', '/servers', 'options of X')).toBe(
      'https://gateway.example/mail-api/servers/',
    );
  });

  const refusals: [unknown, string][] = [
    ['ftp://x', 'must be an absolute http(s) URL'],
    ['/relative', 'must be an absolute http(s) URL'],
    [42, 'must be an absolute http(s) URL'],
    [undefined, 'must be an absolute http(s) URL'],
    ['https://x.test?a=1', 'must not carry a query string'],
    ['https://x.test/?', 'must not carry a query string'],
    ['https://x.test/#top', 'must not carry a fragment'],
    ['https://user:pass@x.test', 'must not carry credentials'],
    ['https://x.test/v1', 'must not end with /v1: the client appends it'],
    ['https://x.test/mount/v1/', 'must not end with /v1: the client appends it'],
    ['https://x.test/V1', 'must not end with /v1: the client appends it'],
  ];
  for (const [value, rule] of refusals) {
    it(`refuses ${JSON.stringify(value)} naming baseUrl and the rule (${rule})`, () => {
      expect(() => serviceUrl(value, '/v1', 'options of X')).toThrow(
        `Invalid options of X: baseUrl ${rule}`,
      );
    });
  }

  it('keeps no credentials of a refused baseUrl in the message', () => {
    expect(() => serviceUrl('https://user:s3cret@x.test', '/v1', 'options of X')).toThrow(
      /^(?!.*s3cret)/,
    );
  });
});

describe('request(), the escape hatch for routes the typed methods do not cover', () => {
  const client = testClient();

  it('sends any method to a path under the base URL, with query and body, and answers the body as it came', async () => {
    nock('http://api.test')
      .post('/v1/orgs/o1/things', { name: 'x' })
      .query({ limit: '5' })
      .reply(200, { id: 't1' });
    const answer = await client.core.request('POST', 'orgs/o1/things', {
      query: { limit: 5 },
      body: { name: 'x' },
    });
    expect(answer).toEqual({ id: 't1' });
  });

  for (const path of [
    '../admin',
    'a/%2e%2e/b',
    'https://evil.example/x',
    '//evil.example/x',
    'a?b=1',
    'a#b',
  ]) {
    it(`refuses the path ${JSON.stringify(path)} before any request, naming path`, async () => {
      const error = await rejectionOf(client.core.request('GET', path));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toBe('path');
    });
  }

  it('refuses a method that is not one of the HTTP methods it sends, naming method', async () => {
    const error = await rejectionOf(client.core.request('get' as 'GET', 'a'));
    expect((error as RequestValidationError).issues[0]?.path).toBe('method');
  });

  it('refuses a misspelt init key by name instead of dropping it', async () => {
    const error = await rejectionOf(client.core.request('GET', 'a', { querry: {} } as never));
    expect((error as Error).message).toContain('init.querry is not an option');
  });
});

describe('paginate(), the escape hatch for listings', () => {
  it("pages any listing under the base URL in the interface's style", async () => {
    nock('http://api.test')
      .get('/v1/orgs/o1/things')
      .query({ limit: '2' })
      .reply(200, { items: [1, 2], next: { page: 'c2' } })
      .get('/v1/orgs/o1/things')
      .query({ limit: '2', page: 'c2' })
      .reply(200, { items: [3] });
    const client = testClient({ paginate: cursorPages('items') });
    expect(await client.core.paginate('/orgs/o1/things', { limit: 2 }).toArray()).toEqual([
      1, 2, 3,
    ]);
  });

  it('rejects a path that leaves the base URL before any request, naming path', async () => {
    const client = testClient({ paginate: cursorPages('items') });
    const error = await rejectionOf(client.core.paginate('../admin'));
    expect((error as RequestValidationError).issues[0]?.path).toBe('path');
  });

  it('rejects a path that is no string by name, even one that cannot be made a string', async () => {
    const client = testClient({ paginate: cursorPages('items') });
    for (const path of [42, Object.create(null)]) {
      const error = await rejectionOf(client.core.paginate(path as string));
      expect((error as RequestValidationError).issues[0]?.path).toBe('path');
    }
  });
});
