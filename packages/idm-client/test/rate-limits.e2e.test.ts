/**
 * The request budget the interface reports on every answer (`x-ratelimit-*`), as the client shows
 * it: on `withResponse()`, on a listing's pages, and on a `RateLimitError`.
 */
import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../src/index';
import { START, useServer } from './support/e2e';
import { rejectionOf } from './support/unit';

const e2e = useServer();
/** The end of the server's first one-minute window, as the interface reports it (epoch seconds). */
const WINDOW_END = new Date(Math.ceil((START + 60_000) / 1000) * 1000);

describe('rate limits, against the reference server', () => {
  it('withResponse() carries the budget the answer reported', async () => {
    const idm = await e2e.client();
    const first = await idm.clients.get('DbU9AejbVB0dCHSbZThvwmJ4NfQbyg31').withResponse();
    const second = await idm.clients.get('DbU9AejbVB0dCHSbZThvwmJ4NfQbyg31').withResponse();
    expect(first.rateLimit).toEqual({ limit: 1000, remaining: 999, resetAt: WINDOW_END });
    expect(second.rateLimit?.remaining).toBe(998);
  });

  it('a listing exposes the budget of the last page it read, and each page its own', async () => {
    const idm = await e2e.client();
    const listing = idm.clients.list({ page: 0, per_page: 10 });
    const remaining: (number | undefined)[] = [];
    for await (const page of listing.pages()) {
      remaining.push(page.rateLimit?.remaining);
      expect(listing.rateLimit).toEqual(page.rateLimit);
    }
    expect(remaining).toEqual([999, 998, 997]);
    expect(listing.rateLimit).toEqual({ limit: 1000, remaining: 997, resetAt: WINDOW_END });
  });

  it('a RateLimitError carries the budget of the 429: none left until the window ends', async () => {
    e2e.server.idm.configureRateLimit({ limit: 1, window: '1m', enforce: true });
    const idm = await e2e.client();
    await idm.clients.list({ take: 1 });
    const error = await rejectionOf(idm.clients.list({ take: 1 }));
    expect(error).toBeInstanceOf(RateLimitError);
    const { rateLimit, retryAfter } = error as RateLimitError;
    expect(retryAfter).toBe(60);
    expect(rateLimit).toEqual({ limit: 1, remaining: 0, resetAt: WINDOW_END });
  });
});
