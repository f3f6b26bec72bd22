import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import {
  type APIError,
  AuthenticationError,
  BadRequestError,
  type IdentifiedMeterEvent,
  InternalServerError,
  MeterEventDeliveryError,
  MeterEventStreamClosedError,
  PermissionDeniedError,
} from '../src/index';
import {
  gate,
  mockSessions,
  mockStream,
  ORIGIN,
  rejectionOf,
  SESSION_PATH,
  STREAM_PATH,
  type StreamBody,
  unitClient,
  usage,
  useNock,
} from './support/unit';
import { useStreamWarnings, warningsDelivered } from './support/warnings';

useNock();

const warnings = useStreamWarnings();

const identifiersOf = (events: IdentifiedMeterEvent[]) => events.map((event) => event.identifier);

describe('credentials refused: the stream stops', () => {
  it.each([
    [401, AuthenticationError],
    [403, PermissionDeniedError],
  ])(
    'stops at a %i on a batch: that batch and every queued event go to one onBatchError call, unsent',
    async (status, errorClass) => {
      mockSessions(1);
      const bodies = mockStream(1, { status });
      const onBatchError = vi.fn();
      const stream = unitClient().createStream({ batchSize: 10, concurrency: 1, onBatchError });
      for (const event of usage(50)) stream.push(event);
      await stream.flush();
      expect(bodies).toHaveLength(1);
      expect(onBatchError).toHaveBeenCalledTimes(1);
      const [error, events] = onBatchError.mock.calls[0]!;
      expect(error).toBeInstanceOf(errorClass);
      expect((error as APIError).status).toBe(status);
      expect(events).toHaveLength(50);
      expect(new Set(identifiersOf(events)).size).toBe(50);
      expect(stream.stats).toMatchObject({ accepted: 50, sent: 0, failed: 50, buffered: 0 });
    },
  );

  it('refuses push and write after a stop with the error that stopped it, counting them in stats.refused', async () => {
    mockSessions(1);
    mockStream(1, { status: 401 });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({ onBatchError });
    stream.push(usage(1)[0]!);
    await stream.flush();
    const cause = onBatchError.mock.calls[0]![0];
    expect(cause).toBeInstanceOf(AuthenticationError);
    expect(() => stream.push(usage(1)[0]!)).toThrow(cause);
    expect(await rejectionOf(stream.write(usage(1)[0]!))).toBe(cause);
    expect(stream.stats).toMatchObject({ accepted: 1, failed: 1, refused: 2 });
    await stream.close();
    expect(onBatchError).toHaveBeenCalledTimes(1);
  });

  it('makes one session request in all when the API key is refused, however many batches wait', async () => {
    // One refusal is mocked: a second session request would find no mock and fail differently.
    nock(ORIGIN)
      .post(SESSION_PATH)
      .reply(401, {
        error: {
          type: 'authentication_error',
          code: 'api_key_invalid',
          message: 'Invalid API key',
        },
      });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({ concurrency: 4, onBatchError });
    for (const event of usage(1_000)) stream.push(event);
    await stream.close();
    expect(onBatchError).toHaveBeenCalledTimes(1);
    const [error, events] = onBatchError.mock.calls[0]!;
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).code).toBe('api_key_invalid');
    expect(events).toHaveLength(1_000);
    expect(stream.stats).toMatchObject({ sent: 0, failed: 1_000, sessionsCreated: 0 });
  });

  it('reports a stop once the batches in flight have ended, with those that fail the same way', async () => {
    mockSessions(1);
    const held = gate();
    let answered = 0;
    nock(ORIGIN)
      .post(STREAM_PATH)
      .times(2)
      .reply(async () => {
        // The first is refused at once; the second, in flight meanwhile, is refused later.
        answered += 1;
        if (answered === 2) await held.promise;
        return [401, { error: { type: 'authentication_error', message: 'Invalid token' } }];
      });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({ batchSize: 10, concurrency: 2, onBatchError });
    for (const event of usage(40)) stream.push(event);
    await vi.waitFor(() => expect(answered, 'both batches sent').toBe(2), { timeout: 20_000 });
    held.open();
    await stream.flush();
    expect(onBatchError).toHaveBeenCalledTimes(1);
    expect(onBatchError.mock.calls[0]![1]).toHaveLength(40);
  });

  it('counts a batch in flight that is delivered while the stream stops as sent, and fails the rest', async () => {
    mockSessions(1);
    const held = gate();
    let answered = 0;
    nock(ORIGIN)
      .post(STREAM_PATH)
      .times(2)
      .reply(async () => {
        answered += 1;
        if (answered === 1) return [403, { error: { type: 'invalid_request_error' } }];
        await held.promise;
        return [200, {}];
      });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({ batchSize: 10, concurrency: 2, onBatchError });
    for (const event of usage(40)) stream.push(event);
    await vi.waitFor(() => expect(answered, 'both batches sent').toBe(2), { timeout: 20_000 });
    held.open();
    await stream.flush();
    expect(onBatchError).toHaveBeenCalledTimes(1);
    expect(onBatchError.mock.calls[0]![1]).toHaveLength(30);
    expect(stream.stats).toMatchObject({ accepted: 40, sent: 10, failed: 30, buffered: 0 });
  });

  it('refuses a write that waits for room when the stream stops, with the error that stopped it', async () => {
    mockSessions(1);
    const held = gate();
    mockStream(1, { status: 401, gate: held.promise });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({
      batchSize: 10,
      maxBufferedEvents: 10,
      onBatchError,
    });
    for (const event of usage(10)) await stream.write(event);
    const waiting = rejectionOf(stream.write(usage(1)[0]!));
    held.open();
    expect(await waiting).toBeInstanceOf(AuthenticationError);
    await stream.close();
    expect(stream.stats).toMatchObject({ accepted: 10, failed: 10, refused: 1, buffered: 0 });
  });
});

