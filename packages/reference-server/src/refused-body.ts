import type { IncomingMessage, ServerResponse } from 'node:http';

/** How much of a refused body the server still reads and throws away over a connection. */
export interface DrainBounds {
  /** The most body bytes read in all, those read before the refusal included. */
  maxBytes: number;
  /** How long after the refusal the reading goes on, in milliseconds of real time. */
  maxMs: number;
}

/** The Node request and answer behind a Fetch request that came over a socket. */
export interface NodeConnection {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
}

/** The Node request and answer of a request that came over a socket; none through `server.fetch`. */
export function nodeConnectionOf(env: unknown): NodeConnection | undefined {
  const { incoming, outgoing } = (env ?? {}) as Partial<NodeConnection>;
  return incoming?.socket && outgoing ? { incoming, outgoing } : undefined;
}

/**
 * Lets go of a body refused before it ended. Through `server.fetch` there is no connection to keep
 * in order, so the body is cancelled. Over a socket the connection is closed in stages, as RFC 9112
 * (section 9.6) advises: the answer goes out with `Connection: close`, the server closes its
 * sending side, and the rest of the body is read and dropped until it ends or a bound is reached;
 * only then is the connection closed. Closing at once would reset a connection whose sender is
 * still writing: it would get EPIPE and could lose the answer before reading it.
 */
export function dropRefusedBody(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  alreadyRead: number,
  connection: NodeConnection | undefined,
  bounds: DrainBounds,
): void {
  if (!connection) {
    reader.cancel().catch(() => undefined);
    return;
  }
  connection.outgoing.setHeader('connection', 'close');
  const close = lingerOpen(connection.incoming, bounds.maxMs);
  readToEnd(reader, bounds.maxBytes - alreadyRead).then(
    (ended) => (ended ? close.onceAnswered() : close.now()),
    () => close.now(),
  );
}

/**
 * Keeps the socket readable after the answer: Node ends a `Connection: close` answer by closing
 * the whole socket (through `destroySoon`), here only its sending side. The socket is closed by
 * the returned controls, or when `maxMs` has passed.
 */
function lingerOpen(incoming: IncomingMessage, maxMs: number) {
  const { socket } = incoming;
  socket.destroySoon = () => {
    socket.end();
  };
  const now = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(now, maxMs);
  socket.once('close', () => clearTimeout(timer));
  const onceAnswered = () => {
    if (socket.writableFinished) now();
    else socket.once('finish', now);
  };
  return { now, onceAnswered };
}

/** Reads and drops what is left; true when the body ended within `budget` more bytes. */
async function readToEnd(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  budget: number,
): Promise<boolean> {
  let left = budget;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    left -= value.byteLength;
    if (left < 0) return false;
  }
}
