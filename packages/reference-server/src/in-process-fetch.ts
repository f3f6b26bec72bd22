import { ConnectionFault } from './faults/connection-fault';
import { deliverInProcess } from './faults/in-process';
import type { FaultWaits } from './faults/waits';

/** The app's answer to a request, or the `ConnectionFault` it rejects with. */
export type Answerer = (request: Request) => Promise<Response>;

/**
 * The answer, unless `signal` aborts first: then the abort's reason, as fetch rejects with it. What
 * the answer does afterwards (resolve, or reject with a lost connection) is of no more concern.
 */
function unlessAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * `server.fetch`: the app answers in the caller's process, as a fetch over a socket would. It
 * rejects as soon as the request's signal aborts, whatever the app is doing (an injected wait,
 * say), and carries out a lost connection the way undici reports one.
 */
export function inProcessFetch(answer: Answerer, waits: FaultWaits): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request && init === undefined ? input : new Request(input, init);
    request.signal.throwIfAborted();
    try {
      return await unlessAborted(answer(request), request.signal);
    } catch (error) {
      if (!(error instanceof ConnectionFault)) throw error;
      return deliverInProcess(error.lost, request.signal, waits);
    }
  }) as typeof fetch;
}
