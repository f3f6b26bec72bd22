import { ConnectionFault } from './faults/connection-fault';

/** One answered request, as `ReferenceServerOptions.onExchange` sees it. */
export interface Exchange {
  /** The request as it arrived: method, full URL, and the URL's path (trailing slash kept). */
  request: { method: string; url: string; path: string };
  /**
   * A copy of the answer: reading its body leaves the client's answer untouched. The copy is made
   * when the handlers are done, before the answer is written to the socket.
   */
  response: Response;
}

/** What the server calls with every answer it sends, over HTTP and through `server.fetch`. */
export type ExchangeObserver = (exchange: Exchange) => void;

type Handler = (request: Request, ...rest: never[]) => Response | Promise<Response>;

/**
 * Wraps the app's handler so that every answer is reported to `observe`. A connection an injected
 * fault loses before the headers is not reported: the client never receives an answer. An answer a
 * fault cuts or stalls on its way is reported whole, as the handler made it. An observer that
 * throws is reported through `logError` and does not change the answer.
 */
export function observeExchanges<H extends Handler>(
  handle: H,
  observe: ExchangeObserver,
  logError: (message: string, error?: unknown) => void,
): H {
  const report = (request: Request, response: Response) => {
    const { pathname } = new URL(request.url);
    try {
      observe({
        request: { method: request.method, url: request.url, path: pathname },
        response: response.clone(),
      });
    } catch (error) {
      logError(`onExchange failed for ${request.method} ${pathname}`, error);
    }
  };
  return (async (request: Request, ...rest: never[]) => {
    try {
      const response = await handle(request, ...rest);
      report(request, response);
      return response;
    } catch (error) {
      if (error instanceof ConnectionFault && 'answer' in error.lost) {
        report(request, error.lost.answer);
      }
      throw error;
    }
  }) as H;
}
