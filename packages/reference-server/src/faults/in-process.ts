import type { Stalls } from './stalls';
import { FAULT_HEADER, sentPart, type TransportFault, transportFaultOf } from './transport';

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
  fault: Exclude<TransportFault, 'drop' | 'reset'>,
  signal: AbortSignal,
  stalls: Stalls,
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
      if (fault === 'truncate') return controller.error(terminated(connectionClosed()));
      if (fault === 'reset-mid-body') return controller.error(terminated(connectionReset()));
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
        release = stalls.hold(() => {
          signal.removeEventListener('abort', onAbort);
          fail(terminated(connectionClosed()));
        });
        signal.addEventListener('abort', onAbort, { once: true });
      });
    },
    cancel() {
      release?.();
    },
  });
}

/**
 * The answer `server.fetch` resolves with, or the error it rejects with, for an answer that
 * carries a transport fault: the same failures a client sees over a socket, without one.
 */
export async function deliverInProcess(
  response: Response,
  signal: AbortSignal,
  stalls: Stalls,
): Promise<Response> {
  const fault = transportFaultOf(response);
  if (fault === undefined) return response;
  if (fault === 'drop') {
    throw new TypeError('fetch failed', {
      cause: new Error('connection dropped by an injected fault'),
    });
  }
  if (fault === 'reset') throw new TypeError('fetch failed', { cause: connectionReset() });
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.delete(FAULT_HEADER);
  headers.set('content-length', String(body.byteLength));
  return new Response(faultedBody(sentPart(body), fault, signal, stalls), {
    status: response.status,
    headers,
  });
}
