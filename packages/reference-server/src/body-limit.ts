import type { MiddlewareHandler } from 'hono';
import type { ApiProblem } from './problem';

/** The largest request body an interface takes, and the refusal it answers beyond it (a 413). */
export interface BodyLimit {
  /** The most bytes a request body may have. */
  maxBytes: number;
  /** The 413 the interface answers, in its own error format, for a body over `maxBytes`. */
  tooLarge(maxBytes: number): ApiProblem;
}

/**
 * How much of a refused body is read and thrown away so that the connection can carry the next
 * request; past this the reading stops and the connection goes.
 */
const DISCARD_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Refuses a request body over the limit before anything parses it: as soon as `Content-Length`
 * announces more, otherwise by counting the bytes as they arrive and stopping at the first one too
 * many. No more than the limit is ever held in memory; a body within it is handed on as bytes.
 */
export function limitBody(limit: (path: string) => BodyLimit | undefined): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    const chosen = body ? limit(new URL(c.req.url).pathname) : undefined;
    if (!body || !chosen) return next();
    const { maxBytes } = chosen;
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxBytes) {
      await discard(body.getReader());
      throw chosen.tooLarge(maxBytes);
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await discard(reader);
        throw chosen.tooLarge(maxBytes);
      }
      chunks.push(value);
    }
    const { method, headers, url } = c.req.raw;
    c.req.raw = new Request(url, { method, headers, body: concat(chunks, size) });
    await next();
  };
}

/** Reads the rest of a refused body without keeping it, up to the discard limit. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let read = 0;
  while (read <= DISCARD_LIMIT_BYTES) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
  }
  await reader.cancel();
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The words of a 413, for interfaces that have none of their own. */
export function tooLargeMessage(maxBytes: number): string {
  return `The request body is larger than the ${maxBytes} bytes this interface accepts`;
}
