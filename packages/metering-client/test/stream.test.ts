import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import {
  BadRequestError,
  type IdentifiedMeterEvent,
  InternalServerError,
  MeterEventDeliveryError,
  MeterEventStreamClosedError,
  type MeterEventStreamOptions,
  RequestValidationError,
} from '../src/index';
import {
  gate,
  mockSessions,
  mockStream,
  ORIGIN,
  rejectionOf,
  STREAM_PATH,
  type StreamBody,
  sessionExpired,
  unitClient,
  usage,
  useNock,
} from './support/unit';

useNock();

const sizes = (bodies: StreamBody[]) => bodies.map((body) => body.events.length);

describe('batching', () => {
  it.each([
    [1, [1]],
    [100, [100]],
    [101, [100, 1]],
    [250, [100, 100, 50]],
  ])('sends %i events in batches of %j', async (count, expected) => {
    mockSessions(1);
    const bodies = mockStream(expected.length);
    const stream = unitClient().createStream();
    for (const event of usage(count)) expect(stream.push(event)).toBe(true);
    await stream.flush();
    expect(sizes(bodies).sort((a, b) => b - a)).toEqual(expected);
    expect(stream.stats).toMatchObject({ accepted: count, sent: count, failed: 0, buffered: 0 });
    const identifiers = bodies.flatMap((body) => body.events.map((event) => event.identifier));
    expect(new Set(identifiers).size).toBe(count);
  });

  it('cuts batches at batchSize', async () => {
    mockSessions(1);
    const bodies = mockStream(3);
    const stream = unitClient().createStream({ batchSize: 10 });
    for (const event of usage(25)) stream.push(event);
    await stream.flush();
    expect(sizes(bodies).sort((a, b) => b - a)).toEqual([10, 10, 5]);
  });

  it('sends a full batch at once, without waiting for the flush interval', async () => {
    mockSessions(1);
    const bodies = mockStream(1);
    const stream = unitClient().createStream({ flushIntervalMs: 60_000 });
    for (const event of usage(100)) stream.push(event);
    await vi.waitFor(() => expect(stream.stats.sent, 'the full batch sent').toBe(100), {
      timeout: 20_000,
    });
    expect(sizes(bodies)).toEqual([100]);
  });

  it('sends a partly filled batch once flushIntervalMs has passed since its first event', async () => {
    mockSessions(1);
    // When the batch reached the service: compared with the push, rather than sleeping and
    // looking, which a busy machine can stretch past the interval.
    const arrivals: { at: number; size: number }[] = [];
    nock(ORIGIN)
      .post(STREAM_PATH)
      .reply((_uri, body) => {
        arrivals.push({ at: Date.now(), size: (body as StreamBody).events.length });
        return [200, {}];
      });
    const stream = unitClient().createStream({ flushIntervalMs: 150 });
    const pushedAt = Date.now();
    for (const event of usage(3)) stream.push(event);
    await vi.waitFor(() => expect(stream.stats.sent, 'the partly filled batch sent').toBe(3), {
      timeout: 20_000,
    });
    expect(arrivals.map((arrival) => arrival.size)).toEqual([3]);
    expect(arrivals[0]!.at - pushedAt).toBeGreaterThanOrEqual(140);
  });

  it('sends a copy of each event, so later changes to the caller’s object do not leak in', async () => {
    mockSessions(1);
    const bodies = mockStream(1);
    const stream = unitClient().createStream();
    const event = { event_name: 'api_call', payload: { value: '1' } };
    stream.push(event);
    stream.push(event);
    event.payload.value = '999';
    await stream.flush();
    const [first, second] = bodies[0]!.events as unknown as IdentifiedMeterEvent[];
    expect(first!.payload.value).toBe('1');
    expect(first!.identifier).not.toBe(second!.identifier);
    expect(event).toEqual({ event_name: 'api_call', payload: { value: '999' } });
  });

  it('refuses a malformed event at push, naming the field, and takes nothing', async () => {
    const stream = unitClient().createStream();
    let error: unknown;
    try {
      stream.push({ event_name: 'api_call', payload: { value: 3 } } as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RequestValidationError);
    expect((error as Error).message).toBe(
      'Invalid meter event: payload.value must be a string, not a number',
    );
    await expect(stream.write({ event_name: '', payload: {} })).rejects.toThrow(
      'event_name must not be empty',
    );
    expect(stream.stats.accepted).toBe(0);
    await stream.close();
  });
});

describe('concurrency and backpressure', () => {
  it('keeps at most `concurrency` requests in flight', async () => {
    mockSessions(1);
    const held = gate();
    const bodies = mockStream(5, { gate: held.promise });
    const stream = unitClient().createStream({ batchSize: 10, concurrency: 2 });
    for (const event of usage(50)) stream.push(event);
    await vi.waitFor(() => expect(bodies, 'the first two batches in flight').toHaveLength(2), {
      timeout: 20_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies).toHaveLength(2);
    held.open();
    await stream.flush();
    expect(bodies).toHaveLength(5);
  });

  it('push returns false once maxBufferedEvents are held, counting those in flight', async () => {
    mockSessions(1);
    const held = gate();
    mockStream(3, { gate: held.promise });
    const stream = unitClient().createStream({ batchSize: 10, maxBufferedEvents: 20 });
    const results = usage(21).map((event) => stream.push(event));
    expect(results.slice(0, 20).every(Boolean)).toBe(true);
    expect(results[20]).toBe(false);
    expect(stream.stats).toMatchObject({ accepted: 20, buffered: 20 });
    held.open();
    await stream.flush();
    expect(stream.push(usage(1)[0]!)).toBe(true);
    await stream.close();
  });

  it('write waits for room and resolves once a batch is delivered', async () => {
    const [token] = mockSessions(1);
    const held = gate();
    mockStream(1, { gate: held.promise });
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${token}` } })
      .post(STREAM_PATH)
      .reply(200, {});
    const stream = unitClient().createStream({ batchSize: 10, maxBufferedEvents: 10 });
    for (const event of usage(10)) await stream.write(event);
    let written = false;
    const waiting = stream.write(usage(1)[0]!).then(() => {
      written = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written).toBe(false);
    expect(stream.stats.accepted).toBe(10);
    held.open();
    await waiting;
    expect(stream.stats.accepted).toBe(11);
    await stream.close();
    expect(stream.stats).toMatchObject({ accepted: 11, sent: 11, buffered: 0 });
  });
});

describe('flush and close', () => {
  it('close sends what is pending, then refuses new events', async () => {
    mockSessions(1);
    const bodies = mockStream(1);
    const stream = unitClient().createStream({ flushIntervalMs: 60_000 });
    for (const event of usage(7)) stream.push(event);
    await stream.close();
    expect(sizes(bodies)).toEqual([7]);
    expect(stream.closed).toBe(true);
    expect(() => stream.push(usage(1)[0]!)).toThrow(MeterEventStreamClosedError);
    await expect(stream.write(usage(1)[0]!)).rejects.toBeInstanceOf(MeterEventStreamClosedError);
    expect(stream.stats).toMatchObject({ accepted: 7, sent: 7, buffered: 0, sessionsCreated: 1 });
  });

  it('close returns the same promise when called again', async () => {
    const stream = unitClient().createStream();
    const first = stream.close();
    expect(stream.close()).toBe(first);
    await first;
  });

  it('close lets writes that were already waiting for room put their events in', async () => {
    mockSessions(1);
    const held = gate();
    const bodies = mockStream(3, { gate: held.promise });
    const stream = unitClient().createStream({ batchSize: 10, maxBufferedEvents: 10 });
    const writes = usage(30).map((event) => stream.write(event));
    const closing = stream.close();
    held.open();
    await Promise.all(writes);
    await closing;
    expect(sizes(bodies)).toEqual([10, 10, 10]);
    expect(stream.stats).toMatchObject({ accepted: 30, sent: 30 });
  });

  it('flush waits for batches already in flight', async () => {
    mockSessions(1);
    const held = gate();
    mockStream(1, { gate: held.promise });
    const stream = unitClient().createStream();
    for (const event of usage(5)) stream.push(event);
    let flushed = false;
    const flushing = stream.flush().then(() => {
      flushed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(flushed).toBe(false);
    held.open();
    await flushing;
    expect(stream.stats.sent).toBe(5);
  });
});

describe('failures', () => {
  it('retries a batch after 503 with the same identifiers and counts the retried events', async () => {
    mockSessions(1);
    const failing = mockStream(2, { status: 503, retryAfter: '0' });
    const succeeding = mockStream(1);
    const stream = unitClient().createStream();
    for (const event of usage(4)) stream.push(event);
    await stream.flush();
    expect(failing[0]).toEqual(succeeding[0]);
    expect(failing[1]).toEqual(succeeding[0]);
    expect(stream.stats).toMatchObject({ sent: 4, retried: 8, failed: 0 });
  });

  it('sends each batch with one Idempotency-Key on all its attempts, and another key per batch', async () => {
    mockSessions(1);
    const keys: string[] = [];
    nock(ORIGIN)
      .post(STREAM_PATH)
      .times(3)
      .reply(function () {
        keys.push(String(this.req.headers['idempotency-key']));
        return keys.length === 1
          ? [503, { error: { type: 'api_error', message: 'busy' } }, { 'retry-after': '0' }]
          : [200, {}];
      });
    const stream = unitClient().createStream({ batchSize: 2, concurrency: 1 });
    for (const event of usage(4)) stream.push(event);
    await stream.flush();
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(stream.stats).toMatchObject({ sent: 4, retried: 2 });
  });

  it('renews an expired session in the middle of a stream and delivers the batch, without counting the resend as a retry', async () => {
    const [first, second] = mockSessions(2);
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${first}` } })
      .post(STREAM_PATH)
      .reply(401, sessionExpired);
    nock(ORIGIN, { reqheaders: { authorization: `Bearer ${second}` } })
      .post(STREAM_PATH)
      .reply(200, {});
    const stream = unitClient().createStream();
    for (const event of usage(3)) stream.push(event);
    await stream.flush();
    expect(stream.stats).toMatchObject({ sent: 3, retried: 0, failed: 0, sessionsCreated: 2 });
  });

  it('hands a batch refused with 400 to onBatchError at once, without retrying it', async () => {
    mockSessions(1);
    mockStream(1, { status: 400 });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({ onBatchError });
    const events = usage(3);
    for (const event of events) stream.push(event);
    await stream.flush();
    expect(onBatchError).toHaveBeenCalledTimes(1);
    const [error, batch] = onBatchError.mock.calls[0]!;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(batch.map((e: IdentifiedMeterEvent) => e.payload)).toEqual(events.map((e) => e.payload));
    expect(stream.stats).toMatchObject({
      accepted: 3,
      sent: 0,
      failed: 3,
      retried: 0,
      buffered: 0,
    });
  });

  it('hands a batch to onBatchError after the stream’s retry limit of retries of 503', async () => {
    mockSessions(1);
    mockStream(3, { status: 503, retryAfter: '0' });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({ retry: 2, onBatchError });
    for (const event of usage(5)) stream.push(event);
    await stream.flush();
    expect(onBatchError.mock.calls[0]![0]).toBeInstanceOf(InternalServerError);
    expect(stream.stats).toMatchObject({ sent: 0, failed: 5, retried: 10 });
  });

  it('takes the stream’s retry in ky’s shape: statusCodes leaves a 503 unretried', async () => {
    mockSessions(1);
    mockStream(1, { status: 503, retryAfter: '0' });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({
      retry: { limit: 4, statusCodes: [500] },
      onBatchError,
    });
    for (const event of usage(2)) stream.push(event);
    await stream.flush();
    expect(onBatchError).toHaveBeenCalledTimes(1);
    expect(stream.stats).toMatchObject({ sent: 0, failed: 2, retried: 0 });
  });

  it('without onBatchError, flush rejects with the undelivered batches, once', async () => {
    mockSessions(1);
    mockStream(1, { status: 400 });
    const stream = unitClient().createStream();
    for (const event of usage(2)) stream.push(event);
    const error = await rejectionOf(stream.flush());
    expect(error).toBeInstanceOf(MeterEventDeliveryError);
    expect((error as MeterEventDeliveryError).failures).toHaveLength(1);
    expect((error as MeterEventDeliveryError).failures[0]!.events).toHaveLength(2);
    expect((error as Error).message).toMatch(
      /^2 meter events could not be delivered; first error: 400 /,
    );
    await stream.flush();
    await stream.close();
  });

  it('treats a batch whose onBatchError throws as undelivered, and close rejects with it', async () => {
    mockSessions(1);
    mockStream(1, { status: 400 });
    const stream = unitClient().createStream({
      onBatchError: () => {
        throw new Error('disk full');
      },
    });
    stream.push(usage(1)[0]!);
    expect(await rejectionOf(stream.close())).toBeInstanceOf(MeterEventDeliveryError);
  });
});

describe('stream options', () => {
  it.each([
    [{ batchSize: 0 }, 'batchSize must be at least 1'],
    [{ batchSize: 101 }, 'batchSize must be at most 100'],
    [{ concurrency: 0 }, 'concurrency must be at least 1'],
    [{ maxBufferedEvents: 50, batchSize: 100 }, 'maxBufferedEvents must be at least batchSize'],
    [{ flushIntervalMs: -1 }, 'flushIntervalMs must be at least 0'],
    [{ retry: 1.5 }, 'retry must be a whole number of retries or retry options'],
    [{ retry: { limit: -1 } }, 'retry must be a whole number of retries or retry options'],
    [{ retry: 'twice' }, 'retry must be a whole number of retries or retry options'],
    [{ maxRetries: 2 }, 'maxRetries is not an option'],
  ])('refuses %j', (options, message) => {
    expect(() => unitClient().createStream(options as MeterEventStreamOptions)).toThrow(message);
  });
});
