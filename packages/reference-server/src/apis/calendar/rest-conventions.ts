import type { Context, MiddlewareHandler } from 'hono';
import { queryInput } from './request-parameters';
import { requestedFields, withFields } from './response-fields';

/** The Link WordPress sends to announce its REST root (what discovery clients look for). */
export function apiRootLink(origin: string): string {
  return `<${origin}/wp-json/>; rel="https://api.w.org/"`;
}

/**
 * WordPress core's conventions around every answer of its REST server, refusals, injected faults
 * and failures included: `_fields` trims a success answer to the named fields, `_envelope` wraps
 * any answer as `{ body, status, headers }` sent with status 200, and every answer carries the
 * Link to the REST root. The query is read as PHP reads it.
 */
export const restConventions: MiddlewareHandler = async (c, next) => {
  const query = queryInput(c).variables;
  // Headers already set here belong to the HTTP exchange (CORS), not to the REST answer.
  const exchangeHeaders = new Set(c.res.headers.keys());
  await next();
  const fields = requestedFields(query.get('_fields'));
  if (fields.length > 0 && c.res.status < 400) replaceAnswer(c, await trimmed(c.res, fields));
  if (query.has('_envelope')) replaceAnswer(c, await enveloped(c.res, exchangeHeaders));
  c.res.headers.append('Link', apiRootLink(new URL(c.req.url).origin));
};

/** Swaps the answer without carrying the old one's headers over (Hono merges them otherwise). */
function replaceAnswer(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}

function isJson(response: Response): boolean {
  return /^application\/json\b/i.test(response.headers.get('content-type') ?? '');
}

/** What an answer's body holds: its JSON, its text when it is not JSON, or null when empty. */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.clone().text();
  if (text === '') return null;
  return isJson(response) ? JSON.parse(text) : text;
}

function jsonAnswer(value: unknown, status: number, headers: Headers): Response {
  const sent = new Headers(headers);
  sent.delete('content-length');
  sent.set('content-type', 'application/json');
  return new Response(JSON.stringify(value), { status, headers: sent });
}

async function trimmed(response: Response, fields: string[]): Promise<Response> {
  if (!isJson(response)) return response;
  return jsonAnswer(withFields(await bodyOf(response), fields), response.status, response.headers);
}

/**
 * The answer as data: its body, its status, and the headers the answer itself set (paging totals,
 * Location), which leave the HTTP exchange for the envelope.
 */
async function enveloped(response: Response, exchangeHeaders: Set<string>): Promise<Response> {
  const exchange = new Headers();
  const own: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (exchangeHeaders.has(name) || name === 'content-type' || name === 'content-length') {
      exchange.append(name, value);
    } else {
      own.push([name, value]);
    }
  }
  const envelope = {
    body: await bodyOf(response),
    status: response.status,
    headers: Object.fromEntries(own),
  };
  return jsonAnswer(envelope, 200, exchange);
}
