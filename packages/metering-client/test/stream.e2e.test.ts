import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from '../../../test-support/within';
import { APIError, type MeterEvent, type MeteringClientOptions } from '../src/index';
import { useMeteringServer } from './support/e2e';
import { cameByFetch, type Relay, startRelay } from './support/relay';

const h = useMeteringServer();
const STREAM = '/v2/billing/meter_event_stream';

const usage = (i: number): MeterEvent => ({
  event_name: i % 3 === 0 ? 'storage_gb' : 'api_call',
  payload: { stripe_customer_id: `cus_${i % 50}`, value: '1' },
});

// The stream travels over node:http on Node unless the application gives a fetch (or hooks), and
// then through ky and that fetch: every rule below holds on both paths. A relay in front of the
// server makes the faults a server cannot make itself (an answer lost after the server handled the
// request) and shows which path each request came by.
let relay: Relay;
beforeAll(async () => {
  relay = await startRelay(h.url);
});
afterAll(() => relay.close());
beforeEach(() => {
  relay.requests.length = 0;
  relay.onAnswer = () => true;
});

const PATHS: { name: string; byFetch: boolean; options: Partial<MeteringClientOptions> }[] = [
  { name: 'over node:http', byFetch: false, options: {} },
  {
    name: "through ky and the application's fetch",
    byFetch: true,
    options: { fetch: (input, init) => fetch(input, init) },
  },
];

