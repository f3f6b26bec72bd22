import { redactUrl } from '@clientkit/core';
import type { Clock } from '../../clock';
import { hookTarget } from './hook-url';
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

  async function post(url: string, payload: unknown): Promise<Answer & { url: string }> {
    const target = hookTarget(url);
    const shownUrl = redactUrl(target.url);
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'clientkit-reference-server (inbound mail)',
          ...(target.authorization ? { authorization: target.authorization } : {}),
        },
        body: JSON.stringify(payload),
        // A redirect is not a delivery: it counts as a failed attempt, and Authorization never follows it.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
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
        : await post(hookUrl, record.payload);
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
