/**
 * Query strings and form bodies read the way PHP fills `$_GET` and `$_POST` for WordPress:
 * `name[]` appends to a list, `name[key]` sets an entry (keys that are canonical integers are
 * integers), a plain name given again keeps its last value, dots and spaces in a top-level name
 * become underscores, and only the first `MAX_INPUT_VARIABLES` variables are read. The reader
 * walks the text once and does constant work per character, so the time it takes grows with the
 * input's size and never with how often a name repeats.
 */

/** PHP's default `max_input_vars`: variables past it are dropped unread. */
export const MAX_INPUT_VARIABLES = 1000;

/** PHP's default `max_input_nesting_level`: a deeper name drops the whole top-level variable. */
export const MAX_INPUT_NESTING = 64;

export type PhpKey = string | number;
export type PhpValue = string | PhpArray;

/** PHP turns keys such as `7` or `-3` into integers, but not `07`, `+3` or `-0`. */
function phpKey(text: string): PhpKey {
  if (!/^(0|-?[1-9][0-9]*)$/.test(text)) return text;
  const number = Number(text);
  return Number.isSafeInteger(number) ? number : text;
}

/** An ordered map with PHP's array semantics, as far as request variables need them. */
export class PhpArray {
  readonly #entries = new Map<PhpKey, PhpValue>();
  #nextIndex: number | undefined;

  get(key: string): PhpValue | undefined {
    return this.#entries.get(phpKey(key));
  }

  has(key: string): boolean {
    return this.#entries.has(phpKey(key));
  }

  set(key: string, value: PhpValue): void {
    const normalised = phpKey(key);
    if (typeof normalised === 'number') {
      this.#nextIndex = Math.max(this.#nextIndex ?? normalised + 1, normalised + 1);
    }
    this.#entries.set(normalised, value);
  }

  append(value: PhpValue): void {
    const index = this.#nextIndex ?? 0;
    this.#nextIndex = index + 1;
    this.#entries.set(index, value);
  }

  delete(key: string): void {
    this.#entries.delete(phpKey(key));
  }

  /** The array below `key`, made anew when the key holds text or nothing, as PHP does. */
  arrayAt(key: string | null): PhpArray {
    if (key === null) {
      const child = new PhpArray();
      this.append(child);
      return child;
    }
    const existing = this.get(key);
    if (existing instanceof PhpArray) return existing;
    const child = new PhpArray();
    this.set(key, child);
    return child;
  }