describe.each(PATHS)('createStream against the reference server, $name', (path) => {
  const client = (options: Partial<MeteringClientOptions> = {}) =>
    h.client({ baseUrl: relay.url, ...path.options, ...options });
  const batches = () => relay.requests.filter((request) => request.path === STREAM);

  it('delivers 20,000 events through 503s, 429s, dropped connections and lost responses, counting each exactly once', async () => {
    // Enough batches for every kind of fault to land mid-stream with 8 requests in flight; the
    // million-event run is the soak's (bench), so this test stays quick on a busy machine.
    const total = 20_000;
    // Lose the answer to two requests the server did handle, so their retries are true repeats:
    // they carry the first attempt's Idempotency-Key, and the server replays its first answer.
    let answersToLose = 2;
    let replayed = 0;
    relay.onAnswer = ({ request, status, headers }) => {
      if (headers['idempotent-replayed'] === 'true') replayed += 1;
      if (answersToLose <= 0 || request.path !== STREAM || status !== 200) return true;
      answersToLose -= 1;
      return false;
    };
    const onBatchError = vi.fn();
    const stream = client().createStream({ concurrency: 8, retry: 10, onBatchError });
    const faultsAt = new Map<number, () => void>([
      [
        4_000,
        () =>
          h.server.faults.add({
            method: 'POST',
            path: STREAM,
            status: 503,
            retryAfter: 0,
            count: 8,
          }),
      ],
      [8_000, () => h.server.faults.add({ method: 'POST', path: STREAM, drop: true, count: 3 })],
      [
        12_000,
        () =>
          h.server.faults.add({
            method: 'POST',
            path: STREAM,
            status: 429,
            retryAfter: 0,
            count: 8,
          }),
      ],
      [
        16_000,
        () =>
          h.server.faults.add({
            method: 'POST',
            path: STREAM,
            status: 502,
            retryAfter: 0,
            count: 6,
          }),
      ],
    ]);
    const delivery = (async () => {
      for (let i = 0; i < total; i++) {
        faultsAt.get(i)?.();
        const event = usage(i);
        if (!stream.push(event)) await stream.write(event);
      }
      await stream.close();
    })();
    await within(80_000, `all ${total} events delivered and the stream closed`, delivery);

    expect(onBatchError).not.toHaveBeenCalled();
    expect(stream.stats).toMatchObject({ accepted: total, sent: total, failed: 0, buffered: 0 });
    expect(stream.stats.retried).toBeGreaterThanOrEqual(100 * (8 + 3 + 8 + 6 + 2));
    expect(h.server.faults.list()).toEqual([]);
    expect(await h.countedTotal()).toBe(total);
    expect(h.server.metering.counted().byEventName).toEqual({
      api_call: total - Math.ceil(total / 3),
      storage_gb: Math.ceil(total / 3),
    });
    expect(replayed).toBe(2);
    expect(h.server.metering.repeats()).toBe(0);
    expect(h.server.metering.sessions().created).toBe(1);
    // Every attempt of a batch (the same events) carried the same Idempotency-Key.
    const keysByBatch = new Map<string, Set<unknown>>();
    for (const request of batches()) {
      const keys = keysByBatch.get(request.body) ?? new Set();
      keys.add(request.headers['idempotency-key']);
      keysByBatch.set(request.body, keys);
    }
    expect(keysByBatch.size).toBe(total / 100);
    expect([...keysByBatch.values()].every((keys) => keys.size === 1)).toBe(true);
    expect(batches().every((request) => cameByFetch(request) === path.byFetch)).toBe(true);
  }, 90_000);

  it('renews the session exactly once when it expires in the middle of a stream with 50 requests in flight', async () => {
    // The session expires when the 20th batch is answered, an event of the stream itself rather
    // than a moment on the wall clock; 2,000 events in batches of 10 are plenty for the property.
    let answered = 0;
    let inFlightAtExpiry = 0;
    let expired: Promise<void> | undefined;
    relay.onAnswer = ({ request, status, inFlight }) => {
      if (request.path === STREAM && status === 200 && ++answered === 20) {
        inFlightAtExpiry = inFlight - 1;
        expired = h.server.clock.advance('15m');
      }
      return true;
    };
    const metering = client({ retry: 2 });
    const stream = metering.createStream({ batchSize: 10, concurrency: 50 });
    for (let i = 0; i < 2_000; i++) if (!stream.push(usage(i))) await stream.write(usage(i));
    await within(100_000, 'the stream closed with every event sent', stream.close());
    await expired;

    expect(expired, 'the clock moved after the 20th batch').toBeDefined();
    expect(inFlightAtExpiry, 'other batches in flight when the session expired').toBeGreaterThan(1);
    expect(h.server.metering.sessions().created).toBe(2);
    expect(stream.stats).toMatchObject({ sent: 2_000, failed: 0, sessionsCreated: 2 });
    expect(await h.countedTotal()).toBe(2_000);
    expect(h.server.metering.repeats()).toBe(0);
    expect(batches().every((request) => cameByFetch(request) === path.byFetch)).toBe(true);
  }, 120_000);

  it('renews once for 50 concurrent events.send callers whose session expired', async () => {
    const metering = client();
    await metering.events.send([usage(0)]);
    await h.server.clock.advance('16m');
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => metering.events.send([usage(i), usage(i + 1)])),
    );
    expect(h.server.metering.sessions().created).toBe(2);
    expect(metering.sessionsCreated).toBe(2);
    expect(await h.countedTotal()).toBe(101);
  });

  it('counts an identifier pushed twice once, and counts events without identifiers each', async () => {
    const stream = client().createStream({ batchSize: 3 });
    for (const identifier of ['order_1', 'order_2', 'order_1', 'order_2', 'order_1']) {
      stream.push({ ...usage(1), identifier });
    }
    stream.push(usage(1));
    stream.push(usage(1));
    await stream.close();
    expect(stream.stats.sent).toBe(7);
    expect(await h.countedTotal()).toBe(4);
    expect(h.server.metering.lookup('order_1')?.repeats).toBe(2);
  });

  it('sends events with timestamps out of range, and the server reports them instead of counting them', async () => {
    const stream = client().createStream();
    stream.push({ ...usage(1), identifier: 'late', timestamp: '2026-04-01T00:00:00Z' });
    stream.push({ ...usage(1), identifier: 'early', timestamp: '2026-06-01T09:00:00Z' });
    stream.push({ ...usage(1), identifier: 'fine', timestamp: '2026-05-31T23:00:00Z' });
    await stream.close();
    expect(stream.stats).toMatchObject({ sent: 3, failed: 0 });
    expect(await h.countedTotal()).toBe(1);
    expect(h.server.metering.errorReport().map((entry) => [entry.identifier, entry.code])).toEqual([
      ['late', 'timestamp_too_far_in_past'],
      ['early', 'timestamp_in_future'],
    ]);
  });

  it('hands a batch that keeps failing to onBatchError with its last error and request id, after the retries its policy allows', async () => {
    h.server.faults.add({ method: 'POST', path: STREAM, status: 503, retryAfter: 0, count: 3 });
    const failures: [unknown, number][] = [];
    const stream = client().createStream({
      retry: 2,
      onBatchError: (error, events) => void failures.push([error, events.length]),
    });
    for (let i = 0; i < 10; i++) stream.push(usage(i));
    await stream.close();
    expect(failures).toHaveLength(1);
    const [error, size] = failures[0]!;
    expect(size).toBe(10);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).status).toBe(503);
    expect((error as APIError).requestId).toMatch(/^req_/);
    expect(stream.stats).toMatchObject({ accepted: 10, sent: 0, failed: 10, retried: 20 });
    expect(batches()).toHaveLength(3);
    expect(new Set(batches().map((request) => request.headers['idempotency-key'])).size).toBe(1);
  });

  it('hands every batch to onBatchError when the API key is refused, and loses none', async () => {
    const failed: number[] = [];
    const stream = client({ apiKey: 'sk_test_revoked_key_000' }).createStream({
      batchSize: 10,
      onBatchError: (_error, events) => void failed.push(events.length),
    });
    for (let i = 0; i < 35; i++) stream.push(usage(i));
    await stream.close();
    expect(failed.reduce((sum, n) => sum + n, 0)).toBe(35);
    expect(stream.stats).toMatchObject({ accepted: 35, sent: 0, failed: 35, buffered: 0 });
  });
});
