import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitBody } from '../src/body-limit';
import { createReferenceServer, type ReferenceServer } from '../src/index';
import { ApiProblem } from '../src/problem';
import type { DrainBounds } from '../src/refused-body';
import { bodyLimitCases } from './support/body-limit-cases';
import { parseAnswer } from './support/raw-http';

/**
 * A body refused for its size over a real connection: the server answers 413 at once, then reads
 * and drops the rest of the body within bounds before closing, so that a sender that writes its
 * whole body before reading anything gets the 413 instead of a reset connection (EPIPE).
 */
const KiB = 1024;
const MiB = 1024 * KiB;

interface Sent {
  /** The answer's status, headers and body; status 0 when the sender read no answer. */
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The socket error the sender met (EPIPE, ECONNRESET), if any. */
  error: string | undefined;
  /** Body bytes the sender's socket took. */
  written: number;
}

function head(method: string, path: string, framing: string): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json'];
  return `${[...lines, framing].join('\r\n')}\r\n\r\n`;
}

/** Settles once the socket has closed, with what the sender read and met. */
function sentOver(socket: Socket, written: () => number): Promise<Sent> {
  const chunks: Buffer[] = [];
  let error: string | undefined;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', (caught: NodeJS.ErrnoException) => {
    error = caught.code ?? caught.message;
  });
  return new Promise((resolve) => {
    socket.on('close', () => {
      const received = Buffer.concat(chunks);
      const answer = received.length > 0 ? parseAnswer(received) : undefined;
      resolve({
        status: answer?.status ?? 0,
        headers: answer?.headers ?? {},
        body: answer?.body.toString('utf8') ?? '',
        error,
        written: written(),
      });
    });
  });
}

/**
 * The most naive sender: it writes the whole request in one go and reads nothing until its socket
 * has taken every byte, so it reads the answer only if the server took the whole body off the wire.
 */
function sendThenRead(
  port: number,
  request: { method: string; path: string; size: number; chunked?: boolean },
): Promise<Sent> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.pause();
  const body = Buffer.alloc(request.size, 0x20);
  const framing = request.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
  const parts = request.chunked
    ? [Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]
    : [body];
  let written = 0;
  const sent = sentOver(socket, () => written);
  socket.write(head(request.method, request.path, framing));
  socket.write(Buffer.concat(parts), (error) => {
    if (error) return;
    written = body.length;
    socket.resume();
  });
  return sent;
}

/**
 * A sender that reads while it writes and keeps writing after the answer and the server's
 * half-close, 64 KiB at a time, until the connection goes or `size` bytes are written.
 */
function sendWhileReading(port: number, size: number): Promise<Sent> {
  const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  const chunk = Buffer.alloc(64 * KiB, 0x20);
  let written = 0;
  const sent = sentOver(socket, () => written);
  socket.write(head('POST', '/limited', `Content-Length: ${size}`));
  const pump = () => {
    while (!socket.destroyed && socket.writable && written < size) {
      written += chunk.length;
      if (!socket.write(chunk)) return void socket.once('drain', pump);
    }
  };
  pump();
  return sent;
}

describe('a body refused for its size over a socket: a sender that writes it all before reading gets the 413', () => {
  let server: ReferenceServer;
  let port: number;
  beforeAll(async () => {
    server = await createReferenceServer({ admin: true, clock: { frozen: true } });
    ({ port } = await server.listen(0));
  });
  afterAll(() => server.close());
  const states = () =>
    (['docs', 'calendar', 'metering', 'mail', 'idm'] as const).map((name) => server.inspect(name));

  it.each(bodyLimitCases)(
    `answers 413 in the $name format, with Connection: close and no reset, to a 64 MiB + 1 byte body (Content-Length) written in full before reading, state unchanged`,
    async (entry) => {
      const before = states();
      const size = 64 * MiB + 1;
      const sent = await sendThenRead(port, { ...entry, size });
      expect(sent).toMatchObject({ status: 413, error: undefined, written: size });
      expect(sent.headers.connection).toBe('close');
      expect(JSON.parse(sent.body)).toEqual(entry.refusal(entry.limit));
      expect(states()).toEqual(before);
    },
  );

  it('answers 413 to a chunked 64 MiB + 1 byte body refused once its bytes pass the limit, written in full before reading', async () => {
    const [docs] = bodyLimitCases;
    const sent = await sendThenRead(port, { ...docs!, size: 64 * MiB + 1, chunked: true });
    expect(sent).toMatchObject({ status: 413, error: undefined, written: 64 * MiB + 1 });
    expect(sent.headers.connection).toBe('close');
    expect(JSON.parse(sent.body)).toEqual(docs!.refusal(docs!.limit));
  });
});