  entries(): [PhpKey, PhpValue][] {
    return [...this.#entries];
  }

  /** Every key an integer, as WordPress requires of a list (`wp_is_numeric_array`). */
  isList(): boolean {
    for (const key of this.#entries.keys()) if (typeof key !== 'number') return false;
    return true;
  }

  /** Lists as arrays of their values (in order), other arrays as objects, text as it is. */
  toPlain(): unknown {
    if (this.isList()) return [...this.#entries.values()].map(plain);
    return Object.fromEntries(this.entries().map(([key, value]) => [String(key), plain(value)]));
  }
}

function plain(value: PhpValue): unknown {
  return typeof value === 'string' ? value : value.toPlain();
}

/** What a query string or form body holds, and the top-level names whose bytes are not UTF-8. */
export interface PhpInput {
  variables: PhpArray;
  notUtf8: string[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossyUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

function isHexDigit(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  );
}

/**
 * The bytes of one name or value: `+` is a space and `%XX` a byte, as PHP's `urldecode` reads
 * them (a `%` not followed by two hex digits stays as it is). `text` holds one byte per character.
 */
function urlDecodedBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x2b) {
      bytes[length++] = 0x20;
    } else if (
      code === 0x25 &&
      i + 2 < text.length &&
      isHexDigit(text.charCodeAt(i + 1)) &&
      isHexDigit(text.charCodeAt(i + 2))
    ) {
      bytes[length++] = Number.parseInt(text.slice(i + 1, i + 3), 16);
      i += 2;
    } else {
      bytes[length++] = code;
    }
  }
  return bytes.subarray(0, length);
}

/** The text of a name or value, or undefined when its bytes are not UTF-8. */
function decoded(text: string): string | undefined {
  // Plain ASCII needs no decoding, which keeps large values cheap.
  if (!/[%+\u0080-\u00ff]/.test(text)) return text;
  try {
    return utf8.decode(urlDecodedBytes(text));
  } catch {
    return undefined;
  }
}

/** The top-level name a raw variable name stands for, for naming it in a refusal. */
function topLevelName(rawName: string): string {
  const name = lossyUtf8.decode(urlDecodedBytes(rawName)).replace(/^ +/, '');
  const bracket = name.indexOf('[');
  return (bracket === -1 ? name : name.slice(0, bracket)).replace(/[ .]/g, '_');
}

/**
 * Reads `name=value&...` the way PHP does, one byte per character (a body as latin1, or a URL's
 * query). Empty pieces between `&`s are skipped; every other piece counts towards `maxVariables`,
 * even one PHP then ignores (an empty name). A name or value whose bytes are not UTF-8 is not
 * stored: its top-level name is reported instead.
 */
export function readPhpInput(text: string, maxVariables = MAX_INPUT_VARIABLES): PhpInput {
  const variables = new PhpArray();
  const notUtf8: string[] = [];
  let count = 0;
  let position = 0;
  while (position < text.length) {
    const separator = text.indexOf('&', position);
    const end = separator === -1 ? text.length : separator;
    const piece = text.slice(position, end);
    position = end + 1;
    if (piece === '') continue;
    count += 1;
    if (count > maxVariables) break;
    const equals = piece.indexOf('=');
    const rawName = equals === -1 ? piece : piece.slice(0, equals);
    const name = decoded(rawName);
    const value = equals === -1 ? '' : decoded(piece.slice(equals + 1));
    if (name === undefined || value === undefined) {
      notUtf8.push(topLevelName(rawName));
      continue;
    }
    registerVariable(variables, name, value);
  }
  return { variables, notUtf8 };
}

/** PHP's whitespace for the one character it skips after `[`. */
function isPhpSpace(character: string | undefined): boolean {
  return character !== undefined && ' \t\n\v\f\r'.includes(character);
}

/**
 * Stores one variable the way PHP's `php_register_variable_ex` does: leading spaces of the name
 * are dropped; up to the first `[`, spaces and dots become underscores; then each `[key]` (or
 * `[]`, append) goes one level deeper. A `[` that is never closed is part of the name: at the top
 * level it becomes `_` (and so do spaces, dots and brackets after it), deeper down the rest of
 * the name is ignored. Text after a `]` that does not open another level is ignored too.
 */
export function registerVariable(variables: PhpArray, rawName: string, value: string): void {
  const name = rawName.replace(/^ +/, '');
  const bracket = name.indexOf('[');
  const base = (bracket === -1 ? name : name.slice(0, bracket)).replace(/[ .]/g, '_');
  if (base === '') return;
  if (bracket === -1) {
    variables.set(base, value);
    return;
  }
  let target = variables;
  let key: string | null = base;
  let open = bracket;
  for (let level = 1; ; level++) {
    if (level > MAX_INPUT_NESTING) {
      variables.delete(base);
      return;
    }
    let start = open + 1;
    const keyStart = start;
    if (isPhpSpace(name[start])) start += 1;
    let nextKey: string | null = null;
    let close = start;
    if (name[start] !== ']') {
      close = name.indexOf(']', start);
      if (close === -1) {
        if (target === variables) {
          key = `${base}_${name.slice(keyStart).replace(/[ .[]/g, '_')}`;
        }
        break;
      }
      nextKey = name.slice(keyStart, close);
    }
    target = target.arrayAt(key);
    key = nextKey;
    if (name[close + 1] !== '[') break;
    open = close + 1;
  }
  if (key === null) target.append(value);
  else target.set(key, value);
}
