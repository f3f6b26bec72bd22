import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/**
 * The request headers a page may send: those of the five clients (their default `user-agent`
 * included, which browsers that let scripts set it put in a preflight) and of the protocols' own
 * clients (WordPress's nonce and method override), and the trace context headers. A preflight is
 * answered with this list whatever it asks for, so any other header is not allowed.
 */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'accept',
  'user-agent',
  'idempotency-key',
  'service-version',
  'x-mail-account-token',
  'x-correlation-id',
  'x-http-method-override',
  'x-wp-nonce',
  'traceparent',
  'tracestate',
  'baggage',
];

/**
 * The answer headers a page may read: request ids (both spellings), rate limits and their waits,
 * links, the calendar's paging totals, and where a created record is.
 */
export const CORS_EXPOSED_HEADERS = [
  'x-request-id',
  'request-id',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'link',
  'x-tec-total',
  'x-tec-totalpages',
  'location',
];

/** Any origin may call (the server holds test data only), with the headers listed above. */
export function corsPolicy(): MiddlewareHandler {
  return cors({
    origin: '*',
    allowHeaders: CORS_ALLOWED_HEADERS,
    exposeHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  });
}
