/**
 * What the client shows of the stream's rate limit. The service reports no budget on its answers
 * (no `x-ratelimit-*`): a 429 says only when to come back, in `Retry-After`, and that is all
 * `rateLimit` holds.
 */
import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../src/index';
import { useMeteringServer } from './support/e2e';

const h = useMeteringServer({ rateLimit: { requests: 1, perMs: 60_000 } });
const events = [{ event_name: 'api_call', payload: { value: '1' } }];

describe('rate limit information, against the reference server', () => {
  it('a RateLimitError holds when the stream takes requests again, from Retry-After', async () => {
    const metering = h.client({ retry: 0 });
    await metering.events.send(events);
    const before = Date.now();
    const error = await metering.events.send(events).catch((e: unknown) => e);
    const after = Date.now();
    expect(error).toBeInstanceOf(RateLimitError);
    const { rateLimit, retryAfter } = error as RateLimitError;
    expect(retryAfter).toBe(60);
    expect(rateLimit?.limit).toBeUndefined();
    expect(rateLimit?.remaining).toBeUndefined();
    expect(rateLimit?.resetAt?.getTime()).toBeGreaterThanOrEqual(before + 60_000);
    expect(rateLimit?.resetAt?.getTime()).toBeLessThanOrEqual(after + 60_000);
  });

  it('withResponse() has no rate limit: the service reports none on a success', async () => {
    const answer = await h.client().sessions.create().withResponse();
    expect(answer.rateLimit).toBeUndefined();
  });
});
