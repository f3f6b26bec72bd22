import { DEV, meteringClient, reasonOf } from './ours';
import { stripeOnFetch, stripeOnNodeHttp } from './peers';
import { admin } from './server-process';
import { cpuMs, median, nowMs } from './stats';

/** A figure over rounds: its median, and the lowest and highest round. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  samples: number[];
}

/**
 * Events per second, and client CPU milliseconds (this process only) per 1,000 events, over the
 * rounds; and the first sender's figures over this sender's, paired round by round (so that a round
 * on a busier machine weighs on both sides of its ratio).
 */
export interface MeteringThroughput {
  name: string;
  eventsPerSec?: Spread;
  cpuMsPer1000?: Spread;
  /** The first sender's events/s over this sender's, per round. */
  eventsPerSecRatio?: Spread;
  /** The first sender's CPU per 1,000 events over this sender's, per round. */
  cpuRatio?: Spread;
  /** The server's CPU milliseconds per 1,000 events of this sender, when it can be read. */
  serverCpuMsPer1000?: Spread;
  note?: string;
}

/** Options of `benchMeteringStream`. */
export interface MeteringStreamBenchOptions {
  /** Events each sender delivers in each round (default 20 000). */
  eventsPerRound?: number;
  /** Events per request (default 100). */
  batchSize?: number;
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** Measured rounds; the senders take turns in a rotating order (default 5). */
  rounds?: number;
  /** The server process's CPU milliseconds so far, when it can be read (see `processCpuMs`). */
  serverCpuMs?: () => number | undefined;
}

/** The options with their defaults. */
type Settings = Required<Omit<MeteringStreamBenchOptions, 'serverCpuMs'>> &
  Pick<MeteringStreamBenchOptions, 'serverCpuMs'>;

/** One sender's figures in one round, per second and per 1,000 events. */
interface RoundFigures {
  rate: number;
  cpu: number;
  serverCpu?: number;
}

export function spreadOf(samples: number[]): Spread {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: median(sorted), min: sorted[0]!, max: sorted[sorted.length - 1]!, samples };
}

const WARM_UP_EVENTS = 5_000;

/** The same event every sender builds: what a metered API records per call. */
function usageEvent(index: number) {
  return {
    event_name: 'api_call',
    payload: { stripe_customer_id: `cus_${index % 1000}`, value: '1' },
  };
}

type Send = (
  origin: string,
  events: number,
  batchSize: number,
  concurrency: number,
) => Promise<void>;

export interface Sender {
  name: string;
  send: Send;
}

/**
 * Runs `concurrency` workers that share one counter, each building and sending the next batch
 * (every event with its own identifier, as the stream does) until `events` are sent.
 */
async function workers(
  events: number,
  batchSize: number,
  concurrency: number,
  sendBatch: (batch: ReturnType<typeof identified>[]) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < events) {
      const start = next;
      const end = Math.min(events, start + batchSize);
      next = end;
      const batch = [];
      for (let i = start; i < end; i++) batch.push(identified(i));
      await sendBatch(batch);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const identified = (index: number) => ({ ...usageEvent(index), identifier: crypto.randomUUID() });

/** Our client as an application uses it: a stream, `push`, `write` when it is full, `close`. */
function clientkitSender(name: string, fetchImpl?: typeof fetch): Sender {
  return {
    name,
    async send(origin, events, batchSize, concurrency) {
      const metering = await meteringClient({ origin, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
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
      if (stream.stats.sent !== events) throw new Error(`sent ${stream.stats.sent} of ${events}`);
    },
  };
}

/** On Node, without a fetch of the application's, the stream's batches go over node:http. */
export const clientkitNodeSender = clientkitSender('clientkit createStream (node:http)');
/** Given a fetch (here the global one), the stream goes through ky, as it does in browsers. */
export const clientkitKySender = clientkitSender(
  'clientkit createStream (fetch given: ky)',
  (input, init) => fetch(input, init),
);

/** stripe's documented pattern: a session from the API key, then a client on the session token. */
function stripeSender(name: string, build: (origin: string, key: string) => StripeLike): Sender {
  return {
    name,
    async send(origin, events, batchSize, concurrency) {
      const session = await build(origin, DEV.meteringKey).v2.billing.meterEventSession.create();
      const stream = build(origin, session.authentication_token);
      await workers(events, batchSize, concurrency, async (batch) => {
        await stream.v2.billing.meterEventStream.create({ events: batch });
      });
    },
  };
}

type StripeLike = ReturnType<typeof stripeOnNodeHttp>;

export const stripeNodeHttpSender = stripeSender('stripe (node:http, default)', stripeOnNodeHttp);
export const stripeFetchSender = stripeSender('stripe (createFetchHttpClient)', (origin, key) =>
  stripeOnFetch(origin, key),
);

/** What a careful user writes with `fetch` alone: own session, identifiers, batches, N workers. */
export const rawSender: Sender = {
  name: 'raw fetch',
  async send(origin, events, batchSize, concurrency) {
    const sessionResponse = await fetch(`${origin}/v2/billing/meter_event_session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEV.meteringKey}` },
    });
    if (!sessionResponse.ok) throw new Error(`session: ${sessionResponse.status}`);
    const session = (await sessionResponse.json()) as { authentication_token: string };
    const headers = {
      authorization: `Bearer ${session.authentication_token}`,
      'content-type': 'application/json',
    };
    await workers(events, batchSize, concurrency, async (batch) => {
      const response = await fetch(`${origin}/v2/billing/meter_event_stream`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ events: batch }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`stream: ${response.status}`);
    });
  },
};

