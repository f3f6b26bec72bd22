/**
 * How a client authenticates: the headers to add to each attempt of each request. It is asked again
 * for every attempt, so a provider can hand out a renewed token on a retry.
 */
export interface Auth {
  /** The headers to send with one attempt; called again before every attempt. */
  headers(): Record<string, string> | Promise<Record<string, string>>;
}

/** A secret, or a function that produces the current one (for example from a token provider). */
export type SecretSource = string | (() => string | Promise<string>);

const inspectSymbol = Symbol.for('nodejs.util.inspect.custom');

function describedAuth(description: string, headers: Auth['headers']): Auth {
  return {
    headers,
    toString: () => description,
    toJSON: () => description,
    [inspectSymbol]: () => description,
  } as Auth;
}

async function reveal(source: SecretSource): Promise<string> {
  return typeof source === 'string' ? source : source();
}

/**
 * `Authorization: Bearer <token>` with a fixed token or a function that returns the current one.
 *
 * @example
 * bearerAuth(process.env.DOCS_TOKEN!)
 * bearerAuth(tokenProvider({ fetchToken }))
 */
export function bearerAuth(token: SecretSource): Auth {
  return describedAuth('[BearerAuth]', async () => ({
    authorization: `Bearer ${await reveal(token)}`,
  }));
}

/** `Authorization: Basic` with a user name and password, encoded as UTF-8. */
export function basicAuth(username: string, password: string): Auth {
  const value = `Basic ${base64(`${username}:${password}`)}`;
  return describedAuth(`[BasicAuth ${username}]`, () => ({ authorization: value }));
}

/** A credential carried in a header of its own, such as `X-Mail-Account-Token`. */
export function headerAuth(name: string, value: SecretSource): Auth {
  return describedAuth(`[HeaderAuth ${name}]`, async () => ({ [name]: await reveal(value) }));
}

/** UTF-8 text as base64, with the globals every runtime has. */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** A token and when it stops being valid, as a token endpoint reports it. */
export interface IssuedToken {
  token: string;
  /** The moment the token expires. */
  expiresAt?: Date | number;
  /** Or: seconds from now until it expires (OAuth's `expires_in`). */
  expiresIn?: number;
}

/** Options of `tokenProvider`. */
export interface TokenProviderOptions {
  /** Obtains a fresh token. */
  fetchToken: () => Promise<IssuedToken>;
  /** Renew this long before the token expires, so that no request carries one about to lapse. Default 60 s. */
  renewBeforeExpiryMs?: number;
  /** The clock; tests pass their own. */
  now?: () => number;
}

/** A function that returns a valid token, fetching one only when needed. */
export interface TokenProvider {
  (): Promise<string>;
  /** Forgets the cached token, so that the next call fetches a new one (for example after a 401). */
  invalidate(): void;
}

/**
 * Caches a token until shortly before it expires. Concurrent callers that find no valid token share
 * one fetch; a failed fetch is not cached.
 *
 * @example
 * const token = tokenProvider({ fetchToken: async () => ({ token: 't', expiresIn: 3600 }) });
 * const docs = new DocsClient({ baseUrl, token });
 */
export function tokenProvider(options: TokenProviderOptions): TokenProvider {
  const now = options.now ?? Date.now;
  const renewBeforeExpiryMs = options.renewBeforeExpiryMs ?? 60_000;
  let cached: { token: string; renewAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  const fetchFresh = async (): Promise<string> => {
    const issued = await options.fetchToken();
    const expiresAt = expiryOf(issued, now());
    cached = { token: issued.token, renewAt: expiresAt - renewBeforeExpiryMs };
    return issued.token;
  };

  const provider = (): Promise<string> => {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    inFlight ??= fetchFresh().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  provider.invalidate = () => {
    cached = undefined;
  };
  Object.defineProperty(provider, inspectSymbol, { value: () => '[TokenProvider]' });
  return provider;
}

function expiryOf(issued: IssuedToken, now: number): number {
  if (issued.expiresAt !== undefined) return Number(issued.expiresAt);
  if (issued.expiresIn !== undefined) return now + issued.expiresIn * 1000;
  return Number.POSITIVE_INFINITY;
}
