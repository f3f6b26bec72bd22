import type { ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInboundWebhookListener, DEFAULT_WEBHOOK_BODY_TIMEOUT_MS } from '../src/node';
import { DEFAULT_MAX_WEBHOOK_BODY_BYTES } from '../src/webhook';
import { listen } from './support/receivers';
import { sampleMessage } from './support/records';

const MiB = 1024 * 1024;
const credentials = { username: 'inbound', password: 'pä55:word' };
const authorization = `Basic ${Buffer.from('inbound:pä55:word', 'utf8').toString('base64')}`;

/** The highest RSS seen while `work` runs, sampled whenever the event loop is free. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

/** POSTs `body` (already in memory) over a raw socket and resolves with the answer's status. */
function postRaw(port: number, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (text: string) => {
      answer += text;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, text: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
    socket.write(
      [
        'POST /inbound HTTP/1.1',
        'Host: receiver.test',
        'Content-Type: application/json',
        `Authorization: ${authorization}`,
        `Content-Length: ${body.length}`,
        'Connection: close',
        '',
        '',
      ].join('\r\n'),
    );
    socket.end(body);
  });
}

/** The sample payload with `field` set to the raw JSON text `json`, padded to `size` bytes. */
function payloadOfSize(size: number, field: string, json: (room: number) => string): Buffer {
  const { [field]: _left, ...rest } = sampleMessage() as unknown as Record<string, unknown>;
  const head = `${JSON.stringify(rest).slice(0, -1)},${JSON.stringify(field)}:`;
  return Buffer.from(`${head}${json(size - head.length - 1)}}`);
}

/** One attachment whose base64 content fills `room` characters of JSON, less the fields around it. */
function attachmentOf(room: number): string {
  const quads = Math.floor((room - 200) / 4);
  const fields = `"ContentType":"application/octet-stream","ContentLength":${quads * 3},"ContentID":""`;
  return `[{"Name":"a.bin","Content":"${'QUJD'.repeat(quads)}",${fields}}]`.padEnd(room, ' ');
}

let received = 0;
let receiver: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  receiver = await listen(
    createInboundWebhookListener({
      ...credentials,
      maxBodyBytes: 16 * MiB,
      onMessage: () => {
        received += 1;
      },
    }),
  );
});
afterAll(() => receiver.close());

describe('createInboundWebhookListener: a body up to maxBodyBytes costs less than 4x the limit and under 2 s per MiB', () => {
  const cases: [string, () => Buffer, number][] = [
    [
      'a Headers array of 8,000,000 wrong items',
      () => payloadOfSize(16_000_100, 'Headers', () => `[${'0,'.repeat(7_999_999)}0]`),
      400,
    ],
    [
      'a 16 MiB payload, most of it one base64 attachment',
      () => payloadOfSize(16 * MiB, 'Attachments', attachmentOf),
      200,
    ],
    [
      'a 16 MiB payload whose text is in CJK characters',
      () =>
        payloadOfSize(
          16 * MiB,
          'TextBody',
          (room) => `"${'中'.repeat(Math.floor((room - 2) / 3))}"`,
        ),
      200,
    ],
    ['16 MiB of spaces', () => Buffer.alloc(16 * MiB, 0x20), 400],
    [
      '99,000 values in a field the receiver does not know',
      () =>
        payloadOfSize(1 * MiB, 'Extra', (room) =>
          `[${Array.from({ length: 99 }, () => `[${'0,'.repeat(999)}0]`).join(',')}]`.padEnd(
            room,
            ' ',
          ),
        ),
      200,
    ],
  ];
  // Measured on an idle machine, each of these took 0.03 s per MiB or less and grew the process by
  // 1.5x to 2.6x the limit (the 8,000,000 items took 20 s and 2.7 GB before lists were bounded).
  for (const [name, make, status] of cases) {
    it(`answers ${status} to ${name}`, async () => {
      const body = make();
      const handledBefore = received;
      const started = performance.now();
      const { result, growth } = await peakRss(() => postRaw(receiver.port, body));
      const seconds = (performance.now() - started) / 1000;
      expect(result.status).toBe(status);
      expect(received - handledBefore).toBe(status === 200 ? 1 : 0);
      expect(growth).toBeLessThan(4 * 16 * MiB);
      expect(seconds).toBeLessThan((2 * body.length) / MiB);
    }, 120_000);
  }

  it('answers 200 to a payload at the default limit (64 MiB) growing by less than 4x the limit', async () => {
    const large = await listen(
      createInboundWebhookListener({ ...credentials, onMessage: () => undefined }),
    );
    try {
      const body = payloadOfSize(DEFAULT_MAX_WEBHOOK_BODY_BYTES, 'Attachments', attachmentOf);
      const started = performance.now();
      const { result, growth } = await peakRss(() => postRaw(large.port, body));
      expect(result.status).toBe(200);
      expect(growth).toBeLessThan(4 * DEFAULT_MAX_WEBHOOK_BODY_BYTES);
      expect((performance.now() - started) / 1000).toBeLessThan((2 * body.length) / MiB);
    } finally {
      await large.close();
    }
  }, 120_000);
});

/** Sends a request head announcing a 1000-byte body and 10 bytes of it, then nothing more. */
function stallingRequest(port: number): { socket: Socket; answer: Promise<string> } {
  const socket = connect({ host: '127.0.0.1', port });
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    text += chunk;
  });
  const answer = new Promise<string>((resolve, reject) => {
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  socket.write(
    [
      'POST /inbound HTTP/1.1',
      'Host: receiver.test',
      'Content-Type: application/json',
      `Authorization: ${authorization}`,
      'Content-Length: 1000',
      '',
      '{"From": "a',
    ].join('\r\n'),
  );
  return { socket, answer };
}

describe('createInboundWebhookListener: bodyTimeoutMs', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers 408 to a body that does not arrive within bodyTimeoutMs and closes the connection', async () => {
    let called = 0;
    const slow = await listen(
      createInboundWebhookListener({
        ...credentials,
        bodyTimeoutMs: 200,
        onMessage: () => {
          called += 1;
        },
      }),
    );
    try {
      // Resolves when the server has closed the connection: it never sends the rest of the body.
      const text = await stallingRequest(slow.port).answer;
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(text).toMatch(/\r\nconnection: close\r\n/i);
      expect(text).toContain('{"message":"The request body did not arrive within 200 ms"}');
      expect(called).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it('waits 30 s by default (DEFAULT_WEBHOOK_BODY_TIMEOUT_MS), counted from the request', async () => {
    expect(DEFAULT_WEBHOOK_BODY_TIMEOUT_MS).toBe(30_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const listener = createInboundWebhookListener({ ...credentials, onMessage: () => undefined });
    let arrived: () => void = () => undefined;
    const request = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let response: ServerResponse | undefined;
    const server = await listen((req, res) => {
      response = res;
      listener(req, res);
      arrived();
    });
    try {
      const { answer } = stallingRequest(server.port);
      await request;
      await vi.advanceTimersByTimeAsync(DEFAULT_WEBHOOK_BODY_TIMEOUT_MS - 1);
      expect(response!.headersSent).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(response!.statusCode).toBe(408);
      expect(await answer).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      await server.close();
    }
  });

  it('needs bodyTimeoutMs to be a positive integer', () => {
    for (const bodyTimeoutMs of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() =>
        createInboundWebhookListener({ ...credentials, onMessage: () => undefined, bodyTimeoutMs }),
      ).toThrow('bodyTimeoutMs must be a positive integer');
    }
  });
});
