import type { IncomingMessage } from 'node:http';

/** A `node:http` request as a Fetch Request, and how to let go of its body once answered. */
export interface FetchView {
  request: Request;
  /**
   * Stops feeding the body to the Fetch Request (whatever the handler left unread), so that the
   * Node request's remaining bytes are the listener's to drain or drop.
   */
  release(): void;
}

function bytesOf(chunk: Buffer): Uint8Array {
  return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * The request body as a stream that reads from the socket only when pulled (one chunk per read),
 * so that the handler reads no more than it asks for (nothing at all of a request it refuses for
 * its credentials), and nothing piles up for a reader that never comes.
 */
function lazyBody(request: IncomingMessage): { body: ReadableStream<Uint8Array>; release(): void } {
  let release: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          request.pause();
          controller.enqueue(bytesOf(chunk));
        };
        const onEnd = () => controller.close();
        const onError = (error: unknown) => controller.error(error);
        request.pause();
        request.on('data', onData);
        request.once('end', onEnd);
        request.once('error', onError);
        release = () => {
          request.off('data', onData);
          request.off('end', onEnd);
          request.off('error', onError);
          request.pause();
        };
      },
      pull() {
        request.resume();
      },
      cancel() {
        release();
      },
    },
    { highWaterMark: 0 },
  );
  return { body, release: () => release() };
}

/** The Fetch Request a `node:http` request stands for, its body still streaming from the socket. */
export function toFetchRequest(request: IncomingMessage): FetchView {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (method === 'GET' || method === 'HEAD') {
    return { request: new Request(url, init), release: () => undefined };
  }
  const { body, release } = lazyBody(request);
  Object.assign(init, { body, duplex: 'half' });
  return { request: new Request(url, init), release };
}
