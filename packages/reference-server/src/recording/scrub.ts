import { isSecretHeader, REDACTED } from '@clientkit/core/contract';

/**
 * Credentials out of what a recording keeps: each one found by where it is (a header, a query or
 * form parameter, a JSON field, the user information of a URL) is replaced by `[redacted]`, and
 * reported to `found` so that the same value can be looked for everywhere else.
 */

/** What stands in a recording where a credential was. */
export const PLACEHOLDER = REDACTED;

/** Told every credential a scrub replaced, so that it can be replaced wherever else it appears. */
export type FoundSecret = (value: string) => void;

/** JSON fields whose values are credentials: `access_token`, `client_secret`, not `token_type`. */
const SECRET_FIELD = /secret|password|passwd|api_?key|credential|tokens?$/i;

/** Query and form parameters whose values are credentials; an OAuth code and a share key too. */
const SECRET_PARAMETER =
  /secret|password|passwd|api_?key|credential|signature|share_?key|tokens?$|^key$|^code$/i;

/** The user information of a URL (`https://user:password@host`), wherever a URL starts. */
const URL_USER_INFO = /\b([a-z][a-z\d+.-]*:\/\/)([^/?#@\s"'<>]*)@/gi;

/** A credential after the name of its scheme, as in an `Authorization` value. */
const SCHEME_CREDENTIAL = /\b(Bearer|Basic|Digest|Token)\s+([\w.~+/=-]+)/gi;

/** Text with the user information of every URL in it replaced. */
function withoutUserInfo(text: string, found: FoundSecret): string {
  return text.replace(URL_USER_INFO, (_, scheme: string, userInfo: string) => {
    found(userInfo);
    const colon = userInfo.indexOf(':');
    if (colon !== -1) found(percentDecoded(userInfo.slice(colon + 1)));
    return `${scheme}${PLACEHOLDER}@`;
  });
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A URL given as text (`https://a:b@host/x?token=y`): its user information and secret parameters. */
function scrubUrlText(text: string, found: FoundSecret): string {
  const plain = withoutUserInfo(text, found);
  const url = /^([a-z][a-z\d+.-]*:\/\/[^?#\s]*\?)([^#\s]*)(.*)$/is.exec(plain);
  if (!url) return plain;
  return `${url[1]}${scrubQuery(url[2]!, found)}${url[3]}`;
}

/** A URL query (`a=1&token=x`) with its secret parameters replaced; unchanged text when none is. */
export function scrubQuery(query: string, found: FoundSecret): string {
  const parameters = new URLSearchParams(query);
  let changed = false;
  for (const [name, value] of [...parameters]) {
    const scrubbed = SECRET_PARAMETER.test(name)
      ? secretValue(value, found)
      : scrubUrlText(value, found);
    if (scrubbed === value) continue;
    changed = true;
    parameters.set(name, scrubbed);
  }
  return changed ? parameters.toString() : query;
}

function secretValue(value: string, found: FoundSecret): string {
  if (value !== '' && value !== PLACEHOLDER) found(value);
  return PLACEHOLDER;
}

/** A path with its query (`/v1/spaces/a?shareKey=x`), the query scrubbed. */
export function scrubPath(path: string, found: FoundSecret): string {
  const at = path.indexOf('?');
  if (at === -1) return path;
  return `${path.slice(0, at)}?${scrubQuery(path.slice(at + 1), found)}`;
}

/** A form body (`application/x-www-form-urlencoded`) scrubbed as a query is. */
export const scrubForm = scrubQuery;

/**
 * A JSON value with the value of every secret field replaced (every string inside it, for a field
 * that holds a list or an object), and the user information and secret parameters of every URL
 * given as a string.
 */
export function scrubJson(value: unknown, found: FoundSecret): unknown {
  if (typeof value === 'string') return scrubUrlText(value, found);
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, found));
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    copy[name] = SECRET_FIELD.test(name) ? everyStringOf(field, found) : scrubJson(field, found);
  }
  return copy;
}

function everyStringOf(value: unknown, found: FoundSecret): unknown {
  if (typeof value === 'string') return secretValue(value, found);
  if (Array.isArray(value)) return value.map((item) => everyStringOf(item, found));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [name, everyStringOf(field, found)]),
  );
}

/** Free text (a body that is neither JSON nor a form): URLs' user information, scheme credentials. */
export function scrubText(text: string, found: FoundSecret): string {
  return withoutUserInfo(text, found).replace(
    SCHEME_CREDENTIAL,
    (_, scheme: string, credential: string) => {
      foundCredential(scheme, credential, found);
      return `${scheme} ${PLACEHOLDER}`;
    },
  );
}

/** A credential after its scheme, and for Basic the password inside it too. */
function foundCredential(scheme: string, credential: string, found: FoundSecret): void {
  if (credential === PLACEHOLDER) return;
  found(credential);
  if (scheme.toLowerCase() !== 'basic') return;
  const decoded = Buffer.from(credential, 'base64').toString('utf8');
  found(decoded);
  if (decoded.includes(':')) found(decoded.slice(decoded.indexOf(':') + 1));
}

/**
 * A header's value as a recording keeps it: a credential header (`Authorization`, `Cookie`,
 * `X-Mail-Account-Token`, `X-WP-Nonce` and any named for a token, secret, password or key) keeps
 * only its scheme (`Bearer [redacted]`); any other keeps its text, URLs' user information removed.
 */
export function scrubHeaderValue(name: string, value: string, found: FoundSecret): string {
  if (!isSecretHeader(name)) return withoutUserInfo(value, found);
  const schemed = /^(\w+)\s+(\S+)$/.exec(value.trim());
  if (schemed && /^(bearer|basic|digest|token)$/i.test(schemed[1]!)) {
    foundCredential(schemed[1]!, schemed[2]!, found);
    return `${schemed[1]} ${PLACEHOLDER}`;
  }
  return secretValue(value, found);
}

/** Headers as name and value pairs (`rawHeaders`), each value scrubbed. */
export function scrubRawHeaders(rawHeaders: readonly string[], found: FoundSecret): string[] {
  return rawHeaders.map((text, index) =>
    index % 2 === 1 ? scrubHeaderValue(rawHeaders[index - 1]!, text, found) : text,
  );
}
