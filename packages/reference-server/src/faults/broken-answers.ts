import { STATUS_CODES } from 'node:http';

/** Every interface answers JSON; an answer without a body says nothing of its own type. */
const JSON_TYPE = 'application/json';

/**
 * The body a cutting fault cuts when the handler's answer has too little to cut (a 204, say): a
 * 200 with an empty JSON object, so that the client still gets a length it never receives.
 */
const STAND_IN_BODY = '{}';

/** The headers of the handler's answer that still hold for a new body. */
function keptHeaders(response: Response): Headers {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  if (!headers.has('content-type')) headers.set('content-type', JSON_TYPE);
  return headers;
}

function isSuccessWithBody(status: number): boolean {
  return status >= 200 && status < 300 && status !== 204 && status !== 205;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The first half of the answer's JSON, made unreadable when the half happens to read (`12` of `1234`). */
function cutShort(text: string): string {
  const half = text.slice(0, Math.floor(text.length / 2));
  return half.trim() === '' || parses(half) ? `${half}{` : half;
}

/** A 2xx in the interface's content type whose JSON does not parse: the real answer cut short. */
async function malformed(response: Response): Promise<Response> {
  const text = await response.text();
  const status = text !== '' && isSuccessWithBody(response.status) ? response.status : 200;
  return new Response(cutShort(text), { status, headers: keptHeaders(response) });
}

/** A 200 in the interface's content type with no body at all, and a length that says so. */
async function empty(response: Response): Promise<Response> {
  await response.body?.cancel();
  const headers = keptHeaders(response);
  headers.set('content-length', '0');
  return new Response(null, { status: 200, headers });
}

/**
 * The answer a cutting fault sends half of: the handler's, complete, or a 200 with a stand-in body
 * when it has fewer than two bytes, since half of it must reach the client and half must not. The
 * answer to a HEAD request keeps its headers and has no body, as Hono sends it.
 */
export async function answerToCut(response: Response, method: string): Promise<Response> {
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = keptHeaders(response);
  const sent = (content: BodyInit) => (method === 'HEAD' ? null : content);
  if (body.byteLength >= 2) return new Response(sent(body), { status: response.status, headers });
  headers.set('content-type', JSON_TYPE);
  return new Response(sent(STAND_IN_BODY), { status: 200, headers });
}

/** The kinds that let the handler run and then break its answer, the connection staying whole. */
export type BreakingKind = 'malformed' | 'empty';

/** The handler's answer, broken the way `kind` says. */
export function brokenAnswer(response: Response, kind: BreakingKind): Promise<Response> {
  return kind === 'malformed' ? malformed(response) : empty(response);
}

/** The HTML error page a reverse proxy or load balancer answers with when the service behind it fails. */
export function proxyErrorPage(status: number): Response {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  const page = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>proxy</center>\r\n</body>\r\n</html>\r\n`;
  return new Response(page, { status, headers: { 'content-type': 'text/html' } });
}
