import { inspect } from 'node:util';
import { createReferenceServer } from '@clientkit/reference-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from '../../../test-support/within';
import {
  APIConnectionError,
  AuthenticationError,
  type IdentifiedMeterEvent,
  InternalServerError,
  type MeterEvent,
  MeterEventDeliveryError,
  type MeteringClientOptions,
  PermissionDeniedError,
} from '../src/index';
import { useMeteringServer } from './support/e2e';
import { type Relay, startRelay } from './support/relay';
import { useStreamWarnings, warningsDelivered } from './support/warnings';

const h = useMeteringServer();
const warnings = useStreamWarnings();
const STREAM = '/v2/billing/meter_event_stream';
const SESSION = '/v2/billing/meter_event_session';
const REVOKED_KEY = 'sk_test_revoked_key_000';

const usage = (i: number): MeterEvent => ({
  event_name: 'api_call',
  payload: { stripe_customer_id: `cus_${i % 50}`, value: '1' },
});

/** A handler that keeps every report, as an application saving failed events would. */
function reports() {
  const calls: { error: unknown; events: IdentifiedMeterEvent[] }[] = [];
  return {
    calls,
    onBatchError: (error: unknown, events: IdentifiedMeterEvent[]) => {
      calls.push({ error, events });
    },
  };
}

/** The URL of a reference server that has stopped: connections to it are refused. */
async function stoppedServerUrl(): Promise<string> {
  const server = await createReferenceServer();
  const { url } = await server.listen(0);
  await server.close();
  return url;
}

// A relay in front of the server counts the requests of each kind the client makes.
let relay: Relay;
beforeAll(async () => {
  relay = await startRelay(h.url);
});
afterAll(() => relay.close());
beforeEach(() => {
  relay.requests.length = 0;
  relay.onAnswer = () => true;
});
const requestsTo = (path: string) => relay.requests.filter((request) => request.path === path);

const PATHS: { name: string; options: Partial<MeteringClientOptions> }[] = [
  { name: 'over node:http', options: {} },
  {
    name: "through ky and the application's fetch",
    options: { fetch: (input, init) => fetch(input, init) },
  },
];

