import { DEFAULT_SERVICE_VERSION, MeteringClient } from '@clientkit/metering-client';
import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import { cpuMs, nowMs } from './stats';

/** Events per second and CPU milliseconds (client and in-process server together) per 1,000 events. */
export interface MeteringThroughput {
  eventsPerSec: number;
  cpuMsPer1000: number;
}

/** Options of `benchMeteringStream`. */
export interface MeteringStreamBenchOptions {
  /** Events each sender delivers in all, over every round (default 100 000). */
  events?: number;
  /** Events per request (default 100). */
  batchSize?: number;
  /** Requests in flight at once (default 8). */
  concurrency?: number;
}

const API_KEY = 'sk_test_clientkit_dev_key';
const ROUNDS = 4;
const WARM_UP_EVENTS = 5_000;

/** The same event both senders build: what a metered API would record per call. */
function usageEvent(index: number) {
  return {
    event_name: 'api_call',
    payload: { stripe_customer_id: `cus_${index % 1000}`, value: '1' },
  };
}

interface Sender {
  name: 'sdk' | 'raw';
  send(url: string, events: number, batchSize: number, concurrency: number): Promise<void>;
}

/** The SDK as an application would use it: a stream, `push`, `write` when it is full, `close`. */
const sdkSender: Sender = {
  name: 'sdk',
  async send(url, events, batchSize, concurrency) {
    const metering = new MeteringClient({ baseUrl: url, apiKey: API_KEY });
    const stream = metering.createStream({
      batchSize,
      concurrency,
      maxBufferedEvents: batchSize * concurrency * 2,
    });
    for (let i = 0; i < events; i++) {
      const event = usageEvent(i);
      if (!stream.push(event)) await stream.write(event);
    }
    await stream.close();
    if (stream.stats.sent !== events) throw new Error(`sdk sent ${stream.stats.sent} of ${events}`);
  },
};

/** What a careful user writes with `fetch` alone: own session, identifiers, batches, N workers. */
const rawSender: Sender = {
  name: 'raw',
  async send(url, events, batchSize, concurrency) {
    const sessionResponse = await fetch(`${url}/v2/billing/meter_event_session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${API_KEY}`, 'service-version': DEFAULT_SERVICE_VERSION },
    });
    const session = (await sessionResponse.json()) as { authentication_token: string };
    const headers = {
      authorization: `Bearer ${session.authentication_token}`,
      'content-type': 'application/json',
      'service-version': DEFAULT_SERVICE_VERSION,
    };
    let next = 0;
    const worker = async () => {
      while (next < events) {
        const start = next;
        const end = Math.min(events, start + batchSize);
        next = end;
        const batch = [];
        for (let i = start; i < end; i++) {
          batch.push({ ...usageEvent(i), identifier: crypto.randomUUID() });
        }
        const response = await fetch(`${url}/v2/billing/meter_event_stream`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ events: batch }),
        });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`raw sender got ${response.status}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  },
};

/** Runs one sender and waits for the server to count what it sent, so both pay for the same work. */
async function measure(
  server: ReferenceServer,
  url: string,
  sender: Sender,
  events: number,
  batchSize: number,
  concurrency: number,
): Promise<{ ms: number; cpu: number }> {
  const countedBefore = server.metering.counted().total;
  const startedCpu = cpuMs();
  const started = nowMs();
  await sender.send(url, events, batchSize, concurrency);
  await server.clock.settle();
  const ms = nowMs() - started;
  const cpu = cpuMs() - startedCpu;
  const counted = server.metering.counted().total - countedBefore;
  if (counted !== events)
    throw new Error(`${sender.name}: the server counted ${counted} of ${events}`);
  return { ms, cpu };
}

/**
 * Delivers the same number of events through `createStream` and through a hand-written `fetch`
 * sender with the same batch size and concurrency, against one reference server on loopback, in
 * alternating rounds so that neither gets the warmer process. `ratio` is the SDK's events per
 * second over raw fetch's.
 */
export async function benchMeteringStream(options: MeteringStreamBenchOptions = {}): Promise<{
  sdk: MeteringThroughput;
  raw: MeteringThroughput;
  ratio: number;
}> {
  const events = options.events ?? 100_000;
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.concurrency ?? 8;
  const server = await createReferenceServer();
  try {
    const { url } = await server.listen(0);
    for (const sender of [sdkSender, rawSender]) {
      await measure(server, url, sender, WARM_UP_EVENTS, batchSize, concurrency);
    }
    const totals = { sdk: { ms: 0, cpu: 0, events: 0 }, raw: { ms: 0, cpu: 0, events: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      const perRound = Math.floor(events / ROUNDS) + (round < events % ROUNDS ? 1 : 0);
      const order = round % 2 === 0 ? [sdkSender, rawSender] : [rawSender, sdkSender];
      for (const sender of order) {
        const result = await measure(server, url, sender, perRound, batchSize, concurrency);
        const total = totals[sender.name];
        total.ms += result.ms;
        total.cpu += result.cpu;
        total.events += perRound;
      }
    }
    const summary = (total: { ms: number; cpu: number; events: number }): MeteringThroughput => ({
      eventsPerSec: (total.events / total.ms) * 1000,
      cpuMsPer1000: (total.cpu / total.events) * 1000,
    });
    const sdk = summary(totals.sdk);
    const raw = summary(totals.raw);
    return { sdk, raw, ratio: sdk.eventsPerSec / raw.eventsPerSec };
  } finally {
    await server.close();
  }
}
