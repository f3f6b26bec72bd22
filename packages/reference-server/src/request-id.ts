import type { MiddlewareHandler } from 'hono';

let requestCounter = 0;

/** A request id: unique within the process and readable in logs. */
function nextRequestId(): string {
  requestCounter = (requestCounter + 1) % 1_000_000_000;
  return `req_${Date.now().toString(36)}${requestCounter.toString(36).padStart(5, '0')}`;
}

/**
 * Gives every answer an id in `x-request-id`, and the same id in the header the modelled service
 * names it by where that is another one (`ownHeader` of the request's path, e.g. metering's
 * `Request-Id`), so that a client reading either finds it.
 */
export function requestIds(ownHeader: (path: string) => string | undefined): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const id = nextRequestId();
    c.res.headers.set('x-request-id', id);
    const own = ownHeader(new URL(c.req.url).pathname);
    if (own) c.res.headers.set(own, id);
  };
}
