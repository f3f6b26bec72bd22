import type { ValidationIssue } from '@clientkit/core';

/**
 * The largest lists and shapes the webhook receiver takes in a payload. The service sends at most
 * 1,000 addresses per address field, a message's 1,000 header fields plus the 4 of its spam check,
 * and 999 attachments (1,000 MIME parts), so each list's maximum is what it can send; the other
 * bounds leave room for fields the service may add. Together they bound what a payload costs to
 * parse and check, whatever it holds: a list past its maximum is refused before any item is looked
 * at, even before the JSON is parsed.
 */
export const INBOUND_PAYLOAD_LIMITS = {
  /** Recipients in each of `ToFull`, `CcFull` and `BccFull`. */
  maxRecipients: 1000,
  /** Entries in `Headers`. */
  maxHeaders: 1004,
  /** Entries in `Attachments`. */
  maxAttachments: 1000,
  /** Items in any other array. */
  maxArrayItems: 1000,
  /** Members of any object. */
  maxObjectMembers: 1000,
  /** Arrays and objects inside one another (the payload itself is 1; a header's fields are 3). */
  maxNestingDepth: 16,
  /** JSON values in the whole payload (a largest real payload holds some 21,000). */
  maxValues: 100_000,
} as const;

const listMaxima: Record<string, number> = {
  ToFull: INBOUND_PAYLOAD_LIMITS.maxRecipients,
  CcFull: INBOUND_PAYLOAD_LIMITS.maxRecipients,
  BccFull: INBOUND_PAYLOAD_LIMITS.maxRecipients,
  Headers: INBOUND_PAYLOAD_LIMITS.maxHeaders,
  Attachments: INBOUND_PAYLOAD_LIMITS.maxAttachments,
};

const tooMany = (max: number) => `must have at most ${max} items`;

/**
 * The first list of an already parsed payload that is longer than its maximum, so that its items
 * are never checked one by one.
 */
export function payloadListProblem(payload: unknown): ValidationIssue | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  for (const [field, max] of Object.entries(listMaxima)) {
    const list = (payload as Record<string, unknown>)[field];
    if (Array.isArray(list) && list.length > max) return { path: field, message: tooMany(max) };
  }
  return undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** An array or object the scan is inside: how many commas it has seen, and its maximum. */
interface Open {
  array: boolean;
  commas: number;
  max: number;
  /** The top-level field it belongs to ("" for the payload itself), for the report. */
  field: string;
}

/** Where the string starting with the quote at `start` ends, or -1 when it does not. */
function closingQuote(text: string, start: number): number {
  let at = start;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at === -1) return -1;
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
}

function problemAt(field: string, message: string): ValidationIssue {
  return { path: field.length > 100 ? `${field.slice(0, 100)}...` : field, message };
}

/** What a new array or object may hold, by where it is. */
function opened(array: boolean, parent: Open | undefined, key: string): Open {
  if (parent === undefined) {
    return { array, commas: 0, max: maxOf(array), field: '' };
  }
  const topLevel = !parent.array && parent.field === '';
  const field = topLevel ? key : parent.field;
  const max = topLevel && array && Object.hasOwn(listMaxima, key) ? listMaxima[key]! : maxOf(array);
  return { array, commas: 0, max, field };
}

function maxOf(array: boolean): number {
  return array ? INBOUND_PAYLOAD_LIMITS.maxArrayItems : INBOUND_PAYLOAD_LIMITS.maxObjectMembers;
}

function overflow(open: Open): ValidationIssue {
  if (open.array) return problemAt(open.field, tooMany(open.max));
  return problemAt(open.field, `must have at most ${open.max} members`);
}

/**
 * Scans the text of a payload once, without parsing it, and returns the first place where it
 * passes the limits: a list or object with too many entries, nesting too deep, too many values.
 * Counting commas is enough for that; whether the text is JSON at all is left to the parser, which
 * then never builds more than the scan let through. Strings are skipped whole (with `indexOf`), so
 * the scan costs one pass over the structure and next to nothing over long strings.
 */
export function payloadTextProblem(text: string): ValidationIssue | undefined {
  const stack: Open[] = [];
  let values = 0;
  let key = '';
  let keyNext = false;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = closingQuote(text, at);
      if (end === -1) return undefined;
      if (keyNext && stack.length === 1) key = text.slice(at + 1, end);
      keyNext = false;
      at = end;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      const open = opened(code === OPEN_ARRAY, stack.at(-1), key);
      if (stack.length === INBOUND_PAYLOAD_LIMITS.maxNestingDepth) {
        return problemAt(open.field, `is nested deeper than ${stack.length} levels`);
      }
      stack.push(open);
      values += 1;
      keyNext = !open.array;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      if (stack.pop() === undefined) return undefined;
    } else if (code === COMMA) {
      const open = stack.at(-1);
      if (open === undefined) return undefined;
      open.commas += 1;
      values += 1;
      if (open.commas >= open.max) return overflow(open);
      if (values > INBOUND_PAYLOAD_LIMITS.maxValues) {
        return problemAt('', `must hold at most ${INBOUND_PAYLOAD_LIMITS.maxValues} values`);
      }
      keyNext = !open.array;
    }
  }
  return undefined;
}
