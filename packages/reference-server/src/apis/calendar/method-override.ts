import type { Hono, MiddlewareHandler } from 'hono';
import { ApiProblem } from '../../problem';
import type { PhpInput } from './php-parameters';
import { queryInput } from './request-parameters';

/** The methods a POST may ask for; the calendar has no route for any other. */
const overridable = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The method a POST asks for, as WordPress reads it for clients that can only send GET and POST:
 * `?_method=` first, else the `X-HTTP-Method-Override` header; undefined when it asks for none.
 */
function requestedMethod(request: Request, query: PhpInput): string | undefined {
  if (request.method !== 'POST') return undefined;
  const fromQuery = query.variables.get('_method');
  const requested =
    typeof fromQuery === 'string' ? fromQuery : request.headers.get('x-http-method-override');
  if (!requested) return undefined;
  return requested.toUpperCase();
}

/**
 * Sends a POST that asks for another method to `routes` as a request of that method (a GET or
 * HEAD without the body). A method the calendar has no route for is 404 `rest_no_route`, as in
 * WordPress. Anything else goes on as it came.
 */
export function methodOverride(routes: Hono): MiddlewareHandler {
  return async (c, next) => {
    const method = requestedMethod(c.req.raw, queryInput(c));
    if (method === undefined || method === 'POST') return next();
    if (!overridable.has(method)) {
      throw new ApiProblem(
        404,
        `No route for ${method} ${new URL(c.req.url).pathname}`,
        'rest_no_route',
      );
    }
    const { url, headers, body } = c.req.raw;
    const keepsBody = method !== 'GET' && method !== 'HEAD';
    const request = new Request(url, {
      method,
      headers,
      body: keepsBody ? body : null,
      ...(keepsBody && body ? { duplex: 'half' } : {}),
    } as RequestInit);
    return routes.fetch(request, c.env);
  };
}
