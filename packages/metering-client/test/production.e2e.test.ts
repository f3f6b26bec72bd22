/**
 * What clients need in production, on the metering interface end to end: its errors carry the id
 * it sends in `Request-Id`, and a 429 is retried with the same `Idempotency-Key`.
 */
import { describe, expect, it } from 'vitest';
import { AuthenticationError, RateLimitError } from '../src/index';
import { useMeteringServer } from './support/e2e';

const h = useMeteringServer();

const events = [{ event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } }];

/** A fetch that keeps, per attempt, the request headers it sends, and drops headers of the answer. */
function recordingFetch(dropFromAnswer: string[] = []) {
  const sent: Headers[] = [];
  const fetchWith: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push(request.headers);
    const answer = await fetch(request);
    const headers = new Headers(answer.headers);
    for (const name of dropFromAnswer) headers.delete(name);
    return Object.defineProperty(
      new Response(answer.body, { status: answer.status, headers }),
      'url',
      { value: request.url },
    );
  };
  return { sent, fetch: fetchWith };
}

describe('metering in production, end to end', () => {
  it('gives an error the id the interface sends in Request-Id, also when it is the only id', async () => {
    const recording = recordingFetch(['x-request-id']);
    const metering = h.client({ apiKey: 'sk_test_not_a_key', fetch: recording.fetch });
    const error = await metering.sessions.create().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    const { requestId, headers } = error as AuthenticationError;
    expect(headers.get('x-request-id')).toBeNull();
    expect(requestId).toMatch(/^req_/);
    expect(requestId).toBe(headers.get('request-id'));
  });

  it('retries a stream POST answered 429 with the same Idempotency-Key, and counts the event once', async () => {
    const recording = recordingFetch();
    const metering = h.client({ fetch: recording.fetch, retry: 2 });
    await metering.sessions.create();
    h.server.faults.add({
      method: 'POST',
      path: '/v2/billing/meter_event_stream',
      status: 429,
      retryAfter: 0,
    });
    await metering.events.send(events);
    const keys = recording.sent.slice(-2).map((headers) => headers.get('idempotency-key'));
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
    expect(await h.countedTotal()).toBe(1);
  });

  it('fails at once with RateLimitError and the Request-Id when the wait asked is over maxRetryAfter', async () => {
    h.server.faults.add({ path: '/v2/billing/meter_event_session', status: 429, retryAfter: 600 });
    const error = await h
      .client({ retry: 2 })
      .sessions.create()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(600);
    expect((error as RateLimitError).requestId).toBe(
      (error as RateLimitError).headers.get('request-id'),
    );
  });
});
