import { PayloadTooLargeError } from '../errors/errors';

/** A limit on the size of JSON bodies that an interface enforces, checked before sending. */
export interface BodyLimit {
  bytes: number;
  /** The message of the `PayloadTooLargeError`, given the body's size. */
  message: (bytes: number) => string;
  /** The `code` of the `PayloadTooLargeError`. */
  code: string;
}

/** JSON text serialised already, refused with a `PayloadTooLargeError` when it is over the limit. */
export function limitedBody(text: string, limit: BodyLimit | undefined, method: string): string {
  if (!limit) return text;
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > limit.bytes) {
    throw new PayloadTooLargeError({
      status: 413,
      code: limit.code,
      message: limit.message(bytes),
      method,
    });
  }
  return text;
}
