import { describe, expect, it } from 'vitest';
import {
  createInboundWebhookHandler,
  DEFAULT_MAX_WEBHOOK_BODY_BYTES,
  type InboundWebhookOptions,
} from '../src/webhook';
import { sampleMessage } from './support/records';

const USER = 'inbound';
const PASSWORD = 'correct horse:battery/staple';
const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;

/** A body of `size` bytes of `fill`, made chunk by chunk as it is pulled; `read()` counts the bytes pulled. */
function countingBody(size: number, fill = 0x20) {
  let read = 0;
  const chunk = new Uint8Array(CHUNK).fill(fill);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (read >= size) return controller.close();
        const next = chunk.subarray(0, Math.min(CHUNK, size - read));
        read += next.byteLength;
        controller.enqueue(next);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => read };
}

function post(body: ReadableStream<Uint8Array> | string, headers: Record<string, string>) {
  const init: RequestInit & { duplex: 'half' } = {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  };
  return new Request('http://receiver.test/inbound', init);
}

function handler(options: Partial<InboundWebhookOptions> = {}) {
  return createInboundWebhookHandler({
    username: USER,
    password: PASSWORD,
    onMessage: () => undefined,
    ...options,
  });
}

describe('the webhook receiver (Fetch handler) and large bodies', () => {
  it('checks the credentials before reading the body: wrong ones with a 512 MiB body get 401 and nothing is read', async () => {
    const body = countingBody(512 * MiB);
    const response = await handler()(
      post(body.stream, {
        authorization: basic(USER, 'wrong'),
        'content-length': String(512 * MiB),
      }),
    );
    expect(response.status).toBe(401);
    expect(body.read()).toBe(0);
  });

  it('answers 413 to a Content-Length over maxBodyBytes without reading the body', async () => {
    const body = countingBody(2 * MiB);
    const response = await handler({ maxBodyBytes: MiB })(
      post(body.stream, {
        authorization: basic(USER, PASSWORD),
        'content-length': String(2 * MiB),
      }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: `The body is larger than ${MiB} bytes` });
    expect(body.read()).toBe(0);
  });

  it('answers 413 once a body without Content-Length passes maxBodyBytes, reading no more than one chunk past it', async () => {
    const body = countingBody(512 * MiB);
    const onMessage = () => {
      throw new Error('onMessage must not be called');
    };
    const response = await handler({ maxBodyBytes: MiB, onMessage })(
      post(body.stream, { authorization: basic(USER, PASSWORD) }),
    );
    expect(response.status).toBe(413);
    expect(body.read()).toBeLessThanOrEqual(MiB + CHUNK);
  });

  it('takes a body of exactly maxBodyBytes', async () => {
    const text = JSON.stringify(sampleMessage());
    const exact = await handler({ maxBodyBytes: Buffer.byteLength(text) })(
      post(text, { authorization: basic(USER, PASSWORD) }),
    );
    expect(exact.status).toBe(200);
    const over = await handler({ maxBodyBytes: Buffer.byteLength(text) - 1 })(
      post(text, { authorization: basic(USER, PASSWORD) }),
    );
    expect(over.status).toBe(413);
  });

  it('by default takes the largest payload the service sends: 25 MiB of attachments base64-encoded, the raw message and JSON around them', () => {
    const base64Attachments = Math.ceil((25 * MiB) / 3) * 4;
    expect(DEFAULT_MAX_WEBHOOK_BODY_BYTES).toBeGreaterThan(base64Attachments + 25 * MiB + MiB);
  });

  it('reads a body just under the default limit (not refused as too large)', async () => {
    const body = countingBody(DEFAULT_MAX_WEBHOOK_BODY_BYTES);
    const response = await handler()(post(body.stream, { authorization: basic(USER, PASSWORD) }));
    // Spaces only: read to the end, then refused as a payload, not for its size.
    expect(response.status).toBe(400);
    expect(body.read()).toBe(DEFAULT_MAX_WEBHOOK_BODY_BYTES);
  });

  it('answers 400 to a body that is not valid UTF-8', async () => {
    const text = JSON.stringify(sampleMessage({ Subject: 'caf\u00e9' }));
    const bytes = Buffer.from(text);
    const at = bytes.indexOf(0xc3);
    bytes[at] = 0xff; // no UTF-8 sequence starts with 0xff
    const response = await handler()(
      post(new Blob([bytes]).stream(), { authorization: basic(USER, PASSWORD) }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request body is not valid UTF-8' });
  });

  it('needs maxBodyBytes to be a positive integer', () => {
    for (const maxBodyBytes of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => handler({ maxBodyBytes })).toThrow('maxBodyBytes must be a positive integer');
    }
  });
});
