/** What replaces a secret in logs, error messages and inspected objects. */
export const REDACTED = '[redacted]';

/** The key of the method Node's `util.inspect` (and so `console.log`) calls to show an object. */
export const inspectCustom = Symbol.for('nodejs.util.inspect.custom');

const secretHeader =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-wp-nonce)$|token|secret|password|api-?key/i;
const secretParam = /token|secret|password|passwd|api_?key|signature|sharekey|^key$|^code$/i;

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

/** Text without the `user:password@` part of any URL in it. */
const withoutUserInfo = (text: string) => text.replace(/\/\/[^/@\s]*@/g, '//');

/**
 * `url` without the user name and password, with secret query values (tokens, keys, share keys,
 * and the names `isSecretParam` adds) replaced, and without credentials of URLs given as query
 * values. Text that is not a URL is returned with any `user:password@` part removed.
 */
export function redactUrl(
  url: string | URL,
  isSecretParam: (name: string) => boolean = () => false,
): string {
  const text = String(url);
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return withoutUserInfo(text);
  }
  const query = [...parsed.searchParams]
    .map(([name, value]) => {
      const secret = secretParam.test(name) || isSecretParam(name);
      const shown = secret ? REDACTED : encodeURIComponent(withoutUserInfo(value));
      return `${encodeURIComponent(name)}=${shown}`;
    })
    .join('&');
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}${query ? `?${query}` : ''}${parsed.hash}`;
}

const secretField = /token|secret|password|passwd|api_?key|credential/i;

/**
 * A copy of a parsed body with the values of secret-looking fields (`access_token`,
 * `authentication_token`, `client_secret`, ...) replaced, for errors that keep a body which did not
 * match its schema: a token answer that failed validation must not carry the live token around.
 */
export function redactSecretFields(value: unknown, depth = 0): unknown {
  return redactedFields(value, (text) => text, depth);
}

/** `redactSecretFields`, with every string of the body passed through `text`. */
export function redactedFields(
  value: unknown,
  text: (value: string) => string,
  depth = 0,
): unknown {
  if (typeof value === 'string') return text(value);
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactedFields(item, text, depth + 1));
  // fromEntries defines own properties: a `__proto__` key of the body stays a key, where an
  // assignment would make its value the copy's prototype.
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [
      name,
      secretField.test(name) && field !== null && field !== undefined
        ? REDACTED
        : redactedFields(field, text, depth + 1),
    ]),
  );
}

/** A URL inside free text: up to a space, a quote or an angle bracket. */
const urlInText = /\bhttps?:\/\/[^\s"'<>]+/gi;
/** A credential after its scheme's name, as in an `Authorization` value. */
const schemeCredential = /\b(Bearer|Basic|Digest|Token)\s+[\w.~+/=-]+/gi;
/** A secret-named field with its value, as JSON (`"token": "..."`) or a form (`password=...`). */
const namedSecret =
  /((?:"|\b)[\w-]*(?:token|secret|password|passwd|api_?key|credential|signature)[\w-]*"?\s*[:=]\s*)("[^"]*"?|[^\s,;&"'<>}]+)/gi;

/**
 * Free text (an answer's body that is not the interface's, such as a proxy's HTML page) with what
 * looks like a secret replaced: credentials of URLs and their secret query values, credentials after
 * an auth scheme's name, and the values of secret-named fields.
 */
export function redactText(text: string): string {
  return text
    .replace(urlInText, (url) => redactUrl(url))
    .replace(schemeCredential, `$1 ${REDACTED}`)
    .replace(namedSecret, `$1${REDACTED}`);
}
