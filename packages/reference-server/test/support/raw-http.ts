import { connect, type Socket } from 'node:net';

/** How the server ended the connection: a clean close (FIN) or a reset (RST). */
export type Ending = 'closed' | 'reset';

/** One exchange over a bare socket: what came back, byte for byte, and how the connection ended. */
export interface RawExchange {
  socket: Socket;
  /** Every byte received so far. */
  received(): Buffer;
  /** Resolves once the answer's head and at least `bytes` bytes of its body have arrived. */
  bodyBytes(bytes: number): Promise<void>;
  /** Resolves when the connection is gone, with how it went. */
  ended: Promise<Ending>;
}

/** The status, headers and body of what a raw exchange received. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Splits what was received into status, headers (lower-case names) and body. */
export function parseAnswer(bytes: Buffer): RawAnswer {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`no complete head in ${JSON.stringify(bytes.toString())}`);
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    status: Number(statusLine!.split(' ')[1]),
    headers,
    body: bytes.subarray(end + 4),
  };
}

/**
 * Sends one HTTP/1.1 request over a new socket to `origin` (`http://127.0.0.1:<port>`) and records
 * every byte of the answer, so that a test sees what a fault really put on the wire.
 */
export function sendRaw(
  origin: string,
  request: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): RawExchange {
  const { port } = new URL(origin);
  const socket = connect(Number(port), '127.0.0.1');
  const chunks: Buffer[] = [];
  const waiting = new Set<() => void>();
  socket.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    for (const check of [...waiting]) check();
  });
  const ended = new Promise<Ending>((resolve) => {
    let reset = false;
    socket.on('error', (error: NodeJS.ErrnoException) => {
      reset ||= error.code === 'ECONNRESET';
    });
    socket.on('close', () => resolve(reset ? 'reset' : 'closed'));
  });
  const body = request.body ?? '';
  const headers = {
    host: `127.0.0.1:${port}`,
    connection: 'close',
    'content-length': String(Buffer.byteLength(body)),
    ...request.headers,
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.write(
    `${request.method ?? 'GET'} ${request.path} HTTP/1.1\r\n${head.join('')}\r\n${body}`,
  );
  const received = () => Buffer.concat(chunks);
  const bodyBytes = (bytes: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        const all = received();
        const end = all.indexOf('\r\n\r\n');
        if (end !== -1 && all.length - end - 4 >= bytes) {
          waiting.delete(check);
          resolve();
        }
      };
      waiting.add(check);
      void ended.then(() => reject(new Error(`closed before ${bytes} body bytes arrived`)));
      check();
    });
  return { socket, received, bodyBytes, ended };
}
