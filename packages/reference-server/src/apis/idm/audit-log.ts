import { cutCorrelationId } from '@clientkit/contracts/idm';
import type { MiddlewareHandler } from 'hono';
import { notesOf } from './notes';
import { TOKEN_PATH } from './paths';
import type { IdmStore } from './store';

const mutatingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The log keeps at most this many characters of a request's path and of an error message: both
 * come from what the caller sent, and nothing the interface stores is unbounded.
 */
export const LOG_TEXT_MAX_LENGTH = 2048;

const bounded = (text: string) => text.slice(0, LOG_TEXT_MAX_LENGTH);

const descriptions: [method: string, pattern: RegExp, description: string][] = [
  ['POST', /^\/api\/v2\/clients\/?$/, 'Create a client'],
  ['PATCH', /^\/api\/v2\/clients\/[^/]+\/?$/, 'Update a client'],
  ['DELETE', /^\/api\/v2\/clients\/[^/]+\/?$/, 'Delete a client'],
  ['POST', /^\/oauth\/token\/?$/, 'Client Credentials for Access Token'],
];

/** What a log event says the request did. */
function describe(method: string, path: string): string {
  const known = descriptions.find(([m, pattern]) => m === method && pattern.test(path));
  return known ? known[2] : bounded(`${method} ${path}`);
}

/**
 * Appends one log event for every mutating request, whatever its outcome: `sapi` or `fapi` for the
 * management routes, `seccft` or `feccft` for the token exchange. The request's `X-Correlation-ID`,
 * cut to 64 characters, is kept in `details.correlation_id`.
 */
export function auditLog(store: IdmStore): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method.toUpperCase();
    if (!mutatingMethods.has(method)) return next();
    const header = c.req.header('x-correlation-id');
    const correlationId = header === undefined ? '' : cutCorrelationId(header);
    await next();
    const { clientId, problem } = notesOf(c);
    const succeeded = c.res.status < 400;
    const isToken = c.req.path.startsWith(TOKEN_PATH);
    const type = isToken ? (succeeded ? 'seccft' : 'feccft') : succeeded ? 'sapi' : 'fapi';
    store.appendLog({
      type,
      description: describe(method, c.req.path),
      ...(clientId ? { client_id: clientId } : {}),
      details: {
        method,
        path: bounded(c.req.path),
        status: c.res.status,
        ...(correlationId ? { correlation_id: correlationId } : {}),
        ...(problem && !succeeded
          ? {
              error: {
                message: bounded(problem.message),
                ...(typeof problem.code === 'string' ? { code: problem.code } : {}),
              },
            }
          : {}),
      },
    });
  };
}
