import type { MiddlewareHandler } from 'hono';
import { ApiProblem } from '../../problem';

/**
 * Refuses a request body that is not sent as JSON (415): the management API takes
 * `application/json` (or a `+json` type) only. Runs after the body limit, which has read the body.
 */
export function jsonBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (c.req.raw.body && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
      const { method, headers, url } = c.req.raw;
      const body = await c.req.raw.arrayBuffer();
      if (body.byteLength > 0) {
        throw new ApiProblem(
          415,
          'Request bodies must be JSON, sent with Content-Type: application/json',
          'unsupported_media_type',
        );
      }
      c.req.raw = new Request(url, { method, headers });
    }
    await next();
  };
}
