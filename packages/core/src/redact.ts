/** What replaces a secret in logs, error messages and inspected objects. */
export const REDACTED = '[redacted]';

const secretHeader =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-wp-nonce)$|token|secret|password|api-?key/i;
const secretParam = /token|secret|password|passwd|api_?key|apikey|signature|sharekey|^key$|^code$/i;

/** True for a header whose value is a credential. */
export function isSecretHeader(name: string): boolean {
  return secretHeader.test(name);
}

/** A plain copy of `headers` with every credential replaced by `[redacted]`. */
export function redactHeaders(
  headers: Headers | Record<string, string | undefined>,
): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  const copy: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    copy[name] = isSecretHeader(name) ? REDACTED : value;
  }
  return copy;
}

/**
 * `url` without the user name and password, and with secret query values (tokens, keys, share keys)
 * replaced. Text that is not a URL is returned with any `user:password@` part removed.
 */
export function redactUrl(url: string | URL): string {
  const text = String(url);
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return text.replace(/\/\/[^/@\s]*@/g, '//');
  }
  const query = [...parsed.searchParams]
    .map(([name, value]) => {
      const shown = secretParam.test(name) ? REDACTED : encodeURIComponent(value);
      return `${encodeURIComponent(name)}=${shown}`;
    })
    .join('&');
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}${query ? `?${query}` : ''}${parsed.hash}`;
}

const secretField = /token|secret|password|passwd|api_?key|apikey/i;

/**
 * A copy of a parsed body with the value of every field named like a credential (an access token,
 * a session's `authentication_token`, a client secret) replaced, at any depth: what an error may
 * keep of a response it could not accept.
 */
export function redactSecretFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecretFields);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    copy[name] = secretField.test(name) && field !== null ? REDACTED : redactSecretFields(field);
  }
  return copy;
}
