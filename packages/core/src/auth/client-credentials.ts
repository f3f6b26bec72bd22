import { RequestValidationError } from '../errors/errors';
import { checkOptionNames } from '../options/rules';
import { inspectCustom } from '../redaction/redact';
import {
  type IssuedToken,
  type TokenProvider,
  type TokenSharing,
  tokenProvider,
} from './token-provider';

/** The form of an OAuth 2.0 client credentials grant (RFC 6749, section 4.4). */
export interface TokenRequest {
  grant_type: 'client_credentials';
  client_id: string;
  client_secret: string;
  audience: string;
}

/** Options of `clientCredentials`. */
export interface ClientCredentialsOptions {
  /** The id of a machine-to-machine application. */
  clientId: string;
  /** Its secret; it is only ever sent to the token URL. */
  clientSecret: string;
  /** The API the token is for, such as `https://<tenant>/api/v2/`. */
  audience: string;
  /** Where to exchange the credentials (default: `/oauth/token` on the origin of the client's `baseUrl`). */
  tokenUrl?: string;
  /** Fetch a new token this long before the current one expires (default 60 s). */
  renewBeforeExpiryMs?: number;
}

/** Sends a client credentials exchange and answers the token with its lifetime. */
export type TokenExchange = (request: TokenRequest, tokenUrl: string) => Promise<IssuedToken>;

/**
 * Credentials of a machine-to-machine application (OAuth 2.0 client credentials), to pass to a
 * client that exchanges them, such as `new IdmClient({ auth })`. The client exchanges them for access
 * tokens, caches each token until shortly before it expires, and lets concurrent requests share one
 * exchange; a client given a `coordination` shares each token with the processes of its fleet. The
 * secret never appears when the object is printed.
 */
export interface ClientCredentials {
  readonly clientId: string;
  readonly audience: string;
  readonly tokenUrl: string | undefined;
  /**
   * A cached, single-flight token provider that exchanges the credentials through `exchange`;
   * with `share` (the client's coordination), one exchange per token lifetime for the whole fleet.
   */
  provider(
    exchange: TokenExchange,
    options: { tokenUrl: string; now?: () => number; share?: TokenSharing | undefined },
  ): TokenProvider;
}

const optionNames = ['clientId', 'clientSecret', 'audience', 'tokenUrl', 'renewBeforeExpiryMs'];

/**
 * Client credentials for `IdmClient`: tokens are fetched from its `/oauth/token` when needed.
 *
 * @example
 * const idm = new IdmClient({
 *   baseUrl: 'https://tenant.example.com/api/v2',
 *   auth: clientCredentials({ clientId, clientSecret, audience: 'https://tenant.example.com/api/v2/' }),
 * });
 */
export function clientCredentials(options: ClientCredentialsOptions): ClientCredentials {
  checkOptionNames(options, optionNames, 'options of clientCredentials');
  const issues: { path: string; message: string }[] = (
    ['clientId', 'clientSecret', 'audience'] as const
  )
    .filter((field) => typeof options?.[field] !== 'string' || options[field] === '')
    .map((field) => ({ path: field, message: 'must be a non-empty string' }));
  if (options?.tokenUrl !== undefined && !isHttpUrl(options.tokenUrl)) {
    issues.push({ path: 'tokenUrl', message: 'must be an absolute http(s) URL' });
  }
  if (issues.length > 0) throw new RequestValidationError('options of clientCredentials', issues);
  const { clientId, clientSecret, audience, tokenUrl, renewBeforeExpiryMs } = options;
  const description = `[ClientCredentials ${clientId}]`;
  return {
    clientId,
    audience,
    tokenUrl,
    provider(exchange, context) {
      const request: TokenRequest = {
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
        audience,
      };
      const exchangeOnce = () => exchange(request, context.tokenUrl);
      // Named by where and for what the token is issued; the secret only seals the shared token.
      const identity = ['client-credentials', context.tokenUrl, clientId, audience];
      const { share } = context;
      return tokenProvider({
        fetchToken: (refused) =>
          share
            ? share({ identity, secret: clientSecret, exchange: exchangeOnce, refused })
            : exchangeOnce(),
        ...(renewBeforeExpiryMs === undefined ? {} : { renewBeforeExpiryMs }),
        ...(context.now ? { now: context.now } : {}),
      });
    },
    toString: () => description,
    toJSON: () => ({ clientId, audience, tokenUrl }),
    [inspectCustom]: () => description,
  } as ClientCredentials;
}

function isHttpUrl(value: unknown): boolean {
  try {
    const url = new URL(String(value));
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
