import { APIPromise } from './api-promise';
import { RequestValidationError } from './errors';
import { checkOptionNames } from './options';
import { PagePromise } from './pagination/page';
import type { HttpMethod, QueryValue, RequestOptions, RequestSpec, Transport } from './transport';

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
 *
 * @example
 * transport.request(rawRequestSpec('docs.request', 'GET', 'orgs/org_1/spaces', { query: { limit: 5 } }));
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

/**
 * A client's `request()` escape hatch: any route under the base URL, with the client's credentials,
 * retries and errors, and the body passed on as it came. Bad arguments reject before any request.
 */
export function sendRaw<T>(
  transport: Transport,
  operation: string,
  method: HttpMethod,
  path: string,
  init?: RawRequestInit,
  options?: RequestOptions,
): APIPromise<T> {
  let spec: RequestSpec;
  try {
    spec = rawRequestSpec(operation, method, path, init, options);
  } catch (error) {
    return APIPromise.reject(error);
  }
  // Object.assign, not `{ ...spec, parse }`: on Node 20 listing the keys of a spread object given
  // more keys is slow, and the transport lists the spec's keys on every call.
  return transport.request(Object.assign({}, spec, { parse: (data: unknown) => data as T }));
}

/**
 * The URL a client sends to: the service's origin (plus any mount path) given as `baseUrl`, with the
 * interface's fixed path appended, whether or not `baseUrl` ends in a slash.
 *
 * @example
 * serviceUrl('https://api.example.com', 'v1/', 'options of DocsClient'); // 'https://api.example.com/v1/'
 */
export function serviceUrl(baseUrl: unknown, fixedPath: string, subject: string): string {
  let parsed: URL | undefined;
  try {
    parsed = typeof baseUrl === 'string' ? new URL(baseUrl) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.search) {
    throw new RequestValidationError(subject, [
      {
        path: 'baseUrl',
        message:
          'must be the service origin as an absolute http(s) URL, such as https://api.example.com',
      },
    ]);
  }
  return `${String(baseUrl).replace(/\/+$/, '')}/${fixedPath}`;
}

/**
 * A client's `paginate()` escape hatch: `list` gets the path checked to stay under the base URL; a
 * path that would leave it rejects the returned listing before any request.
 *
 * @example
 * return paginateRaw(path, 'docs.paginate', (relative) => listing(transport, { path: relative, operation: 'docs.paginate' }, params));
 */
export function paginateRaw<Item, Raw>(
  path: string,
  operation: string,
  list: (relative: string) => PagePromise<Item, Raw>,
): PagePromise<Item, Raw> {
  try {
    return list(relativePath(path, operation));
  } catch (error) {
    return new PagePromise<Item, Raw>(Promise.reject(error));
  }
}
