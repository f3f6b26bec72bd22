import { type CutAnswer, type LostConnection, sentPart } from './connection-fault';
import type { FaultWaits } from './waits';

/** A connection the other side reset, as Node reports one. */
function connectionReset(): Error {
  return Object.assign(new Error('read ECONNRESET'), {
    code: 'ECONNRESET',
    errno: -104,
    syscall: 'read',
  });
}

/** A connection the other side closed, as undici reports one. */
function connectionClosed(): Error {
  return Object.assign(new Error('other side closed'), {
    name: 'SocketError',
    code: 'UND_ERR_SOCKET',
  });
}

/** How undici's fetch fails a body whose connection went away half-way. */
function terminated(cause: Error): TypeError {
  return new TypeError('terminated', { cause });
}

/**
 * The body the client reads: the part sent, then the fault. A stall ends when the request is
 * aborted (with the abort's reason, as fetch does), when the server closes or after the cap.
 */
function faultedBody(
  part: Uint8Array,
  kind: CutAnswer['kind'],
  signal: AbortSignal,
  waits: FaultWaits,
): ReadableStream<Uint8Array> {
  let partSent = part.byteLength === 0;
  let release: (() => void) | undefined;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!partSent) {
        partSent = true;
        controller.enqueue(part);
        return undefined;
      }
      if (kind === 'truncate') return controller.error(terminated(connectionClosed()));
      if (kind === 'reset-mid-body') return controller.error(terminated(connectionReset()));
      return new Promise<void>((resolve) => {
        const fail = (reason: unknown) => {
          controller.error(reason);
          resolve();
        };
        const onAbort = () => {
          release?.();
          fail(signal.reason);
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        release = waits.hold(() => {
          signal.removeEventListener('abort', onAbort);
          fail(terminated(connectionClosed()));
        });
      });
    },
    cancel() {
      release?.();
    },
  });
}

/**
 * What `server.fetch` does with a lost connection: the same failures a client sees over a socket,
 * without one. It rejects as fetch does when no answer came (`drop`, `reset`), and resolves with
 * an answer whose body fails or stalls after its first half otherwise.
 */
export async function deliverInProcess(
  lost: LostConnection,
  signal: AbortSignal,
  waits: FaultWaits,
): Promise<Response> {
  if (lost.kind === 'drop') {
    throw new TypeError('fetch failed', {
      cause: new Error('connection dropped by an injected fault'),
    });
  }
  if (lost.kind === 'reset') throw new TypeError('fetch failed', { cause: connectionReset() });
  const { answer } = lost;
  const body = new Uint8Array(await answer.arrayBuffer());
  const headers = new Headers(answer.headers);
  headers.set('content-length', String(body.byteLength));
  return new Response(faultedBody(sentPart(body), lost.kind, signal, waits), {
    status: answer.status,
    headers,
  });
}
