import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { renderMeteringError } from '../src/apis/metering/errors';
import { IdempotencyStore, idempotency } from '../src/apis/metering/idempotency';
import { createClock } from '../src/clock';
import { ApiProblem } from '../src/problem';

/** A POST route behind the idempotency layer whose answers the test releases one by one. */
function harness() {
  const clock = createClock({ start: '2026-06-01T00:00:00Z', frozen: true });
  const store = new IdempotencyStore(clock);
  const app = new Hono();
  const pending: ((status: number) => void)[] = [];
  let handled = 0;
  app.onError((error, c) => renderMeteringError(c, error as ApiProblem));
  app.use('*', idempotency(store));
  app.post('/work', async (c) => {
    handled += 1;
    const status = await new Promise<number>((resolve) => pending.push(resolve));
    if (status >= 400) throw new ApiProblem(status, 'refused', 'refused_for_test');
    return c.json({ handled }, status as 200);
  });
  const post = (key: string, body = '{}') =>
    app.request('/work', {
      method: 'POST',
      headers: { 'idempotency-key': key, authorization: 'Bearer sk_test_x' },
      body,
    });
  /** Waits until a request is waiting in the handler, then answers the oldest with `status`. */
  const release = async (status: number) => {
    while (pending.length === 0) await new Promise((resolve) => setImmediate(resolve));
    pending.shift()!(status);
  };
  return { clock, store, post, release, handledCount: () => handled };
}

describe('metering Idempotency-Key layer', () => {
  it('answers 409 idempotency_key_in_use while the first request with the key is still running', async () => {
    const h = harness();
    const slow = h.post('slow');
    while (h.handledCount() < 1) await new Promise((resolve) => setImmediate(resolve));
    const meanwhile = await h.post('slow');
    expect(meanwhile.status).toBe(409);
    expect(await meanwhile.json()).toEqual({
      error: {
        type: 'idempotency_error',
        code: 'idempotency_key_in_use',
        message: expect.stringContaining('still being handled'),
      },
    });
    await h.release(200);
    expect((await slow).status).toBe(200);
    expect((await h.post('slow')).headers.get('idempotent-replayed')).toBe('true');
    expect(h.handledCount()).toBe(1);
  });

  it('frees the key of a request that was refused, so that it may run again', async () => {
    const h = harness();
    const refused = h.post('again');
    await h.release(400);
    expect((await refused).status).toBe(400);
    expect(h.store.size).toBe(0);
    const retried = h.post('again');
    await h.release(200);
    expect((await retried).status).toBe(200);
    expect(h.handledCount()).toBe(2);
  });

  it('forgets keys once they are 24 hours old on the server clock', async () => {
    const h = harness();
    const first = h.post('old');
    await h.release(200);
    await first;
    await h.clock.advance('23h');
    expect((await h.post('old')).status).toBe(200);
    expect(h.handledCount()).toBe(1);
    await h.clock.advance('1h');
    const fresh = h.post('old');
    await h.release(200);
    expect(await (await fresh).json()).toEqual({ handled: 2 });
  });
});
