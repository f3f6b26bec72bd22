import type { InboundMessage } from '@clientkit/contracts/mail';
import { redactUrl } from '@clientkit/core/contract';
import type { Clock } from '../../clock';
import { hookTarget } from './hook-url';
import { payloadBody } from './payload-body';
import type { DeliveryAttempt, InboundRecord, MailStore } from './store';

/** Minutes to wait before each retry after a failed attempt; after the last, the message fails. */
export const RETRY_DELAYS_MINUTES = [1, 5, 10, 10, 10, 15, 30, 60, 120, 360] as const;

/** Options of `createDelivery`. */
export interface DeliveryOptions {
  store: MailStore;
  clock: Clock;
  /** How long an attempt waits for the receiver's answer, in real milliseconds. */
  timeoutMs: number;
}

/** POSTs inbound messages to their server's hook and retries them on the server clock. */
export interface Delivery {
  /** Makes the first attempt now; resolves when it has finished. */
  start(record: InboundRecord): Promise<void>;
  /** Resolves when no attempt is under way. */
  idle(): Promise<void>;
  /** Forgets every scheduled retry (on reset and close). */
  cancelAll(): void;
}

/**
 * How many POSTs may be under way at once. Each holds its payload serialized (as large as the
 * message, base64 attachments included), so a message to many recipients is sent a few at a time
 * rather than all at once.
 */
const MAX_CONCURRENT_POSTS = 4;

type Answer = Pick<DeliveryAttempt, 'status' | 'detail'>;

function describeFailure(error: unknown, timeoutMs: number): string {
  if ((error as Error | undefined)?.name === 'TimeoutError')
    return `no answer within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return `connection failed (${cause?.code ?? cause?.message ?? 'no response'})`;
}

/** What an answer means: 2xx delivered, 403 refused for good, anything else (or none) worth a retry. */
function outcomeOf(status: number | null): DeliveryAttempt['outcome'] {
  if (status !== null && status >= 200 && status < 300) return 'delivered';
  return status === 403 ? 'refused' : 'retry';
}

export function createDelivery({ store, clock, timeoutMs }: DeliveryOptions): Delivery {
  const inFlight = new Set<Promise<void>>();
  const scheduled = new Set<() => void>();
  const slots = createSlots(MAX_CONCURRENT_POSTS);

  async function post(url: string, payload: InboundMessage): Promise<Answer & { url: string }> {
    const target = hookTarget(url);
    const shownUrl = redactUrl(target.url);
    const chunks = payloadBody(payload);
    try {
      const init: RequestInit & { duplex: 'half' } = {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)),
          'user-agent': 'clientkit-reference-server (inbound mail)',
          ...(target.authorization ? { authorization: target.authorization } : {}),
        },
        body: streamOf(chunks),
        duplex: 'half',
        // A redirect is not a delivery: it counts as a failed attempt, and Authorization never follows it.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      };
      const response = await fetch(target.url, init);
      await response.body?.cancel();
      return { url: shownUrl, status: response.status, detail: `HTTP ${response.status}` };
    } catch (error) {
      return { url: shownUrl, status: null, detail: describeFailure(error, timeoutMs) };
    }
  }

  function scheduleRetry(record: InboundRecord, at: number): void {
    record.status = 'scheduled';
    record.nextAttemptAt = new Date(at).toISOString();
    const cancel = clock.schedule(at, () => {
      scheduled.delete(cancel);
      return track(attempt(record));
    });
    scheduled.add(cancel);
  }

  async function attempt(record: InboundRecord): Promise<void> {
    if (!store.holds(record)) return;
    const at = clock.date().toISOString();
    delete record.nextAttemptAt;
    const hookUrl = store.server(record.serverId)?.InboundHookUrl ?? '';
    const answer: Answer & { url: string } =
      hookUrl === ''
        ? { url: '', status: null, detail: 'the server no longer has an InboundHookUrl' }
        : await slots.run(() => post(hookUrl, record.payload));
    const delay = RETRY_DELAYS_MINUTES[record.attempts.length];
    let outcome = hookUrl === '' ? 'failed' : outcomeOf(answer.status);
    if (outcome === 'retry' && (delay === undefined || !store.holds(record))) outcome = 'failed';
    record.attempts.push({ at, ...answer, outcome });
    if (outcome === 'retry') scheduleRetry(record, clock.now() + delay! * 60_000);
    else record.status = outcome === 'delivered' ? 'delivered' : 'failed';
  }

  function track(work: Promise<void>): Promise<void> {
    inFlight.add(work);
    return work.finally(() => inFlight.delete(work));
  }

  return {
    start: (record) => track(attempt(record)),
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    cancelAll() {
      for (const cancel of scheduled) cancel();
      scheduled.clear();
    },
  };
}

/** Runs at most `size` tasks at once; the others wait their turn in order. */
function createSlots(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
      else running += 1;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}

/** The chunks as a request body, sent as they are: the shared ones are not copied per request. */
function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}
