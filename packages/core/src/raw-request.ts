import { RequestValidationError } from './errors';
import { checkOptionNames } from './options';
import type { HttpMethod, QueryValue, RequestOptions, RequestSpec } from './transport';

/** What a client's `request()` escape hatch sends besides the method and path. */
export interface RawRequestInit {
  /** Query parameters; arrays are sent comma-separated. */
  query?: Record<string, QueryValue>;
  /** The JSON body. */
  body?: unknown;
}

const httpMethods: readonly HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The spec of a call through a client's `request()` escape hatch, for routes or fields the client's
 * schemas do not know yet: the client's transport, credentials, retries and errors, without input
 * schemas. The path must stay under the base URL, so the client's credentials cannot be sent elsewhere.
 * `sendRaw` (escape-hatches.ts) sends it once this module has loaded.
 */
export function rawRequestSpec(
  operation: string,
  method: HttpMethod,
  path: string,
  init: RawRequestInit = {},
  options: RequestOptions = {},
): RequestSpec {
  if (!httpMethods.includes(method)) {
    throw new RequestValidationError(`arguments of ${operation}`, [
      { path: 'method', message: `must be one of ${httpMethods.map((m) => `"${m}"`).join(', ')}` },
    ]);
  }
  // A misspelt `querry` or `json` would otherwise be dropped and the request sent without it.
  checkOptionNames(init, ['query', 'body'], `arguments of ${operation}`, 'init.');
  return {
    ...options,
    method,
    path: relativePath(path, operation),
    ...(init.query ? { query: init.query } : {}),
    ...(init.body === undefined ? {} : { body: init.body }),
    operation,
  };
}

/**
 * A path relative to the base URL that stays under it: queries go in `init.query`, and a `.` or `..`
 * segment (percent-encoded or not) or an absolute URL would let the request, and the credentials,
 * leave the interface's routes.
 */
export function relativePath(path: string, operation: string): string {
  if (
    typeof path !== 'string' ||
    /[?#]/.test(path) ||
    /^[a-z][a-z0-9+.-]*:/i.test(path) ||
    /^[/\\]{2}/.test(path) ||
    path.split(/[/\\]/).some((segment) => /^(\.|%2e){1,2}$/i.test(segment))
  ) {
    throw new RequestValidationError(`arguments of ${operation}`, [
      {
        path: 'path',
        message: 'must be a path under the base URL, without ?, # or . and .. segments',
      },
    ]);
  }
  return path.replace(/^\/+/, '');
}