describe('an outage: reported once, then the stream resumes', () => {
  it('hands a batch that 503s past its retries, and every event queued behind it, to one onBatchError call', async () => {
    mockSessions(1);
    const failing = mockStream(3, { status: 503, retryAfter: '0' });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({
      batchSize: 10,
      concurrency: 1,
      retry: 2,
      onBatchError,
    });
    for (const event of usage(30)) stream.push(event);
    await stream.flush();
    expect(failing).toHaveLength(3);
    expect(onBatchError).toHaveBeenCalledTimes(1);
    const [error, events] = onBatchError.mock.calls[0]!;
    expect(error).toBeInstanceOf(InternalServerError);
    expect(events).toHaveLength(30);
    expect(stream.stats).toMatchObject({ sent: 0, failed: 30, retried: 20 });
  });

  it('sends the events pushed after an outage was reported, and takes them as usual', async () => {
    mockSessions(1);
    mockStream(1, { status: 503, retryAfter: '0' });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({ retry: 0, onBatchError });
    for (const event of usage(5)) stream.push(event);
    await stream.flush();
    const delivered = mockStream(1);
    for (const event of usage(3)) expect(stream.push(event)).toBe(true);
    await stream.close();
    expect(delivered.map((body) => body.events.length)).toEqual([3]);
    expect(onBatchError).toHaveBeenCalledTimes(1);
    expect(stream.stats).toMatchObject({ accepted: 8, sent: 3, failed: 5, refused: 0 });
  });

  it('leaves the stream going after a batch refused for itself (400): only that batch fails', async () => {
    mockSessions(1);
    mockStream(1, { status: 400 });
    const delivered = mockStream(1);
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({ batchSize: 10, concurrency: 1, onBatchError });
    for (const event of usage(20)) stream.push(event);
    await stream.close();
    expect(onBatchError).toHaveBeenCalledTimes(1);
    expect(onBatchError.mock.calls[0]![0]).toBeInstanceOf(BadRequestError);
    expect(onBatchError.mock.calls[0]![1]).toHaveLength(10);
    expect(delivered).toHaveLength(1);
    expect(stream.stats).toMatchObject({ sent: 10, failed: 10 });
  });
});

