/**
 * Header sets as the transport sends them: every name in lower case, since HTTP names are
 * case-insensitive and a name given twice in two cases must not go out twice.
 */
import { type Auth, fixedHeadersOf } from '../auth/auth';
import type { Call } from './call';

type HeaderSet = Record<string, string | undefined>;

/**
 * Sets each header of `source` on `target` under its lower-case name; `undefined` removes it.
 * Returns `target`.
 */
export function setHeaders<Target extends HeaderSet>(
  target: Target,
  source: HeaderSet = {},
): Target {
  for (const name in source) {
    const value = source[name];
    if (value === undefined) delete target[name.toLowerCase()];
    else (target as HeaderSet)[name.toLowerCase()] = value;
  }
  return target;
}

/**
 * The headers of a call's attempts (but `Idempotency-Key`): the client's own, the request's, the
 * content type of a body, then the credentials.
 */
export function callHeaders(
  client: Readonly<Record<string, string>>,
  call: Call,
  credentials: Readonly<Record<string, string>>,
): Record<string, string> {
  const headers = setHeaders({ ...client }, call.options.headers);
  if (call.body !== undefined) headers['content-type'] ??= 'application/json';
  return setHeaders(headers, credentials);
}

/** The credentials of one attempt, remembered in `sent` (names in lower case) for `Auth.renew`. */
export async function credentialsOf(
  auth: Auth | undefined,
  sent: Record<string, string>,
): Promise<Readonly<Record<string, string>>> {
  const credentials = auth ? (fixedHeadersOf(auth) ?? (await auth.headers())) : {};
  setHeaders(sent, credentials);
  return credentials;
}
