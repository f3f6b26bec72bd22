/**
 * Header sets as the transport sends them: every name in lower case, since HTTP names are
 * case-insensitive and a name given twice in two cases must not go out twice.
 */
import { type Auth, fixedHeadersOf } from '../auth/auth';
import type { SecretValues } from '../redaction/secret-values';

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
 * The credentials of one attempt, names in lower case: what `Auth.renew` is told was sent. Their
 * secrets join `secrets`, so that an error or a log line that quotes them has them scrubbed: a
 * fixed auth's as the client holds them, a provider's as obtained (its latest tokens are kept).
 */
export async function credentialsOf(
  auth: Auth | undefined,
  secrets: SecretValues,
): Promise<Readonly<Record<string, string>>> {
  if (!auth) return {};
  const fixed = fixedHeadersOf(auth);
  if (fixed) {
    secrets.addHeaders(fixed, false);
    return fixed;
  }
  const headers = setHeaders({}, await auth.headers()) as Record<string, string>;
  secrets.addHeaders(headers, true);
  return headers;
}
