import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundWebhookListener, type InboundWebhookListenerOptions } from '../src/node';
import { DEFAULT_MAX_WEBHOOK_BODY_BYTES } from '../src/webhook';
import { listen } from './support/receivers';

/**
 * A refused request whose sender is still writing: the receiver answers, then drains the rest of
 * the body within bounds before it closes the connection, so that the sender reads the answer
 * instead of meeting a reset (EPIPE) and taking the refusal for a network fault.
 */
const MiB = 1024 * 1024;
const credentials = { username: 'inbound', password: 'pä55:word' };
const basic = (password: string) =>
  `Basic ${Buffer.from(`inbound:${password}`, 'utf8').toString('base64')}`;
const right = basic(credentials.password);
const wrong = basic('guess');

interface Answer {
  /** The status the sender read, 0 when it read none. */
  status: number;
  connection: string | undefined;
  /** The socket error the sender met, if any (EPIPE, ECONNRESET). */
  error: string | undefined;
  /** Body bytes the sender's socket took. */
  written: number;
}

function head(authorization: string, framing: string): string {
  return [
    'POST /inbound HTTP/1.1',
    'Host: receiver.test',
    'Content-Type: application/json',
    `Authorization: ${authorization}`,
    framing,
    '',
    '',
  ].join('\r\n');
}

/** Settles once the socket has closed, with what the sender read and met. */
function answerOf(socket: Socket, written: () => number): Promise<Answer> {
  let text = '';
  let error: string | undefined;
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  socket.on('error', (caught: NodeJS.ErrnoException) => {
    error = caught.code ?? caught.message;
  });
  return new Promise((resolve) => {
    socket.on('close', () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        connection: /\r\nconnection: ([^\r]+)/i.exec(text)?.[1],
        error,
        written: written(),
      }),
    );
  });
}

/**
 * The most naive sender: it writes the whole request in one go and reads nothing until the
 * socket has taken every byte, so it reads the answer only if the receiver drained the body.
 */