/** The events the server has counted, after it has validated everything pending. */
async function countedEvents(origin: string): Promise<number> {
  await admin(origin, '/clock', { advance: 0 });
  return ((await admin(origin, '/metering/events')) as { total: number }).total;
}

/**
 * One sender's delivery of `events`: wall time until the server has counted them all (so a sender
 * cannot look fast by leaving work queued), CPU of this process while it sends.
 */
async function measure(
  origin: string,
  sender: Sender,
  events: number,
  { batchSize, concurrency, serverCpuMs }: Settings,
) {
  const before = await countedEvents(origin);
  const serverBefore = serverCpuMs?.();
  const started = nowMs();
  const startedCpu = cpuMs();
  await sender.send(origin, events, batchSize, concurrency);
  const cpu = cpuMs() - startedCpu;
  const counted = (await countedEvents(origin)) - before;
  const ms = nowMs() - started;
  const serverAfter = serverCpuMs?.();
  if (counted !== events) throw new Error(`the server counted ${counted} of ${events}`);
  const serverCpu =
    serverBefore === undefined || serverAfter === undefined
      ? undefined
      : serverAfter - serverBefore;
  return { ms, cpu, serverCpu };
}

/**
 * Delivers the same events through every sender, with the same batch size and concurrency, against
 * the reference server in its own process at `origin`. After one warm-up each, the senders take
 * turns over `rounds` rounds, the order rotating, so that none gets the warmer machine; each round
 * gives each sender its own figures, and the report is their median and spread.
 */
export async function benchMeteringStream(
  origin: string,
  senders: Sender[],
  options: MeteringStreamBenchOptions = {},
): Promise<MeteringThroughput[]> {
  const settings: Settings = {
    eventsPerRound: options.eventsPerRound ?? 20_000,
    batchSize: options.batchSize ?? 100,
    concurrency: options.concurrency ?? 8,
    rounds: options.rounds ?? 5,
    serverCpuMs: options.serverCpuMs,
  };
  const { eventsPerRound: events, rounds } = settings;
  const notes = new Map<string, string>();
  const running: Sender[] = [];
  for (const sender of senders) {
    try {
      await measure(origin, sender, WARM_UP_EVENTS, settings);
      running.push(sender);
    } catch (error) {
      notes.set(sender.name, reasonOf(error));
    }
  }
  const perRound = new Map(running.map((s) => [s.name, [] as RoundFigures[]]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < running.length; i++) {
      const sender = running[(i + round) % running.length]!;
      const result = await measure(origin, sender, events, settings);
      perRound.get(sender.name)!.push({
        rate: (events / result.ms) * 1000,
        cpu: (result.cpu / events) * 1000,
        ...(result.serverCpu === undefined
          ? {}
          : { serverCpu: (result.serverCpu / events) * 1000 }),
      });
    }
  }
  const first = perRound.get(senders[0]!.name);
  return senders.map((sender) => {
    const figures = perRound.get(sender.name);
    if (!figures) return { name: sender.name, note: notes.get(sender.name) };
    const paired = (pick: (f: RoundFigures) => number) =>
      first ? spreadOf(figures.map((f, r) => pick(first[r]!) / pick(f))) : undefined;
    const serverCpu = figures.flatMap((f) => (f.serverCpu === undefined ? [] : [f.serverCpu]));
    return {
      name: sender.name,
      eventsPerSec: spreadOf(figures.map((f) => f.rate)),
      cpuMsPer1000: spreadOf(figures.map((f) => f.cpu)),
      eventsPerSecRatio: paired((f) => f.rate),
      cpuRatio: paired((f) => f.cpu),
      ...(serverCpu.length === figures.length ? { serverCpuMsPer1000: spreadOf(serverCpu) } : {}),
    };
  });
}
