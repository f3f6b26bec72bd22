import { metering } from '@clientkit/contracts/metering';
import { scrubForm, scrubJson, scrubQuery, scrubText } from './scrub';

/**
 * The matching rules of recordings, one set for the replay server and for nock: a request matches
 * a recording on its method, path, query and body. Credentials are left out (a recording holds
 * `[redacted]` where the request has the real thing), and so are the values a client makes up on
 * every run; headers are not compared at all, so neither are idempotency keys, dates or request ids.
 */

const forget = () => {};

/** The meter event stream, whose events carry an identifier and a timestamp the client makes up. */
const METER_EVENT_STREAM = `${metering.base}${metering.operations.createMeterEventStream.path}`;

/** `/v1/spaces?limit=2` as its path and its query. */
export function splitPath(path: string): { pathname: string; query: string } {
  const at = path.indexOf('?');
  return at === -1
    ? { pathname: path, query: '' }
    : { pathname: path.slice(0, at), query: path.slice(at + 1) };
}

/**
 * The key two requests that match share: method, path, query (credentials replaced, parameters in
 * order of name) and body (JSON with its fields in order, or a form or text), without the values a
 * client makes up. `body` is a recording's (JSON or text) or a request's text.
 */
export function requestKey(method: string, path: string, body: unknown): string {
  const { pathname, query } = splitPath(path);
  return [method.toUpperCase(), pathname, queryKey(query), bodyKey(pathname, body)].join('\n');
}

/** A request path as matching sees it: its query's credentials replaced, in the order sent. */
export function matchingPath(path: string): string {
  const { pathname, query } = splitPath(path);
  return query === '' ? pathname : `${pathname}?${scrubQuery(query, forget)}`;
}

/** Whether a request's body (text) matches a recording's body (JSON, text, or none). */
export function sameBody(path: string, sent: string, recorded: unknown): boolean {
  const { pathname } = splitPath(path);
  return bodyKey(pathname, sent) === bodyKey(pathname, recorded);
}

function queryKey(query: string): string {
  if (query === '') return '';
  const pairs = [...new URLSearchParams(scrubQuery(query, forget))];
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(pairs).toString();
}

function bodyKey(pathname: string, body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body !== 'string') return `json ${jsonKey(pathname, body)}`;
  const json = parsedJson(body);
  if (json !== undefined) return `json ${jsonKey(pathname, json)}`;
  if (/^[^\s=&]+=\S*$/.test(body)) return `form ${queryKey(scrubForm(body, forget))}`;
  return `text ${scrubText(body, forget)}`;
}

function parsedJson(text: string): object | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function jsonKey(pathname: string, value: unknown): string {
  return JSON.stringify(inKeyOrder(withoutClientValues(pathname, scrubJson(value, forget))));
}

/** A meter event batch without the events' identifiers and timestamps, which the client makes up. */
function withoutClientValues(pathname: string, body: unknown): unknown {
  if (!pathname.endsWith(METER_EVENT_STREAM) || !isRecord(body)) return body;
  const { events } = body;
  if (!Array.isArray(events)) return body;
  return {
    ...body,
    events: events.map((event: unknown) => {
      if (!isRecord(event)) return event;
      const { identifier: _identifier, timestamp: _timestamp, ...rest } = event;
      return rest;
    }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function inKeyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inKeyOrder);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, inKeyOrder(value[name])]),
  );
}
