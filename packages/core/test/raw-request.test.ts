import nock from 'nock';
import { describe, expect, it } from 'vitest';
import {
  createTransport,
  PagePromise,
  paginateRaw,
  RequestValidationError,
  sendRaw,
  serviceUrl,
} from '../src/index';
import { BASE, rejectionOf, useNock } from './helpers';

useNock();

describe('serviceUrl', () => {
  it('appends the interface path to the origin, with or without a trailing slash', () => {
    expect(serviceUrl('https://api.example.com', 'v1/', 'options of X')).toBe(
      'https://api.example.com/v1/',
    );
    expect(serviceUrl('https://api.example.com/', 'v1/', 'options of X')).toBe(
      'https://api.example.com/v1/',
    );
    expect(serviceUrl('https://example.com/mount', 'api/v2/', 'options of X')).toBe(
      'https://example.com/mount/api/v2/',
    );
  });

  it('refuses a baseUrl that is not an absolute http(s) URL, or that carries a query, naming baseUrl', () => {
    for (const bad of ['ftp://x', '/relative', 'https://x.test/?a=1', 42, undefined]) {
      expect(() => serviceUrl(bad, 'v1/', 'options of X')).toThrow(
        /options of X: baseUrl must be the service origin/,
      );
    }
  });
});

describe('sendRaw, the request() escape hatch', () => {
  const transport = createTransport({ baseUrl: BASE });

  it('sends any method to a path under the base URL, with query and body, and answers the body as it came', async () => {
    nock('http://api.test')
      .post('/v1/orgs/o1/things', { name: 'x' })
      .query({ limit: '5' })
      .reply(200, { id: 't1' });
    const answer = await sendRaw(transport, 'x.request', 'POST', 'orgs/o1/things', {
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
      const error = await rejectionOf(sendRaw(transport, 'x.request', 'GET', path));
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues[0]?.path).toBe('path');
    });
  }

  it('refuses a method that is not one of the HTTP methods it sends, naming method', async () => {
    const error = await rejectionOf(sendRaw(transport, 'x.request', 'get' as 'GET', 'a'));
    expect((error as RequestValidationError).issues[0]?.path).toBe('method');
  });
});

describe('paginateRaw, the paginate() escape hatch', () => {
  it('hands the listing the path relative to the base URL', async () => {
    const seen: string[] = [];
    const reached = new Error('the listing was started');
    const error = await rejectionOf(
      paginateRaw('/orgs/o1/things', 'x.paginate', (relative) => {
        seen.push(relative);
        return new PagePromise(Promise.reject(reached));
      }),
    );
    expect(error).toBe(reached);
    expect(seen).toEqual(['orgs/o1/things']);
  });

  it('rejects a path that leaves the base URL before any listing starts, naming path', async () => {
    let started = false;
    const pages = paginateRaw('../admin', 'x.paginate', () => {
      started = true;
      return undefined as never;
    });
    const error = await rejectionOf(pages);
    expect(started).toBe(false);
    expect((error as RequestValidationError).issues[0]?.path).toBe('path');
  });
});
