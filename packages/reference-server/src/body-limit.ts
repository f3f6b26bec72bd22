import type { MiddlewareHandler } from 'hono';
import type { ApiProblem } from './problem';
import { type DrainBounds, dropRefusedBody, nodeConnectionOf } from './refused-body';

/** The largest request body an interface takes, and the refusal it answers beyond it (a 413). */
export interface BodyLimit {
  /** The most bytes a request body may have. */
  maxBytes: number;
  /** The 413 the interface answers, in its own error format, for a body over `maxBytes`. */
  tooLarge(maxBytes: number): ApiProblem;
}

/**
 * How far past an interface's limit the rest of a refused body is still read over a socket, so
 * that a sender that writes a body far over the limit before it reads anything still gets its 413.
 */
const DRAIN_MARGIN_BYTES = 64 * 1024 * 1024;

/** How long the rest of a refused body is read for, at most, once the refusal is made. */
const DRAIN_MS = 30_000;

/** How much of a body refused for a limit of `maxBytes` is read and dropped over a socket. */
export function refusedBodyDrain(maxBytes: number): DrainBounds {
  return { maxBytes: maxBytes + DRAIN_MARGIN_BYTES, maxMs: DRAIN_MS };
}

/**
 * Refuses a request body over the limit before anything parses it: as soon as `Content-Length`
 * announces more, otherwise by counting the bytes as they arrive and stopping at the first one too
 * many. No more than the limit is ever held in memory; a body within it is handed on as bytes.
 * The refusal is answered at once; what is left of the body is dropped as `dropRefusedBody` says,
 * within `drainOf(maxBytes)`.
 */
export function limitBody(
  limit: (path: string) => BodyLimit | undefined,
  drainOf: (maxBytes: number) => DrainBounds = refusedBodyDrain,
): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    const chosen = body ? limit(new URL(c.req.url).pathname) : undefined;
    if (!body || !chosen) return next();
    const { maxBytes } = chosen;
    const refuse = (reader: ReadableStreamDefaultReader<Uint8Array>, read: number) => {
      dropRefusedBody(reader, read, nodeConnectionOf(c.env), drainOf(maxBytes));
      return chosen.tooLarge(maxBytes);
    };
    const reader = body.getReader();
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxBytes) throw refuse(reader, 0);
    const read = await readAtMost(reader, maxBytes);
    if ('passedAt' in read) throw refuse(reader, read.passedAt);
    const { method, headers, url } = c.req.raw;
    c.req.raw = new Request(url, { method, headers, body: read.bytes });
    await next();
  };
}

/**
 * A body's bytes, read to its end unless they pass `maxBytes`: then how many were read when they
 * did, with the rest left unread on `reader` for the caller to drop.
 */
export async function readAtMost(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<{ bytes: Uint8Array<ArrayBuffer> } | { passedAt: number }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) return { passedAt: size };
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes };
}

/** The words of a 413, for interfaces that have none of their own. */
export function tooLargeMessage(maxBytes: number): string {
  return `The request body is larger than the ${maxBytes} bytes this interface accepts`;
}
