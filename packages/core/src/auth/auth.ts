import {
  type AuthenticationError,
  RequestValidationError,
  type ValidationIssue,
} from '../errors/errors';
import { inspectCustom } from '../redaction/redact';
import { markLongLivedSecret } from './browser-secret';
import { type SecretSource, secretOption } from './secret-source';
import type { TokenProvider } from './token-provider';

/**
 * How a client authenticates: the headers to add to each attempt of each request. It is asked again
 * for every attempt, so a provider can hand out a renewed token on a retry.
 */
export interface Auth {
  /** The headers to send with one attempt; called again before every attempt. */
  headers(): Record<string, string> | Promise<Record<string, string>>;
  /**
   * Called once when the interface refused the credentials of a request. Resolve true after
   * replacing them, and the transport sends the request once more; false to give up.
   */
  renew?(refused: AuthenticationError, sent: Record<string, string>): boolean | Promise<boolean>;
}

/**
 * The headers of each auth whose headers never change, by header name in lower case. The transport
 * adds them to a request as they are, and has nothing to renew before a retry or to remember of what
 * was sent, which saves work on every call.
 */
const fixedHeaders = new WeakMap<Auth, Readonly<Record<string, string>>>();

/** The unchanging headers of an auth made here with a fixed secret, or undefined for any other. */
export function fixedHeadersOf(auth: Auth): Readonly<Record<string, string>> | undefined {
  return fixedHeaders.get(auth);
}

/** An auth that always answers the same header, without a promise. */
function fixedAuth(description: string, name: string, value: string): Auth {
  const headers = Object.freeze({ [name]: value });
  const auth = describedAuth(description, () => headers);
  fixedHeaders.set(auth, Object.freeze({ [name.toLowerCase()]: value }));
  return auth;
}

function describedAuth(description: string, headers: Auth['headers'], renew?: Auth['renew']): Auth {
  return {
    headers,
    renew,
    toString: () => description,
    toJSON: () => description,
    [inspectCustom]: () => description,
  } as Auth;
}

/**
 * An auth given as an option, refused by name unless it is one the auth helpers made (or any
 * object with a `headers()` function), so that `auth: { username, password }` fails at once.
 */
export function checkAuth(value: unknown, field: string, subject: string): Auth {
  if (typeof (value as Partial<Auth> | null)?.headers === 'function') return value as Auth;
  throw new RequestValidationError(subject, [
    {
      path: field,
      message: 'must be credentials from an auth helper, such as basicAuth(user, password)',
    },
  ]);
}

async function reveal(source: SecretSource): Promise<string> {
  return typeof source === 'string' ? source : source();
}

/** Options of `bearerAuth`. */
export interface BearerAuthOptions {
  /**
   * Which refusals mean the token itself is stale (revoked, expired early). With a `TokenProvider`,
   * such a refusal replaces the token once and the request is sent again. Default: none.
   */
  renewWhen?: (refused: AuthenticationError) => boolean;
}

/**
 * `Authorization: Bearer <token>` with a fixed token or a function that returns the current one.
 *
 * @example
 * bearerAuth(process.env.DOCS_TOKEN!)
 * bearerAuth(tokenProvider({ fetchToken }), { renewWhen: (error) => error.code === 'invalid_token' })
 */
export function bearerAuth(token: SecretSource, options: BearerAuthOptions = {}): Auth {
  secretOption(token, 'token', 'arguments of bearerAuth');
  // A fixed token needs no promise: its headers are built once.
  if (typeof token === 'string') {
    return fixedAuth('[BearerAuth]', 'authorization', `Bearer ${token}`);
  }
  const headers = async () => ({ authorization: `Bearer ${await reveal(token)}` });
  const { renewWhen } = options;
  const provider = isTokenProvider(token) ? token : undefined;
  if (!provider || !renewWhen) return describedAuth('[BearerAuth]', headers);
  return describedAuth('[BearerAuth]', headers, (refused, sent) => {
    if (!renewWhen(refused)) return false;
    // Forget the token only if it is still the one the provider hands out: when another request
    // already replaced it, the refusal concerns an old token and the new one stays.
    provider.invalidate(sent.authorization?.slice('Bearer '.length) ?? '');
    return true;
  });
}

function isTokenProvider(source: SecretSource): source is TokenProvider {
  return typeof source === 'function' && typeof (source as TokenProvider).invalidate === 'function';
}

/** `Authorization: Basic` with a user name and password, encoded as UTF-8. */
export function basicAuth(username: string, password: string): Auth {
  const issues: ValidationIssue[] = [];
  if (typeof username !== 'string' || username === '' || username.includes(':')) {
    issues.push({ path: 'username', message: 'must be a non-empty string without ":"' });
  }
  if (typeof password !== 'string' || password === '') {
    issues.push({ path: 'password', message: 'must be a non-empty string' });
  }
  if (issues.length > 0) throw new RequestValidationError('arguments of basicAuth', issues);
  const value = `Basic ${base64(`${username}:${password}`)}`;
  // A password lasts until someone changes it: a client holding one refuses to run in a browser.
  return markLongLivedSecret(fixedAuth(`[BasicAuth ${username}]`, 'authorization', value));
}

/** A credential carried in a header of its own, such as `X-Mail-Account-Token`. */
export function headerAuth(name: string, value: SecretSource): Auth {
  secretOption(value, 'value', 'arguments of headerAuth');
  if (typeof value === 'string') return fixedAuth(`[HeaderAuth ${name}]`, name, value);
  return describedAuth(`[HeaderAuth ${name}]`, async () => ({ [name]: await reveal(value) }));
}

/** UTF-8 text as base64, with the globals every runtime has. */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
