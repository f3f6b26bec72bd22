import type { ConnectionCause } from './connection-cause';

// The browser build's connection causes (see tsup.config.ts). A browser's fetch rejects every
// failed connection with the same bare `TypeError` ("Failed to fetch"), without a code or a
// cause, so the runtime's words that connection-cause.ts reads never reach a page: each failure
// is one of unknown cause, as connection-cause.ts itself finds it there.

/** A failed connection of unknown cause: a page is told no more. */
export function connectionCause(_error: unknown): ConnectionCause {
  return { kind: 'unknown' };
}

/** No cause a page can tell is one a retry cannot fix. */
export function isLasting(_cause: ConnectionCause): boolean {
  return false;
}

/** What failed, naming the host of the request. */
export function describeConnection(
  _cause: ConnectionCause,
  url: URL,
): { what: string; check: string | undefined } {
  return { what: `Connection to ${url.host} failed`, check: undefined };
}
