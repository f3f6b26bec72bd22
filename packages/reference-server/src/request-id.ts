import type { Context, MiddlewareHandler } from 'hono';

let requestCounter = 0;

/** The id of each request in flight, so that what runs inside (injected faults) can name it. */
const idsOfRequests = new WeakMap<Context, string>();

/** A request id: unique within the process and readable in logs. */
function nextRequestId(): string {
  requestCounter = (requestCounter + 1) % 1_000_000_000;
  return `req_${Date.now().toString(36)}${requestCounter.toString(36).padStart(5, '0')}`;
}

/** The id the server gives this request's answer. */
export function requestIdOf(c: Context): string {
  return idsOfRequests.get(c) ?? '';
}

/**
 * Gives every answer an id in `x-request-id`, and the same id in the header the modelled service
 * names it by where that is another one (`ownHeader` of the request's path, e.g. metering's
 * `Request-Id`), so that a client reading either finds it.
 */
export function requestIds(ownHeader: (path: string) => string | undefined): MiddlewareHandler {
  return async (c, next) => {
    const id = nextRequestId();
    idsOfRequests.set(c, id);
    await next();
    c.res.headers.set('x-request-id', id);
    const own = ownHeader(new URL(c.req.url).pathname);
    if (own) c.res.headers.set(own, id);
  };
}
