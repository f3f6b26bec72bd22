import { isJsonOrJsonSuffix } from '../json-body';
import { endToEndHeaders, headerOf } from './hop-by-hop';
import {
  type FoundSecret,
  scrubForm,
  scrubHeaderValue,
  scrubJson,
  scrubPath,
  scrubRawHeaders,
  scrubText,
} from './scrub';
import type { SecretMemory } from './secret-memory';

/**
 * One exchange as a recording holds it: a definition `nock.define()` loads as it is. Bodies are
 * JSON (an object or a list), text, or for a binary answer hex with `responseIsBinary`.
 * `requestHeaders` is for readers: neither nock nor the replay matches on headers.
 */
export interface RecordedExchange {
  /** The origin the exchange went to: the proxy's target, never the proxy. */
  scope: string;
  /** The request's method. */
  method: string;
  /** The path and query as sent, secret parameters replaced. */
  path: string;
  /** The request body: JSON (an object or a list) or text; absent when it was empty. */
  body?: unknown;
  /** The answer's status. */
  status: number;
  /** The answer's body: JSON, text, or hex (with `responseIsBinary`); absent when it was empty. */
  response?: unknown;
  /** Whether `response` is the hex of a body that is not text. */
  responseIsBinary?: boolean;
  /** The answer's headers as name and value pairs, without those of the connection or the length. */
  rawHeaders: string[];
  /** The request's headers by lower-case name, credentials replaced: for readers, never matched. */
  requestHeaders?: Record<string, string>;
}

/** An exchange as the proxy saw it go by, before anything of it is written. */
export interface CapturedExchange {
  /** The origin the request was forwarded to. */
  origin: string;
  method: string;
  /** The path and query as sent. */
  path: string;
  /** The request's headers as name and value pairs. */
  requestHeaders: readonly string[];
  requestBody: Uint8Array;
  status: number;
  /** The answer's end-to-end headers as name and value pairs. */
  responseHeaders: readonly string[];
  /** The answer's body, decoded from its content encoding when it had one. */
  responseBody: Uint8Array;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Bytes as text, or undefined when they are not UTF-8. */
export function textOf(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A JSON object or list, when the content type says JSON and the text is one; else undefined. */
function jsonDocumentOf(text: string, contentType: string | undefined): unknown {
  if (!isJsonOrJsonSuffix(contentType)) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

const isForm = (contentType: string | undefined) =>
  /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType ?? '');

/** Why an exchange cannot be recorded, or undefined when it can. */
export function unrecordable(capture: CapturedExchange): string | undefined {
  if (textOf(capture.requestBody) === undefined) return 'its request body is not UTF-8 text';
  return undefined;
}

/**
 * The exchange as a recording holds it, with every credential replaced by `[redacted]`: found by
 * where it is, then by value wherever else it appears (through `memory`, which also keeps them for
 * the exchanges that follow).
 */
export function recordedExchange(
  capture: CapturedExchange,
  memory: SecretMemory,
): RecordedExchange {
  const found = memory.found;
  const requestType = headerOf(capture.requestHeaders, 'content-type');
  const responseType = headerOf(capture.responseHeaders, 'content-type');
  const recorded: RecordedExchange = {
    scope: capture.origin,
    method: capture.method,
    path: scrubPath(capture.path, found),
    ...requestBodyOf(capture.requestBody, requestType, found),
    status: capture.status,
    ...responseOf(capture.responseBody, responseType, found),
    rawHeaders: scrubRawHeaders(answerHeaders(capture.responseHeaders), found),
    requestHeaders: requestHeadersOf(capture.requestHeaders, found),
  };
  return everyString(recorded, memory.scrub) as RecordedExchange;
}

function requestBodyOf(
  bytes: Uint8Array,
  contentType: string | undefined,
  found: FoundSecret,
): { body?: unknown } {
  if (bytes.byteLength === 0) return {};
  const text = textOf(bytes) ?? '';
  const json = jsonDocumentOf(text, contentType);
  if (json !== undefined) return { body: scrubJson(json, found) };
  return { body: isForm(contentType) ? scrubForm(text, found) : scrubText(text, found) };
}

function responseOf(
  bytes: Uint8Array,
  contentType: string | undefined,
  found: FoundSecret,
): { response?: unknown; responseIsBinary?: boolean } {
  if (bytes.byteLength === 0) return {};
  const text = textOf(bytes);
  if (text === undefined) {
    return { response: Buffer.from(bytes).toString('hex'), responseIsBinary: true };
  }
  const json = jsonDocumentOf(text, contentType);
  return { response: json === undefined ? scrubText(text, found) : scrubJson(json, found) };
}

/**
 * The answer's headers a replay sends again: not the length (a replayed body is written anew, with
 * credentials replaced) nor the encoding (a recording holds the body decoded).
 */
function answerHeaders(rawHeaders: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!.toLowerCase();
    if (name === 'content-length' || name === 'content-encoding') continue;
    kept.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return kept;
}

/** The request's end-to-end headers by lower-case name, without `Host` and the length. */
function requestHeadersOf(
  rawHeaders: readonly string[],
  found: FoundSecret,
): Record<string, string> {
  const kept = endToEndHeaders(rawHeaders);
  const headers: Record<string, string> = {};
  for (let i = 0; i < kept.length; i += 2) {
    const name = kept[i]!.toLowerCase();
    if (name === 'host' || name === 'content-length') continue;
    const value = scrubHeaderValue(name, kept[i + 1]!, found);
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return headers;
}

/** A copy of a JSON-like value with `change` applied to every string in it, keys included. */
function everyString(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => everyString(item, change));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, field]) => [change(name), everyString(field, change)]),
  );
}
