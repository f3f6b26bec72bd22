import type { HttpMethod } from '../contract/operation';
import { RequestValidationError } from '../errors/errors';
import type { RequestOptions } from '../options/options';
import { checkOptionNames } from '../options/rules';
import { oneOf } from '../validation/validate';
import { type QueryValue, queryString } from './request-url';

/** What a client's `request()` escape hatch sends besides the method and path. */
export interface RawRequestInit {
  /** Query parameters; arrays are sent comma-separated. */
  query?: Record<string, QueryValue>;
  /** The JSON body. */
  body?: unknown;
}

/** A `request()` checked and ready to become a call: its name, its path and its JSON body. */
export interface RawCall {
  operation: string;
  pathTemplate: string;
  /** The path relative to the base URL, with the query string. */
  path: string;
  body: string | undefined;
}

/**
 * The body of a client's `request()` escape hatch: checks the method, init, options and path of a
 * request to the interface named `contract`.
 */
export function rawCall(
  contract: string,
  method: HttpMethod,
  path: string,
  init: RawRequestInit | undefined,
  options: RequestOptions | undefined,
): RawCall {
  const operation = `${contract}.request`;
  checkRawRequest(method, init, operation, options);
  const relative = relativePath(path, operation);
  return {
    operation,
    pathTemplate: relative,
    path: `${relative}${queryString(init?.query)}`,
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  };
}

const httpMethods: readonly HttpMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Refuses a method the clients do not send, init keys other than `query` and `body`, and the
 * request options that only typed calls use.
 */
export function checkRawRequest(
  method: unknown,
  init: unknown,
  operation: string,
  options?: RequestOptions,
): void {
  if (!httpMethods.includes(method as HttpMethod)) {
    throw new RequestValidationError(`arguments of ${operation}`, [
      { path: 'method', message: oneOf(httpMethods) },
    ]);
  }
  // A misspelt `querry` or `json` would otherwise be dropped and the request sent without it.
  checkOptionNames(init ?? undefined, ['query', 'body'], `arguments of ${operation}`, 'init.');
  // Nothing here is checked, so there is nothing to send next to: ignoring them would drop fields.
  const typedOnly = (['extraBody', 'extraQuery'] as const).filter(
    (name) => options?.[name] !== undefined,
  );
  if (typedOnly.length > 0) {
    throw new RequestValidationError(
      `options of ${operation}`,
      typedOnly.map((name) => ({
        path: name,
        message: `is for typed calls: put the fields in init.${name === 'extraBody' ? 'body' : 'query'}`,
      })),
    );
  }
}

/**
 * A path relative to the interface's base URL that stays under it: queries go in `init.query`, and
 * a `.` or `..` segment (percent-encoded or not) or an absolute URL would let the request, and the
 * credentials, leave the interface's routes.
 */
export function relativePath(path: unknown, operation: string): string {
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
