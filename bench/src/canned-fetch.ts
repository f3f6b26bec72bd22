/**
 * A `fetch` that never touches the network: every call answers a fresh copy of one prebuilt
 * response, so a per-call CPU figure is what the client does around `fetch`, not loopback I/O.
 * It records the method and path of each request, so the bench can check that every contestant
 * sent the request it claims to measure (a client that skipped the call would look free).
 */

/** The answer a canned fetch gives: a status, a JSON body as text, and its headers. */
export interface CannedAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** A canned fetch, with the requests it has seen. */
export interface CannedFetch {
  fetch: typeof fetch;
  /** `METHOD /path` of every request so far, query left out. */
  readonly seen: string[];
  /** The headers of those requests, names in lower case. */
  readonly headersSeen: Record<string, string>[];
  /** Forgets the recorded requests (the count of calls is kept in `calls`). */
  reset(): void;
  readonly calls: number;
}

/** The answers by `METHOD /path`; `default` answers anything else. */
export interface CannedRoutes {
  default: CannedAnswer;
  [methodAndPath: string]: CannedAnswer;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

function methodOf(input: RequestInfo | URL, init: RequestInit | undefined): string {
  if (init?.method) return init.method.toUpperCase();
  return typeof input === 'object' && 'method' in input ? input.method : 'GET';
}

/** The headers a request carries: `init`'s replace the Request's, as in fetch. */
function headersOf(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Record<string, string> {
  if (init?.headers) return Object.fromEntries(new Headers(init.headers));
  return input instanceof Request ? Object.fromEntries(input.headers) : {};
}

/** Builds a canned fetch; it records at most `keep` requests so a long run holds no growing list. */
export function cannedFetch(routes: CannedRoutes, keep = 16): CannedFetch {
  const seen: string[] = [];
  const headersSeen: Record<string, string>[] = [];
  let calls = 0;
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls += 1;
    const { pathname } = new URL(urlOf(input));
    const key = `${methodOf(input, init)} ${pathname}`;
    if (seen.length < keep) {
      seen.push(key);
      headersSeen.push(headersOf(input, init));
    }
    const answer = routes[key] ?? routes.default;
    // The body must be read by whoever called fetch, as a network answer would be.
    return new Response(answer.status === 204 ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
  return {
    fetch: fetchImpl as typeof fetch,
    seen,
    headersSeen,
    reset: () => {
      seen.length = 0;
      headersSeen.length = 0;
    },
    get calls() {
      return calls;
    },
  };
}

/** A JSON answer with status 200 (or the one given). */
export const jsonAnswer = (value: unknown, status = 200): CannedAnswer => ({
  status,
  body: typeof value === 'string' ? value : JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});