describe.each(PATHS)('a stream that fails as a whole, $name', (path) => {
  const client = (options: Partial<MeteringClientOptions> = {}) =>
    h.client({ baseUrl: relay.url, ...path.options, ...options });

  it('asks for one session in all when the API key is refused, reports the 10,000 events it holds once, and refuses more with that error', async () => {
    const { calls, onBatchError } = reports();
    const stream = client({ apiKey: REVOKED_KEY }).createStream({ concurrency: 8, onBatchError });
    for (let i = 0; i < 10_000; i++) expect(stream.push(usage(i))).toBe(true);
    await within(60_000, 'the stream closed', stream.close());

    expect(requestsTo(SESSION)).toHaveLength(1);
    expect(requestsTo(STREAM)).toHaveLength(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.error).toBeInstanceOf(AuthenticationError);
    expect((calls[0]!.error as AuthenticationError).code).toBe('api_key_invalid');
    expect(calls[0]!.events).toHaveLength(10_000);
    const refusal = (() => {
      try {
        stream.push(usage(0));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBe(calls[0]!.error);
    expect(stream.stats).toMatchObject({ accepted: 10_000, sent: 0, failed: 10_000, refused: 1 });
  }, 90_000);

  it('reports once, in one call, the 10,000 events it holds when the server refuses connections', async () => {
    const { calls, onBatchError } = reports();
    const metering = h.client({ ...path.options, baseUrl: await stoppedServerUrl(), retry: 2 });
    const stream = metering.createStream({ concurrency: 8, onBatchError });
    for (let i = 0; i < 10_000; i++) stream.push(usage(i));
    await within(60_000, 'the stream closed', stream.close());

    expect(calls).toHaveLength(1);
    expect(calls[0]!.error).toBeInstanceOf(APIConnectionError);
    expect(calls[0]!.events).toHaveLength(10_000);
    expect(stream.stats).toMatchObject({ accepted: 10_000, sent: 0, failed: 10_000 });
  }, 90_000);

  it('stops at a 403 on a batch: batches in flight end as they will, everything else fails in one report, counted nowhere', async () => {
    h.server.faults.add({ method: 'POST', path: STREAM, status: 403 });
    const { calls, onBatchError } = reports();
    const stream = client().createStream({ concurrency: 4, onBatchError });
    for (let i = 0; i < 1_000; i++) stream.push(usage(i));
    await within(60_000, 'the stream closed', stream.close());

    expect(calls).toHaveLength(1);
    expect(calls[0]!.error).toBeInstanceOf(PermissionDeniedError);
    const { sent, failed } = stream.stats;
    expect(sent + failed).toBe(1_000);
    expect(calls[0]!.events).toHaveLength(failed);
    expect(failed).toBeGreaterThanOrEqual(100);
    expect(await h.countedTotal()).toBe(sent);
    expect(() => stream.push(usage(0))).toThrow(PermissionDeniedError);
  }, 90_000);
});

describe('createStream against the reference server: failures reported once', () => {
  const client = (options: Partial<MeteringClientOptions> = {}) =>
    h.client({ baseUrl: relay.url, ...options });

  it('asks for one session and reports once when the server is down behind a proxy that drops every request', async () => {
    const deadEnd = await startRelay(await stoppedServerUrl());
    try {
      const { calls, onBatchError } = reports();
      const stream = h.client({ baseUrl: deadEnd.url }).createStream({ onBatchError });
      for (let i = 0; i < 10_000; i++) stream.push(usage(i));
      await within(60_000, 'the stream closed', stream.close());
      expect(deadEnd.requests.map((request) => request.path)).toEqual([SESSION]);
      expect(calls).toHaveLength(1);
      expect(calls[0]!.events).toHaveLength(10_000);
    } finally {
      await deadEnd.close();
    }
  }, 90_000);

  it('stops when the session cannot be renewed (a 401 on the session), reporting what it holds once', async () => {
    const { calls, onBatchError } = reports();
    const stream = client().createStream({ onBatchError });
    for (let i = 0; i < 100; i++) stream.push(usage(i));
    await stream.flush();
    await h.server.clock.advance('16m');
    h.server.faults.add({ method: 'POST', path: SESSION, status: 401, probability: 1 });
    for (let i = 0; i < 300; i++) stream.push(usage(i));
    await within(60_000, 'the stream closed', stream.close());

    expect(calls).toHaveLength(1);
    expect(calls[0]!.error).toBeInstanceOf(AuthenticationError);
    expect((calls[0]!.error as AuthenticationError).url).toContain(SESSION);
    expect(calls[0]!.events).toHaveLength(300);
    expect(stream.stats).toMatchObject({ accepted: 400, sent: 100, failed: 300 });
    expect(() => stream.push(usage(0))).toThrow(AuthenticationError);
  }, 90_000);

  it('reports an outage (503 on every batch past its retries) once, then resumes when the service does', async () => {
    h.server.faults.add({
      method: 'POST',
      path: STREAM,
      status: 503,
      retryAfter: 0,
      probability: 1,
    });
    const { calls, onBatchError } = reports();
    const stream = client().createStream({ concurrency: 4, retry: 2, onBatchError });
    for (let i = 0; i < 1_000; i++) stream.push(usage(i));
    await within(60_000, 'the outage reported', stream.flush());

    expect(calls).toHaveLength(1);
    expect(calls[0]!.error).toBeInstanceOf(InternalServerError);
    expect(calls[0]!.events).toHaveLength(1_000);
    // Only the batches that were in flight tried, each with its retries: the others waited.
    expect(requestsTo(STREAM)).toHaveLength(4 * 3);

    h.server.faults.clear();
    for (let i = 0; i < 200; i++) stream.push(usage(i));
    await within(60_000, 'the stream closed', stream.close());
    expect(calls).toHaveLength(1);
    expect(stream.stats).toMatchObject({ accepted: 1_200, sent: 200, failed: 1_000 });
    expect(await h.countedTotal()).toBe(200);
  }, 90_000);

  it('without onBatchError, announces an outage once as a process warning that prints a count, and close raises every event', async () => {
    h.server.faults.add({
      method: 'POST',
      path: STREAM,
      status: 503,
      retryAfter: 0,
      probability: 1,
    });
    const stream = client().createStream({ retry: 1 });
    const announced = warnings.next();
    for (let i = 0; i < 100; i++) stream.push(usage(i));
    const warning = await within(60_000, 'the outage announced', announced);
    for (let i = 0; i < 100; i++) stream.push(usage(i));
    await vi.waitFor(() => expect(stream.stats.failed, 'the second batch failed').toBe(200), {
      timeout: 60_000,
    });
    await warningsDelivered();
    expect(warnings.list).toEqual([warning]);

    const printed = inspect(warning, { depth: 10 });
    expect(printed).toContain('100 meter events could not be delivered');
    expect(printed).not.toContain(warning.failures[0]!.events[0]!.identifier);
    const raised = (await within(60_000, 'the stream closed', stream.close()).catch(
      (error: unknown) => error,
    )) as MeterEventDeliveryError;
    expect(raised).toBeInstanceOf(MeterEventDeliveryError);
    expect(raised.failures.flatMap((failure) => failure.events)).toHaveLength(200);
  }, 90_000);

  it('counts in stats.refused the 10,000 of 20,000 pushed events a 10,000-event buffer refuses, and delivers the rest', async () => {
    const stream = client().createStream();
    let taken = 0;
    for (let i = 0; i < 20_000; i++) if (stream.push(usage(i))) taken += 1;
    await within(60_000, 'the stream closed', stream.close());
    expect(taken).toBe(10_000);
    expect(stream.stats).toMatchObject({ accepted: 10_000, sent: 10_000, refused: 10_000 });
    expect(await h.countedTotal()).toBe(10_000);
  }, 90_000);

  it('closes the stream at the end of an await using block, delivering what it holds', async () => {
    const metering = client();
    {
      await using stream = metering.createStream({ flushIntervalMs: 60_000 });
      for (let i = 0; i < 7; i++) stream.push(usage(i));
    }
    expect(await h.countedTotal()).toBe(7);
  });
});
