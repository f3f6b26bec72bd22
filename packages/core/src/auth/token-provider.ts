import { copyOfError } from '../errors/error-copy';
import { inspectCustom } from '../redaction/redact';
import type { IssuedToken } from '../response/issued-token';

export type { IssuedToken } from '../response/issued-token';

/**
 * Shares the tokens of one credential with the other processes of a fleet: a client's
 * `coordination`, as its token fetch calls it. `exchange` obtains a new token when the fleet has
 * none; `refused` is a token a 401 refused, replaced only if the fleet still shares it.
 */
export type TokenSharing = (request: {
  identity: readonly string[];
  secret: string;
  exchange: () => Promise<IssuedToken>;
  refused: string | undefined;
}) => Promise<IssuedToken>;

/** Options of `tokenProvider`. */
export interface TokenProviderOptions {
  /**
   * Obtains a fresh token. It is told the token the last `invalidate` forgot, until a fetch
   * succeeds: a cache shared with other processes replaces that token only if it still holds it.
   */
  fetchToken: (refused?: string) => Promise<IssuedToken>;
  /** Renew this long before the token expires, so that no request carries one about to lapse. Default 60 s. */
  renewBeforeExpiryMs?: number;
  /** The clock; tests pass their own. */
  now?: () => number;
}

/** A function that returns a valid token, fetching one only when needed. */
export interface TokenProvider {
  (): Promise<string>;
  /**
   * Forgets the cached token so that the next call fetches a new one (for example after a 401).
   * Given the refused token, it forgets only that one: a token fetched since then is kept.
   */
  invalidate(refusedToken?: string): void;
  /** How many tokens this provider has fetched. */
  readonly fetched: number;
}

/**
 * Caches a token until shortly before it expires. Concurrent callers that find no valid token share
 * one fetch; a failed fetch is not cached, and each of its callers gets its own copy of its error. Expiry is counted from the moment the fetch started, so a
 * slow answer can only make the token look older than it is; the renewal margin is at most half the
 * token's lifetime, so that a short-lived token is not renewed on every call.
 *
 * @example
 * const token = tokenProvider({ fetchToken: async () => ({ token: 't', expiresIn: 3600 }) });
 * const docs = new DocsClient({ baseUrl, token });
 */
export function tokenProvider(options: TokenProviderOptions): TokenProvider {
  // Read when used, so that a test clock installed after the provider was made applies.
  const now = () => (options.now ?? Date.now)();
  const renewBeforeExpiryMs = options.renewBeforeExpiryMs ?? 60_000;
  let cached: { token: string; renewAt: number } | undefined;
  let refused: string | undefined;
  let inFlight: Promise<string> | undefined;
  let fetched = 0;

  const fetchFresh = async (): Promise<string> => {
    const startedAt = now();
    const issued = await options.fetchToken(refused);
    refused = undefined;
    fetched += 1;
    const expiresAt = expiryOf(issued, startedAt);
    const margin = Math.max(0, Math.min(renewBeforeExpiryMs, (expiresAt - startedAt) / 2));
    cached = { token: issued.token, renewAt: expiresAt - margin };
    return issued.token;
  };

  const provider = (): Promise<string> => {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    inFlight ??= fetchFresh().finally(() => {
      inFlight = undefined;
    });
    // Each caller sharing a failed fetch gets an error of its own, which its call stamps.
    return inFlight.catch((error: unknown) => {
      throw copyOfError(error);
    });
  };
  provider.invalidate = (refusedToken?: string) => {
    if (refusedToken !== undefined && cached?.token !== refusedToken) return;
    refused = cached?.token;
    cached = undefined;
  };
  Object.defineProperty(provider, 'fetched', { get: () => fetched });
  Object.defineProperty(provider, inspectCustom, { value: () => '[TokenProvider]' });
  return provider as TokenProvider;
}

function expiryOf(issued: IssuedToken, now: number): number {
  if (issued.expiresAt !== undefined) return Number(issued.expiresAt);
  if (issued.expiresIn !== undefined) return now + issued.expiresIn * 1000;
  return Number.POSITIVE_INFINITY;
}
