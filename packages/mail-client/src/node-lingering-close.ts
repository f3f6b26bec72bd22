import type { IncomingMessage } from 'node:http';

/** How much of a refused body the listener still reads and throws away, and until when. */
export interface DrainBounds {
  /** The most body bytes thrown away before the connection is closed regardless. */
  maxBytes: number;
  /** When the draining stops regardless, as a `performance.now()` time. */
  deadline: number;
}

/**
 * Closes the connection of a request that was answered before its body ended, in the stages
 * RFC 9112 (section 9.6) advises: the answer goes out, the write side is closed, and the rest of
 * the body is read and dropped until it ends, the sender closes its side, or a bound is reached;
 * only then is the connection closed.
 *
 * Closing at once is what Node does after a `connection: close` answer, and it resets a
 * connection whose sender is still writing: the sender gets EPIPE, and the reset can erase the
 * answer before the sender reads it, so a refusal looks like a network fault. Call it before the
 * answer is ended, with the answer carrying `connection: close`.
 */
export function closeAfterDraining(request: IncomingMessage, bounds: DrainBounds): void {
  const { socket } = request;
  // Node calls this once the answer is written; keeping the read side open is the whole point.
  socket.destroySoon = () => {
    socket.end();
  };
  let drained = 0;
  const close = () => {
    clearTimeout(timer);
    request.off('data', count);
    socket.destroy();
  };
  const closeOnceAnswered = () => {
    if (socket.writableFinished) close();
    else socket.once('finish', close);
  };
  const count = (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > bounds.maxBytes) close();
  };
  const timer = setTimeout(close, Math.max(0, bounds.deadline - performance.now()));
  socket.once('close', () => clearTimeout(timer));
  request.on('data', count);
  request.once('end', closeOnceAnswered);
  socket.once('end', closeOnceAnswered);
  request.resume();
}