/** A server with one 1 KiB-limited route and the given drain bounds; hands over its first socket. */
async function limitedServer(bounds: DrainBounds) {
  const app = new Hono();
  app.use(
    '*',
    limitBody(
      () => ({ maxBytes: KiB, tooLarge: (max) => new ApiProblem(413, `over ${max}`) }),
      () => bounds,
    ),
  );
  app.post('/limited', (c) => c.json({ taken: true }));
  app.onError((error, c) => c.json({ message: error.message }, 413));
  const http = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
  const firstConnection = new Promise<Socket>((resolve) => http.once('connection', resolve));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const close = () =>
    new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
  return { port: (http.address() as AddressInfo).port, firstConnection, close };
}

/** Resolves once the server side of a connection has closed. */
function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });
}

describe('the drain of a refused body is bounded', () => {
  it('reads no more than its byte bound of a refused body, then closes: a sender of 512 MiB that reads while writing gets its 413 first', async () => {
    const limited = await limitedServer({ maxBytes: 2 * MiB, maxMs: 60_000 });
    try {
      const sent = await sendWhileReading(limited.port, 512 * MiB);
      expect(sent.status).toBe(413);
      expect(sent.headers.connection).toBe('close');
      expect(sent.written).toBeLessThan(512 * MiB);
      const socket = await limited.firstConnection;
      await closed(socket);
      // The bound's 2 MiB, and at most what was in flight when the reading stopped.
      expect(socket.bytesRead).toBeGreaterThan(2 * MiB);
      expect(socket.bytesRead).toBeLessThan(3 * MiB);
    } finally {
      await limited.close();
    }
  });

  it('reads a refused body for no longer than its time bound, then closes, when the sender stalls', async () => {
    const maxMs = 300;
    const limited = await limitedServer({ maxBytes: 64 * MiB, maxMs });
    // It keeps its side open after the server's half-close, as a sender with more to send does.
    const socket = connect({ host: '127.0.0.1', port: limited.port, allowHalfOpen: true });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => undefined);
    try {
      const started = performance.now();
      socket.write(`${head('POST', '/limited', `Content-Length: ${2 * KiB}`)}{"partial": "`);
      await closed(await limited.firstConnection);
      // Not closed at once: open until the time bound (timers keep whole milliseconds).
      expect(performance.now() - started).toBeGreaterThan(maxMs - 2);
      const answer = parseAnswer(Buffer.concat(received));
      expect(answer.status).toBe(413);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ message: `over ${KiB}` });
    } finally {
      socket.destroy();
      await limited.close();
    }
  });

  it('closes the connection as soon as a refused body has ended within its bounds, not at its time bound', async () => {
    // Ten minutes: the test would time out long before the time bound closed the connection.
    const limited = await limitedServer({ maxBytes: 64 * MiB, maxMs: 600_000 });
    try {
      const sent = await sendThenRead(limited.port, {
        method: 'POST',
        path: '/limited',
        size: MiB,
      });
      expect(sent).toMatchObject({ status: 413, error: undefined, written: MiB });
      expect(sent.headers.connection).toBe('close');
    } finally {
      await limited.close();
    }
  });
});
