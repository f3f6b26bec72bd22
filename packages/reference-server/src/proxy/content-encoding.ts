import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

type Decoder = (bytes: Uint8Array, options: { maxOutputLength: number }) => Uint8Array;

/** `deflate` is zlib-wrapped by the standard, raw from some servers: either is read. */
function inflateEither(bytes: Uint8Array, options: { maxOutputLength: number }): Uint8Array {
  try {
    return inflateSync(bytes, options);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw error;
    return inflateRawSync(bytes, options);
  }
}

const decoders: Record<string, Decoder> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateEither,
  br: brotliDecompressSync,
};

/**
 * A body as its content encodings say to read it (`gzip`, `deflate`, `br`, several in a list), at
 * most `maxBytes` of it; undefined for an encoding this cannot read, a body it cannot decode, or one
 * that decodes to more than `maxBytes`.
 */
export function decodedBody(
  bytes: Uint8Array,
  contentEncoding: string | undefined,
  maxBytes: number,
): Uint8Array | undefined {
  const codings = (contentEncoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  let body = bytes;
  // Encodings are listed in the order they were applied: undo the last first.
  for (const coding of codings.reverse()) {
    const decode = decoders[coding];
    if (!decode) return undefined;
    try {
      body = decode(body, { maxOutputLength: maxBytes });
    } catch {
      return undefined;
    }
  }
  return body;
}
