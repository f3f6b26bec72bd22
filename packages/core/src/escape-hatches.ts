import { APIPromise, resultOf } from './api-promise';
import { loadRawRequests as rawRequests } from './lazy';
import { PagePromise } from './pagination/page';
import type { RawRequestInit } from './raw-request';
import type { HttpMethod, RequestOptions, Transport } from './transport';

// The clients' `request()` and `paginate()` escape hatches, whose checks (raw-request.ts) load with
// their first use (see lazy.ts). Both already answered through a promise, so the load changes
// nothing a caller can see.

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
  // A refusal thrown in the callback rejects the promise: the caller sees it before any request.
  return new APIPromise(
    rawRequests().then((raw) => {
      const spec = raw.rawRequestSpec(operation, method, path, init, options);
      // Object.assign, not `{ ...spec, parse }`: on Node 20 listing the keys of a spread object
      // given more keys is slow, and the transport lists the spec's keys on every call.
      return resultOf(
        transport.request(Object.assign({}, spec, { parse: (data: unknown) => data as T })),
      );
    }),
  );
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
  return new PagePromise(
    rawRequests().then((raw) => resultOf(list(raw.relativePath(path, operation)))),
  );
}
