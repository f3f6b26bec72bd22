import type { Context } from 'hono';
import type { ApiProblem } from './problem';

/**
 * `application/json`, with or without parameters such as `charset`. Other `+json` types are not
 * it: `application/merge-patch+json` or `application/json-patch+json` say the body means
 * something else than the document it is read as.
 */
export function isApplicationJson(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? '');
}

/** `application/json` or any `+json` type, with or without parameters. */
export function isJsonOrJsonSuffix(contentType: string | undefined): boolean {
  return /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType ?? '');
}

/**
 * The content-type rule of the interfaces that take JSON only (docs, metering, mail, idm): a body
 * sent with another type, or with none, is refused with the interface's own 415, before it is read
 * as JSON. An empty body is no body whatever its type, and is handed on as none. `isJson` says
 * which types the interface takes as JSON (default `application/json` only).
 */
export async function refuseNonJsonBody(
  c: Context,
  refusal: () => ApiProblem,
  isJson: (contentType: string | undefined) => boolean = isApplicationJson,
): Promise<void> {
  if (!c.req.raw.body || isJson(c.req.header('content-type'))) return;
  const { method, headers, url } = c.req.raw;
  // Through Hono's reader, which keeps the bytes for whoever reads the body next (metering's
  // Idempotency-Key layer may have read them already).
  const body = await c.req.arrayBuffer();
  if (body.byteLength > 0) throw refusal();
  c.req.raw = new Request(url, { method, headers });
}
