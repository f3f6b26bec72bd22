/**
 * The only adaptations the official SDKs get to talk to the reference server, and why each is needed.
 * Nothing here changes a body, a path, a query or an answer:
 *
 * 1. Origin: each SDK hard-codes an https host (`api.stripe.com`, `api.postmarkapp.com`,
 *    `<tenant>/oauth/token`). We point it at the local http origin through the SDK's own options
 *    (stripe: `host`, `port`, `protocol`; postmark: `useHttps`, `requestHost`) or, where the SDK
 *    only takes a domain (auth0), through its documented `fetch` option with a fetch that swaps
 *    the origin.
 * 2. Header names the spec renames: `Stripe-Version` is `Service-Version` and
 *    `X-Postmark-Account-Token` is `X-Mail-Account-Token` on our interfaces. The values pass as
 *    they are.
 *
 * Each builder takes the origin of a running reference server (`http://127.0.0.1:<port>`), so the
 * same clients can drive a benchmark.
 */
import { ManagementClient } from 'auth0';
import { AuthenticationClient, ManagementClient as LegacyManagementClient } from 'auth0/legacy';
import { AccountClient } from 'postmark';
import Stripe from 'stripe';

/** Header names the spec renames, official name (lower case) to ours. */
export const RENAMED_HEADERS: Readonly<Record<string, string>> = {
  'stripe-version': 'Service-Version',
  'x-postmark-account-token': 'X-Mail-Account-Token',
};

/** The tenant domain the auth0 SDKs are given; its default audience is the reference server's. */
export const IDM_DOMAIN = 'idm.clientkit.test';

/** Copies headers, giving the renamed ones their names on our interfaces. */
export function renameHeaders(headers: HeadersInit | undefined): Headers {
  const renamed = new Headers();
  for (const [name, value] of new Headers(headers)) {
    renamed.set(RENAMED_HEADERS[name] ?? name, value);
  }
  return renamed;
}

/** A fetch that sends every request to `origin` (keeping path and query) with renamed headers. */
export function localFetch(origin: string): typeof fetch {
  const target = new URL(origin);
  return (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    url.protocol = target.protocol;
    url.host = target.host;
    return fetch(new Request(url, request), { headers: renameHeaders(request.headers) });
  };
}

/** stripe: the API key (or a session's authentication_token) against the local origin. */
export function stripeClient(
  origin: string,
  key: string,
  options: {
    maxNetworkRetries?: number;
    apiVersion?: string;
    /** `node`: stripe's default node:http client, which sends `Stripe-Version` under its own name. */
    httpClient?: 'fetch' | 'node';
    /** Replaces the renaming `localFetch` (a benchmark's canned fetch, say). */
    fetch?: typeof fetch;
  } = {},
) {
  const url = new URL(origin);
  const httpClient =
    options.httpClient === 'node'
      ? {}
      : { httpClient: Stripe.createFetchHttpClient(options.fetch ?? localFetch(origin)) };
  return new Stripe(key, {
    ...(options.apiVersion === undefined
      ? {}
      : { apiVersion: options.apiVersion as Stripe.LatestApiVersion }),
    host: url.hostname,
    port: Number(url.port),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    ...httpClient,
    maxNetworkRetries: options.maxNetworkRetries ?? 0,
    telemetry: false,
  });
}

/** postmark: the AccountClient with an account token against the local origin. */
export function postmarkAccountClient(
  origin: string,
  accountToken: string,
  options: { fetch?: typeof fetch } = {},
): AccountClient {
  const url = new URL(origin);
  return new AccountClient(accountToken, {
    useHttps: url.protocol === 'https:',
    requestHost: url.host,
    fetch: options.fetch ?? localFetch(origin),
  });
}

/** auth0: the ManagementClient, which gets its own tokens with the client credentials grant. */
export function auth0ManagementClient(
  origin: string,
  credentials: { clientId: string; clientSecret: string },
  options: { fetch?: typeof fetch } = {},
): ManagementClient {
  return new ManagementClient({
    domain: IDM_DOMAIN,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    fetch: options.fetch ?? localFetch(origin),
    maxRetries: 0,
  });
}

/** auth0: the v4 ManagementClient (shipped as `auth0/legacy`), whose log listing takes `from` and `take`. */
export function auth0LegacyManagementClient(origin: string, token: string): LegacyManagementClient {
  return new LegacyManagementClient({
    domain: IDM_DOMAIN,
    token,
    fetch: localFetch(origin),
    retry: { enabled: false },
  });
}

/** auth0: the AuthenticationClient (shipped as `auth0/legacy` since v7) for the client credentials grant. */
export function auth0AuthenticationClient(
  origin: string,
  credentials: { clientId: string; clientSecret: string },
): AuthenticationClient {
  return new AuthenticationClient({
    domain: IDM_DOMAIN,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    fetch: localFetch(origin),
  });
}
