/**
 * The default body limit of the webhook receiver: the largest message the service accepts is
 * 25 MiB, and its payload carries that message's attachments base64-encoded (a third larger) and,
 * when the server keeps raw emails, its raw text too, plus the JSON around them.
 */
export const DEFAULT_MAX_WEBHOOK_BODY_BYTES = 64 * 1024 * 1024;

/** A body over the limit: refused as soon as `Content-Length` says so, or when the bytes pass it. */
export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/**
 * Reads a request body of at most `maxBytes`. A `Content-Length` over the limit is refused without
 * reading anything; otherwise reading stops at the first chunk past the limit and the rest of the
 * stream is cancelled, so no more than the limit (and one chunk) is ever held.
 */
export async function readLimitedBody(request: Request, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(`The body is larger than ${maxBytes} bytes`);
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(`The body is larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return concat(chunks, size);
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