function sendThenRead(
  port: number,
  options: { authorization: string; size: number; chunked?: boolean },
): Promise<Answer> {
  const socket = connect({ host: '127.0.0.1', port });
  socket.pause();
  const body = Buffer.alloc(options.size, 0x20);
  const framing = options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${body.length}`;
  const parts = options.chunked
    ? [Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]
    : [body];
  let written = 0;
  const answer = answerOf(socket, () => written);
  socket.write(head(options.authorization, framing));
  socket.write(Buffer.concat(parts), (error) => {
    if (error) return;
    written = body.length;
    socket.resume();
  });
  return answer;
}

/**
 * A sender that reads while it writes, and keeps writing after the answer and the receiver's
 * half-close, 64 KiB at a time, until the connection goes or `size` bytes are written.
 */
function sendWhileReading(
  port: number,
  options: { authorization: string; size: number },
): Promise<Answer> {
  const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let written = 0;
  const answer = answerOf(socket, () => written);
  socket.write(head(options.authorization, `Content-Length: ${options.size}`));
  const pump = () => {
    while (!socket.destroyed && socket.writable && written < options.size) {
      written += chunk.length;
      if (!socket.write(chunk)) return void socket.once('drain', pump);
    }
  };
  pump();
  return answer;
}

/** A listener on loopback that also hands over the server side of its first connection. */
async function receiverWith(options: Partial<InboundWebhookListenerOptions> = {}) {
  let handled = 0;
  let arrived: (socket: Socket) => void = () => undefined;
  const firstArrival = new Promise<Socket>((resolve) => {
    arrived = resolve;
  });
  const listener = createInboundWebhookListener({
    ...credentials,
    onMessage: () => {
      handled += 1;
    },
    ...options,
  });
  const http = await listen((request: IncomingMessage, response) => {
    arrived(request.socket);
    listener(request, response);
  });
  return { ...http, firstArrival, handled: () => handled };
}

/** Resolves once the server side of a connection has closed. */
function closed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });
}

let receiver: Awaited<ReturnType<typeof receiverWith>>;
beforeAll(async () => {
  receiver = await receiverWith();
});
afterAll(() => receiver.close());

describe('createInboundWebhookListener: a refused body is drained so that its sender reads the answer', () => {
  it('answers 413 to a 64 MiB + 1 byte body (Content-Length over the default limit) that the sender writes in full before reading, then closes the connection', async () => {
    const answer = await sendThenRead(receiver.port, {
      authorization: right,
      size: DEFAULT_MAX_WEBHOOK_BODY_BYTES + 1,
    });
    expect(answer).toEqual({
      status: 413,
      connection: 'close',
      error: undefined,
      written: DEFAULT_MAX_WEBHOOK_BODY_BYTES + 1,
    });
    expect(receiver.handled()).toBe(0);
  }, 60_000);

  it('answers 401 to a 64 MiB + 1 byte body with wrong credentials that the sender writes in full before reading', async () => {
    const answer = await sendThenRead(receiver.port, {
      authorization: wrong,
      size: DEFAULT_MAX_WEBHOOK_BODY_BYTES + 1,
    });
    expect(answer).toMatchObject({ status: 401, connection: 'close', error: undefined });
    expect(receiver.handled()).toBe(0);
  }, 60_000);

  it('drains the rest of a chunked body refused once its bytes pass the limit, and the sender writing it in full before reading gets the 413', async () => {
    const chunked = await receiverWith();
    try {
      const size = DEFAULT_MAX_WEBHOOK_BODY_BYTES + 1000 * 1024;
      const answer = await sendThenRead(chunked.port, {
        authorization: right,
        size,
        chunked: true,
      });
      expect(answer).toMatchObject({ status: 413, connection: 'close', error: undefined });
      const server = await chunked.firstArrival;
      await closed(server);
      // Every byte was taken off the wire, not left for a reset to throw away.
      expect(server.bytesRead).toBeGreaterThan(size);
      expect(chunked.handled()).toBe(0);
    } finally {
      await chunked.close();
    }
  }, 60_000);
});

describe('createInboundWebhookListener: the drain of a refused body is bounded', () => {
  it('drains at most maxBodyBytes + 1 MiB of a refused body, then closes the connection: a sender of 512 MiB reads its 401 first', async () => {
    const small = await receiverWith({ maxBodyBytes: MiB });
    try {
      const answer = await sendWhileReading(small.port, { authorization: wrong, size: 512 * MiB });
      expect(answer).toMatchObject({ status: 401, connection: 'close' });
      expect(answer.written).toBeLessThan(512 * MiB);
      const server = await small.firstArrival;
      await closed(server);
      // What the receiver took in: the drain's 2 MiB, and at most what was in flight when it stopped.
      expect(server.bytesRead).toBeGreaterThan(2 * MiB);
      expect(server.bytesRead).toBeLessThan(3 * MiB);
    } finally {
      await small.close();
    }
  }, 60_000);

  it('drains a refused body no longer than bodyTimeoutMs after the request arrived, when the sender stalls', async () => {
    const bodyTimeoutMs = 300;
    const slow = await receiverWith({ bodyTimeoutMs });
    // It keeps its side open after the receiver's half-close, as a sender with more to send does.
    const socket = connect({ host: '127.0.0.1', port: slow.port, allowHalfOpen: true });
    try {
      const started = performance.now();
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk: string) => {
        text += chunk;
      });
      socket.on('error', () => undefined);
      socket.write(`${head(wrong, 'Content-Length: 1000')}{"From": "`);
      await closed(await slow.firstArrival);
      // Not closed at once: open until the body's time was up (timers keep whole milliseconds).
      expect(performance.now() - started).toBeGreaterThan(bodyTimeoutMs - 2);
      expect(text).toMatch(/^HTTP\/1\.1 401 /);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
    } finally {
      socket.destroy();
      await slow.close();
    }
  });
});
