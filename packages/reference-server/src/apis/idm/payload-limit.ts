import { MAX_PAYLOAD_BYTES, PAYLOAD_TOO_LARGE_MESSAGE } from '@clientkit/idm-client/schemas';
import type { MiddlewareHandler } from 'hono';
import { ApiProblem } from '../../problem';

/**
 * How much of a refused body is read and thrown away so that the connection can carry the next
 * request; past this the connection is closed instead.
 */
const DISCARD_LIMIT_BYTES = 16 * MAX_PAYLOAD_BYTES;

/**
 * Refuses request bodies over 1 MB: as soon as `Content-Length` announces more, otherwise by
 * counting the bytes as they arrive and stopping at the first one too many. No more than the limit
 * is ever held in memory.
 */
export function payloadLimit(maxBytes = MAX_PAYLOAD_BYTES): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxBytes) {
      if (body) await discard(body.getReader());
      throw tooLarge();
    }
    if (!body) return next();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await discard(reader);
        throw tooLarge();
      }
      chunks.push(value);
    }
    const { method, headers, url } = c.req.raw;
    c.req.raw = new Request(url, { method, headers, body: concat(chunks, size) });
    await next();
  };
}

/**
 * Refuses a request body that is not sent as JSON (415): the management API takes
 * `application/json` (or a `+json` type) only. Runs after `payloadLimit`, which has read the body.
 */
export function jsonBodiesOnly(): MiddlewareHandler {
  return async (c, next) => {
    const type = c.req.header('content-type') ?? '';
    if (c.req.raw.body && !/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
      const { method, headers, url } = c.req.raw;
      const body = await c.req.raw.arrayBuffer();
      if (body.byteLength > 0) {
        throw new ApiProblem(
          415,
          'Request bodies must be JSON, sent with Content-Type: application/json',
          'unsupported_media_type',
        );
      }
      c.req.raw = new Request(url, { method, headers });
    }
    await next();
  };
}

function tooLarge(): ApiProblem {
  return new ApiProblem(413, PAYLOAD_TOO_LARGE_MESSAGE, 'payload_too_large');
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
