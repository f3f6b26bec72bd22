import { describe, expect, it } from 'vitest';
import { RateLimitError } from '../src/index';
import { bodyOf, useMeteringServer } from './support/e2e';

const h = useMeteringServer({ rateLimit: { requests: 2, perMs: 60_000 } });

const batch = { events: [{ event_name: 'api_call', payload: { value: '1' } }] };

async function send(token: string) {
  return h.raw('meter_event_stream', { token, body: batch });
}

describe('stream rate limit', () => {
  it('answers 429 rate_limit with Retry-After in seconds beyond the configured requests per window', async () => {
    const { authentication_token: token } = await h.session();
    expect((await send(token)).status).toBe(200);
    expect((await send(token)).status).toBe(200);
    await h.server.clock.advance('15s');
    const limited = await send(token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('45');
    expect(await bodyOf(limited)).toEqual({
      error: {
        type: 'rate_limit',
        code: 'rate_limit',
        message: 'Too many requests to the meter event stream',
      },
    });
    expect(await h.countedTotal()).toBe(2);
  });

  it('accepts requests again once the window has passed', async () => {
    const { authentication_token: token } = await h.session();
    await send(token);
    await send(token);
    expect((await send(token)).status).toBe(429);
    await h.server.clock.advance('60s');
    expect((await send(token)).status).toBe(200);
  });

  it('leaves session creation out of the limit', async () => {
    for (let i = 0; i < 5; i++) expect((await h.raw('meter_event_session')).status).toBe(200);
  });

  it('surfaces a 429 as RateLimitError with retryAfter when the client may not retry', async () => {
    const metering = h.client({ retry: 0 });
    await metering.events.send(batch.events);
    await metering.events.send(batch.events);
    const error = await metering.events.send(batch.events).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(60);
  });

  it('can be switched off and on through control and through the admin route', async () => {
    const { authentication_token: token } = await h.session();
    h.server.metering.setRateLimit(undefined);
    for (let i = 0; i < 4; i++) expect((await send(token)).status).toBe(200);
    const res = await fetch(`${h.url}/__admin/metering/rate-limit`, {
      method: 'PUT',
      body: JSON.stringify({ requests: 1, perMs: 1000 }),
    });
    expect(await res.json()).toEqual({ rateLimit: { requests: 1, perMs: 1000 } });
    expect((await send(token)).status).toBe(200);
    const limited = await send(token);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    await fetch(`${h.url}/__admin/metering/rate-limit`, { method: 'DELETE' });
    expect((await send(token)).status).toBe(200);
    expect(() => h.server.metering.setRateLimit({ requests: 0, perMs: 1000 })).toThrow(
      'rateLimit.requests must be a positive integer',
    );
  });

  it('comes back to the configured limit on reset', () => {
    h.server.metering.setRateLimit(undefined);
    h.server.reset();
    expect(h.server.metering.rateLimit()).toEqual({ requests: 2, perMs: 60_000 });
  });
});
