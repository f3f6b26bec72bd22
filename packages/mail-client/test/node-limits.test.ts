import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundWebhookListener } from '../src/node';
import { listen } from './support/receivers';

const MiB = 1024 * 1024;
const credentials = { username: 'inbound', password: 'pä55:word' };
const right = `Basic ${Buffer.from('inbound:pä55:word', 'utf8').toString('base64')}`;
const wrong = `Basic ${Buffer.from('inbound:guess', 'utf8').toString('base64')}`;

/**
 * POSTs a body of `size` bytes over a raw socket, chunk after chunk as fast as the socket takes
 * them, until the answer arrives or the connection ends. `written` counts the bytes the socket took:
 * what the receiver could have read, kernel buffers included.
 */
function sendLarge(
  port: number,
  options: { authorization: string; size: number; declareLength: boolean },
): Promise<{ status: number; written: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let written = 0;
    let answer = '';
    let stopped = false;
    const finish = () => {
      if (stopped) return;
      stopped = true;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      const connection = /\r\nconnection: ([^\r]+)/i.exec(answer)?.[1];
      socket.destroy();
      if (status === 0) reject(new Error(`no answer after ${written} bytes of body`));
      else resolve({ status, written, connection });
    };
    socket.setEncoding('latin1');
    socket.on('data', (text: string) => {
      answer += text;
      if (answer.includes('\r\n\r\n')) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    const head = [
      'POST /inbound HTTP/1.1',
      'Host: receiver.test',
      'Content-Type: application/json',
      `Authorization: ${options.authorization}`,
      options.declareLength ? `Content-Length: ${options.size}` : 'Transfer-Encoding: chunked',
      '',
      '',
    ].join('\r\n');
    socket.write(head);
    const pump = () => {
      while (!stopped && written < options.size) {
        const framed = options.declareLength
          ? chunk
          : Buffer.concat([
              Buffer.from(`${chunk.length.toString(16)}\r\n`),
              chunk,
              Buffer.from('\r\n'),
            ]);
        written += chunk.length;
        if (!socket.write(framed)) return void socket.once('drain', pump);
      }
    };
    pump();
  });
}

let receiver: Awaited<ReturnType<typeof listen>>;
let small: Awaited<ReturnType<typeof listen>>;
let handled = 0;

beforeAll(async () => {
  const onMessage = () => {
    handled += 1;
  };
  receiver = await listen(createInboundWebhookListener({ ...credentials, onMessage }));
  small = await listen(
    createInboundWebhookListener({ ...credentials, onMessage, maxBodyBytes: MiB }),
  );
});
afterAll(async () => {
  await receiver.close();
  await small.close();
});

describe('createInboundWebhookListener (node:http) and large bodies', () => {
  it('checks the credentials before reading: a 512 MiB body with wrong ones gets 401 with connection: close before the receiver reads it', async () => {
    const result = await sendLarge(receiver.port, {
      authorization: wrong,
      size: 512 * MiB,
      declareLength: true,
    });
    expect(result.status).toBe(401);
    expect(result.connection).toBe('close');
    // What the socket took when the answer came is what loopback buffers hold: the receiver had
    // read almost none of it.
    expect(result.written).toBeLessThan(64 * MiB);
  });

  it('answers 413 to a Content-Length over maxBodyBytes without reading the body', async () => {
    const result = await sendLarge(small.port, {
      authorization: right,
      size: 512 * MiB,
      declareLength: true,
    });
    expect(result.status).toBe(413);
    expect(result.connection).toBe('close');
    expect(result.written).toBeLessThan(64 * MiB);
  });

  it('answers 413 once a chunked body passes maxBodyBytes, and stops reading it', async () => {
    const result = await sendLarge(small.port, {
      authorization: right,
      size: 512 * MiB,
      declareLength: false,
    });
    expect(result.status).toBe(413);
    expect(result.connection).toBe('close');
    expect(result.written).toBeLessThan(64 * MiB);
    expect(handled).toBe(0);
  });
});
