/**
 * The request budget a service reports (`X-RateLimit-*` and the IETF draft's `RateLimit-*`), read
 * one way for `withResponse()`, `RateLimitError` and the pages of a listing.
 */
import nock from 'nock';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { rateLimitOf } from '../src/response/rate-limit';
import { cursorPages, RateLimitError } from './core';
import { rejectionOf, testClient, useNock } from './helpers';

useNock();

const RESET_EPOCH = 1_790_000_000;
const budget = {
  'x-ratelimit-limit': '1000',
  'x-ratelimit-remaining': '998',
  'x-ratelimit-reset': String(RESET_EPOCH),
};

describe('rateLimitOf', () => {
  const now = Date.UTC(2026, 5, 1);

  it('reads limit, remaining and the reset moment of X-RateLimit-*', () => {
    expect(rateLimitOf(200, new Headers(budget), now)).toEqual({
      limit: 1000,
      remaining: 998,
      resetAt: new Date(RESET_EPOCH * 1000),
    });
  });

  it("reads the IETF draft's RateLimit-*, whose reset is seconds from now", () => {
    const headers = new Headers({
      'ratelimit-limit': '50',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '30',
    });
    expect(rateLimitOf(200, headers, now)).toEqual({
      limit: 50,
      remaining: 0,
      resetAt: new Date(now + 30_000),
    });
  });

  it('leaves out what the service did not say, or said unreadably', () => {
    const headers = new Headers({ 'x-ratelimit-remaining': '3', 'x-ratelimit-limit': 'lots' });
    expect(rateLimitOf(200, headers, now)).toEqual({
      limit: undefined,
      remaining: 3,
      resetAt: undefined,
    });
  });

  it('is undefined for an answer that reports no budget', () => {
    expect(rateLimitOf(200, new Headers({ 'retry-after': '5' }), now)).toBeUndefined();
  });

  it("takes a 429's Retry-After as the reset moment when no header names one", () => {
    expect(rateLimitOf(429, new Headers({ 'retry-after': '5' }), now)).toEqual({
      limit: undefined,
      remaining: undefined,
      resetAt: new Date(now + 5_000),
    });
  });
});

describe('withResponse()', () => {
  it('carries the rate limit the answer reports', async () => {
    nock('http://api.test').get('/v1/things').reply(200, {}, budget);
    const { rateLimit } = await testClient({ retry: 0 })
      .request({ method: 'GET', path: 'things' })
      .withResponse();
    expect(rateLimit).toEqual({
      limit: 1000,
      remaining: 998,
      resetAt: new Date(RESET_EPOCH * 1000),
    });
  });

  it('has no rate limit when the answer reports none', async () => {
    nock('http://api.test').get('/v1/things').reply(200, {});
    const answer = await testClient({ retry: 0 })
      .request({ method: 'GET', path: 'things' })
      .withResponse();
    expect(answer.rateLimit).toBeUndefined();
  });
});

describe('RateLimitError', () => {
  it('carries the rate limit of the 429', async () => {
    nock('http://api.test')
      .get('/v1/things')
      .reply(429, {}, { ...budget, 'x-ratelimit-remaining': '0', 'retry-after': '3' });
    const error = await rejectionOf(
      testClient({ retry: 0 }).request({ method: 'GET', path: 'things' }),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).rateLimit).toEqual({
      limit: 1000,
      remaining: 0,
      resetAt: new Date(RESET_EPOCH * 1000),
    });
    expect((error as RateLimitError).retryAfter).toBe(3);
  });
});

describe('a listing', () => {
  const things = {
    sdk: 'things.list',
    method: 'GET',
    path: 'things',
    query: z.looseObject({}),
    pagination: cursorPages('items'),
  } as const;
  const twoPages = () =>
    nock('http://api.test')
      .get('/v1/things')
      .reply(200, { items: [1], next: { page: 'p2' } }, { ...budget, 'x-ratelimit-remaining': '9' })
      .get('/v1/things')
      .query({ page: 'p2' })
      .reply(200, { items: [2] }, { ...budget, 'x-ratelimit-remaining': '8' });

  it('exposes the rate limit of the last page it read, page after page', async () => {
    twoPages();
    const listing = testClient({ retry: 0 }).core.list<number>(things, {});
    expect(listing.rateLimit).toBeUndefined();
    const seen: (number | undefined)[] = [];
    for await (const _ of listing) seen.push(listing.rateLimit?.remaining);
    expect(seen).toEqual([9, 8]);
    expect(listing.rateLimit?.remaining).toBe(8);
  });

  it('gives each page its own', async () => {
    twoPages();
    const first = await testClient({ retry: 0 }).core.list<number>(things, {});
    expect(first.rateLimit?.remaining).toBe(9);
    expect((await first.getNextPage()).rateLimit?.remaining).toBe(8);
  });

  it('follows pages read through getNextPage() too', async () => {
    twoPages();
    const listing = testClient({ retry: 0 }).core.list<number>(things, {});
    const first = await listing;
    expect(listing.rateLimit?.remaining).toBe(9);
    await first.getNextPage();
    expect(listing.rateLimit?.remaining).toBe(8);
  });
});
