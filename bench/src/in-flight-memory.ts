import { meteringClient } from './ours';
import { admin } from './server-process';
import { median } from './stats';

/** What our stream holds per batch in flight, against the size of the batch's serialised body. */
export interface InFlightMemory {
  name: string;
  /** Bytes held per batch in flight beyond a batch waiting its turn (median of the repetitions). */
  bytesPerBatch?: number;
  /** The JSON body of one batch, in bytes. */
  bodyBytes?: number;
  /** `bytesPerBatch / bodyBytes`, per repetition. */
  ratios?: number[];
  note?: string;
}

const STREAM_PATH = '/v2/billing/meter_event_stream';
const BATCH = 100;

declare const gc: (() => void) | undefined;

/** Heap and off-heap memory of this process after full collections. */
function settledBytes(): number {
  gc?.();
  gc?.();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

/**
 * Identifiers made up front and kept outside the stream, so that both states hold the same strings.
 * They are flat strings: `crypto.randomUUID()` returns a string built by concatenation, which V8
 * keeps as a tree of pieces until something reads it whole; serialising a batch does, which shrank
 * the in-flight events by about 200 bytes each against the waiting ones and hid the body's cost.
 */
function flatIdentifiers(count: number): string[] {
  return JSON.parse(JSON.stringify(Array.from({ length: count }, () => crypto.randomUUID())));
}

const usageEvent = (index: number, identifier?: string) => ({
  event_name: 'api_call',
  payload: { stripe_customer_id: `cus_${index % 1000}`, value: '1' },
  ...(identifier === undefined ? {} : { identifier }),
});

/** Resolves once the server has taken every request the stalling fault was waiting for. */
async function allArrived(origin: string): Promise<void> {
  for (;;) {
    const { faults } = (await admin(origin, '/faults')) as { faults: unknown[] };
    if (faults.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

type Metering = Awaited<ReturnType<typeof meteringClient>>;

/**
 * What a stream holds, over its idle state, with `batches` batches of events accepted while the
 * server stalls the first `inFlight` of them: those are in flight, the others wait their turn.
 */
async function heldWith(
  metering: Metering,
  origin: string,
  batches: number,
  inFlight: number,
  stallMs: number,
  identifiers: string[],
): Promise<number> {
  const stream = metering.createStream({
    batchSize: BATCH,
    concurrency: inFlight,
    maxBufferedEvents: batches * BATCH,
  });
  const idle = settledBytes();
  await admin(origin, '/faults', {
    method: 'POST',
    path: STREAM_PATH,
    latencyMs: stallMs,
    count: inFlight,
  });
  for (let i = 0; i < batches * BATCH; i++) stream.push(usageEvent(i, identifiers[i]));
  await allArrived(origin);
  // The bodies are on their way to the server's buffers; let the writes finish.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const held = settledBytes() - idle;
  await stream.close();
  return held;
}

/**
 * Memory per in-flight batch of our stream on each path. The same 64 batches are accepted twice
 * while the reference server stalls requests: once with all 64 in flight, once with 1 in flight and
 * 63 waiting their turn. Both hold the same events (the stream keeps each until the service
 * acknowledges it, for `onBatchError`), so the difference over 63 is what sending a batch costs:
 * its serialised body and the request around it. One unmeasured pass opens the connections first;
 * three measured passes alternate.
 */
export async function benchInFlightMemory(
  origin: string,
  paths: { name: string; fetch?: typeof fetch }[],
  { batches = 64, repetitions = 3, stallMs = 2_000 } = {},
): Promise<InFlightMemory[]> {
  const sample = Array.from({ length: BATCH }, (_, i) => ({
    ...usageEvent(i),
    identifier: crypto.randomUUID(),
  }));
  const bodyBytes = Buffer.byteLength(JSON.stringify({ events: sample }));
  const results: InFlightMemory[] = [];
  for (const path of paths) {
    try {
      const metering = await meteringClient({
        origin,
        ...(path.fetch ? { fetch: path.fetch } : {}),
      });
      const identifiers = flatIdentifiers(batches * BATCH);
      await heldWith(metering, origin, batches, batches, 100, identifiers);
      const perBatch: number[] = [];
      for (let i = 0; i < repetitions; i++) {
        const queued = await heldWith(metering, origin, batches, 1, stallMs, identifiers);
        const flying = await heldWith(metering, origin, batches, batches, stallMs, identifiers);
        perBatch.push((flying - queued) / (batches - 1));
      }
      results.push({
        name: path.name,
        bytesPerBatch: median(perBatch),
        bodyBytes,
        ratios: perBatch.map((bytes) => bytes / bodyBytes),
      });
    } catch (error) {
      await fetch(`${origin}/__admin/faults`, { method: 'DELETE' });
      results.push({ name: path.name, note: (error as Error).message.slice(0, 70) });
    }
  }
  return results;
}
