import { REDACTED } from './redact';

/**
 * The secrets one client holds or has obtained, by value, and what scrubs them from the text of an
 * error or a log line. Patterns (`Bearer ...`, `"password": ...`) miss a secret a server echoes
 * anywhere else (an HTML page, an error message quoting it); the client knows the exact values,
 * so it replaces them wherever they appear.
 */
export interface SecretValues {
  /** A secret the client was given (a token, an API key, a password, a client secret): kept for its life. */
  add(secret: string): void;
  /**
   * A secret obtained while the client runs (a minted access token, a session token): the most
   * recent ones are kept, so that a long-lived client renewing its tokens stays bounded.
   */
  addObtained(secret: string): void;
  /**
   * The secrets of credential headers as an auth gives them: in `Authorization`, the value after
   * its scheme (`Bearer <token>`), and for `Basic` also the `user:password` pair and the password;
   * in any other header, its whole value.
   */
  addHeaders(headers: Readonly<Record<string, string>>, obtained: boolean): void;
  /** Whether any secret is known: with none, scrubbing changes nothing. */
  readonly empty: boolean;
  /** `text` with every known secret, in each of its encodings, replaced by `[redacted]`. */
  scrub(text: string): string;
  /**
   * A copy of a parsed body with every known secret replaced in its strings and keys (the value
   * itself when none is known). Keys stay own data properties (`__proto__` included, never a
   * prototype); levels deeper than 64 are replaced whole; objects other than plain ones and lists
   * (a `Date`) are kept as they are.
   */
  scrubData(value: unknown): unknown;
}

/** Shorter values would match ordinary words of a message; patterns still cover them. */
export const MIN_SECRET_LENGTH = 8;
/** How many obtained secrets are kept: the last few tokens of a client that renews them. */
const MAX_OBTAINED = 16;
/** Deeper than any body an interface sends. */
const MAX_DEPTH = 64;

/** A new, empty set of secret values, for one client. */
export function secretValues(): SecretValues {
  const given = new Set<string>();
  const obtained = new Set<string>();
  let patterns: string[] | undefined = [];

  /** Header values already taken apart: an attempt with the same credentials costs one lookup. */
  const seenHeaders = new Set<string>();

  const remember = (store: Set<string>, secret: string) => {
    if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH) return;
    if (given.has(secret) || obtained.has(secret)) return;
    // The oldest obtained secret goes first: a token in use is the newest one.
    if (store === obtained && obtained.size >= MAX_OBTAINED) {
      obtained.delete(obtained.values().next().value!);
    }
    store.add(secret);
    patterns = undefined;
  };
  /** Every encoding of every secret, longest first, so that no part of a longer one is left. */
  const known = (): string[] => {
    patterns ??= [...new Set([...given, ...obtained].flatMap(encodings))].sort(
      (a, b) => b.length - a.length,
    );
    return patterns;
  };
  const scrub = (text: string): string => {
    let scrubbed = text;
    for (const pattern of known()) {
      if (scrubbed.includes(pattern)) scrubbed = scrubbed.split(pattern).join(REDACTED);
    }
    return scrubbed;
  };
  const scrubData = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return scrub(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth > MAX_DEPTH) return REDACTED;
    if (Array.isArray(value)) return value.map((item) => scrubData(item, depth + 1));
    if (!isPlain(value)) return value;
    // fromEntries defines own properties: a `__proto__` key stays a key.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [scrub(key), scrubData(item, depth + 1)]),
    );
  };

  return {
    add: (secret) => remember(given, secret),
    addObtained: (secret) => remember(obtained, secret),
    addHeaders(headers, isObtained) {
      const store = isObtained ? obtained : given;
      for (const name in headers) {
        const value = headers[name]!;
        if (seenHeaders.has(value)) continue;
        if (seenHeaders.size >= MAX_OBTAINED * 4) seenHeaders.clear();
        seenHeaders.add(value);
        for (const secret of headerSecrets(name, value)) remember(store, secret);
      }
    },
    get empty() {
      return given.size === 0 && obtained.size === 0;
    },
    scrub: (text) => (known().length === 0 ? text : scrub(text)),
    scrubData: (value) => (known().length === 0 ? value : scrubData(value, 0)),
  };
}

function isPlain(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The secrets in one credential header's value. */
function headerSecrets(name: string, value: string): string[] {
  const scheme = /authorization$/i.test(name) ? /^(\w+)\s+(\S+)$/.exec(value) : null;
  if (!scheme) return [value];
  const [, kind, credential] = scheme as unknown as [string, string, string];
  if (kind.toLowerCase() !== 'basic') return [credential];
  const pair = decodedBase64(credential);
  const password = pair?.slice(pair.indexOf(':') + 1);
  return [credential, ...(pair ? [pair] : []), ...(password ? [password] : [])];
}

function decodedBase64(text: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * A secret as a server may echo it: as it is, percent-encoded (a URL or a form), in a JSON string
 * (escaped, or with `\/` as PHP writes it), and in HTML (entities).
 */
function encodings(secret: string): string[] {
  const percent = encodeURIComponent(secret);
  const json = JSON.stringify(secret).slice(1, -1);
  const html = secret
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
  return [secret, percent, percent.replace(/%20/g, '+'), json, json.replace(/\//g, '\\/'), html];
}