describe('never silent without onBatchError', () => {
  it('announces a stop as one process warning, a MeterEventDeliveryError with every event, and flush raises it too', async () => {
    mockSessions(1);
    mockStream(1, { status: 401 });
    const stream = unitClient().createStream({ batchSize: 10, concurrency: 1 });
    const announced = warnings.next();
    for (const event of usage(30)) stream.push(event);
    const warning = await announced;
    expect(warning.message).toMatch(/^30 meter events could not be delivered; first error: 401 /);
    expect(warning.failures[0]!.events).toHaveLength(30);
    await warningsDelivered();
    expect(warnings.list).toHaveLength(1);
    const raised = await rejectionOf(stream.flush());
    expect(raised).toBeInstanceOf(MeterEventDeliveryError);
    expect((raised as MeterEventDeliveryError).failures[0]!.events).toHaveLength(30);
  });

  it('announces an outage once however many times its events fail, and a new outage after a delivery again', async () => {
    mockSessions(1);
    const stream = unitClient().createStream({ retry: 0, batchSize: 10 });
    const send = async (status: number) => {
      mockStream(1, { status });
      const before = stream.stats;
      for (const event of usage(10)) stream.push(event);
      await vi.waitFor(() => expect(stream.stats.buffered, 'the batch answered').toBe(0), {
        timeout: 20_000,
      });
      return stream.stats.sent - before.sent;
    };
    const first = warnings.next();
    expect(await send(503)).toBe(0);
    await first;
    expect(await send(503)).toBe(0);
    await warningsDelivered();
    expect(warnings.list, 'the same outage, once').toHaveLength(1);
    expect(await send(200)).toBe(10);
    expect(await send(503)).toBe(0);
    await warningsDelivered();
    expect(warnings.list, 'a new outage after a delivery').toHaveLength(2);
    const raised = (await rejectionOf(stream.close())) as MeterEventDeliveryError;
    expect(raised.failures.map((failure) => failure.events.length)).toEqual([10, 10, 10]);
    expect(raised.message).toMatch(/^30 meter events could not be delivered; 3 failures, /);
  });

  it('warns of nothing when onBatchError takes the events', async () => {
    mockSessions(1);
    mockStream(1, { status: 401 });
    const onBatchError = vi.fn();
    const stream = unitClient().createStream({ flushIntervalMs: 0, onBatchError });
    stream.push(usage(1)[0]!);
    await vi.waitFor(() => expect(onBatchError).toHaveBeenCalledTimes(1), { timeout: 20_000 });
    await warningsDelivered();
    expect(warnings.list).toEqual([]);
  });

  it('warns of nothing when a close under way raises the failure itself', async () => {
    mockSessions(1);
    mockStream(1, { status: 400 });
    const stream = unitClient().createStream();
    stream.push(usage(1)[0]!);
    expect(await rejectionOf(stream.close())).toBeInstanceOf(MeterEventDeliveryError);
    await warningsDelivered();
    expect(warnings.list).toEqual([]);
  });

  it('announces a failure whose onBatchError throws, and raises it from close', async () => {
    mockSessions(1);
    mockStream(1, { status: 400 });
    const stream = unitClient().createStream({
      flushIntervalMs: 0,
      onBatchError: () => {
        throw new Error('disk full');
      },
    });
    const announced = warnings.next();
    stream.push(usage(1)[0]!);
    expect((await announced).failures[0]!.error).toBeInstanceOf(BadRequestError);
    expect(await rejectionOf(stream.close())).toBeInstanceOf(MeterEventDeliveryError);
  });
});

describe('MeterEventDeliveryError', () => {
  const failures = () => [
    {
      error: new Error('503 api_error'),
      events: usage(10).map((event, i) => ({ ...event, identifier: `event_${i}` })),
    },
  ];

  it('keeps its events out of what inspect and JSON.stringify print, which shows how many', () => {
    const error = new MeterEventDeliveryError(failures());
    const printed = inspect(error, { depth: 10 });
    expect(printed).toContain('10 meter events could not be delivered; first error: 503 api_error');
    expect(printed).not.toContain('event_');
    expect(printed.split('\n').length).toBeLessThan(20);
    expect(JSON.stringify(error)).not.toContain('event_');
  });

  it('still hands its events over through failures', () => {
    const error = new MeterEventDeliveryError(failures());
    expect(error.failures[0]!.events.map((event) => event.identifier)).toContain('event_9');
  });
});

describe('stats.refused', () => {
  it('counts each event push refused for want of room', async () => {
    mockSessions(1);
    const held = gate();
    mockStream(2, { gate: held.promise });
    const stream = unitClient().createStream({ batchSize: 10, maxBufferedEvents: 20 });
    const taken = usage(35).map((event) => stream.push(event));
    expect(taken.filter(Boolean)).toHaveLength(20);
    expect(stream.stats).toMatchObject({ accepted: 20, refused: 15 });
    held.open();
    await stream.close();
    expect(stream.stats).toMatchObject({ accepted: 20, sent: 20, refused: 15 });
  });

  it('counts events push and write refused after close, and not malformed ones', async () => {
    const stream = unitClient().createStream();
    await stream.close();
    expect(() => stream.push(usage(1)[0]!)).toThrow(MeterEventStreamClosedError);
    await expect(stream.write(usage(1)[0]!)).rejects.toBeInstanceOf(MeterEventStreamClosedError);
    const fresh = unitClient().createStream();
    expect(() => fresh.push({ event_name: '', payload: {} })).toThrow('event_name');
    expect(stream.stats.refused).toBe(2);
    expect(fresh.stats.refused).toBe(0);
    await fresh.close();
  });
});

describe('await using', () => {
  it('closes the stream when the block ends, sending what it holds', async () => {
    mockSessions(1);
    const bodies = mockStream(1);
    let used: { closed: boolean; stats: { sent: number } } | undefined;
    {
      await using stream = unitClient().createStream({ flushIntervalMs: 60_000 });
      for (const event of usage(3)) stream.push(event);
      used = stream;
    }
    expect(used.closed).toBe(true);
    expect(used.stats.sent).toBe(3);
    expect(bodies.map((body: StreamBody) => body.events.length)).toEqual([3]);
  });

  it('raises the events nobody took when the block ends', async () => {
    mockSessions(1);
    mockStream(1, { status: 400 });
    const leaving = async () => {
      await using stream = unitClient().createStream();
      stream.push(usage(1)[0]!);
    };
    expect(await rejectionOf(leaving())).toBeInstanceOf(MeterEventDeliveryError);
  });
});
