import { ResponseTooLarge } from './failure';

/**
 * The size an answer's `Content-Length` declares, or undefined when it declares none (or
 * nonsense). It counts the bytes as sent, before any decompression.
 */
export function declaredLength(headers: Headers): number | undefined {
  const value = headers.get('content-length');
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/**
 * The body of an answer as text, read until it ends, `signal` fires, or it passes `limit` bytes
 * (counted as the reader gives them, after any decompression). A `Content-Length` over the limit
 * is refused before anything is read; a body that passes it is cancelled there, so that neither a
 * huge answer nor a small one that inflates to gigabytes is held. Either way it rejects with a
 * `ResponseTooLarge`. The signal is watched here, not only by `fetch`: a fetch of the
 * application's own may not tie the body to it, and a body that stalls must still end with the
 * attempt's time.
 */
export async function limitedBodyText(
  response: Response,
  url: string,
  signal: AbortSignal,
  limit: number,
): Promise<string> {
  if (!response.body) return '';
  const declared = declaredLength(response.headers);
  if (declared !== undefined && declared > limit) {
    await response.body.cancel().catch(() => undefined);
    throw new ResponseTooLarge(url, limit, response, declared);
  }
  const reader = response.body.getReader();
  const stop = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    const decoder = new TextDecoder();
    let text = '';
    let size = 0;
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw new ResponseTooLarge(url, limit, response);
      }
      text += decoder.decode(read.value, { stream: true });
    }
    // A cancelled reader ends as if the body had: only the signal tells that it did not.
    if (signal.aborted) throw signal.reason;
    return text + decoder.decode();
  } finally {
    signal.removeEventListener('abort', stop);
  }
}
