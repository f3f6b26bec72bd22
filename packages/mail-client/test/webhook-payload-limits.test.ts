import { describe, expect, it } from 'vitest';
import {
  createInboundWebhookHandler,
  INBOUND_PAYLOAD_LIMITS,
  MalformedInboundMessageError,
  parseInboundMessage,
} from '../src/webhook';
import { sampleMessage } from './support/records';

const USER = 'inbound';
const PASSWORD = 'correct horse:battery/staple';
const MiB = 1024 * 1024;
const authorization = `Basic ${Buffer.from(`${USER}:${PASSWORD}`, 'utf8').toString('base64')}`;

const handle = createInboundWebhookHandler({
  username: USER,
  password: PASSWORD,
  onMessage: () => undefined,
});

function post(body: string): Promise<Response> {
  return handle(
    new Request('http://receiver.test/inbound', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body,
    }),
  );
}

/** The sample payload's JSON with `field` replaced by the raw JSON text `json`. */
function withField(field: string, json: string): string {
  const { [field]: _left, ...rest } = sampleMessage() as unknown as Record<string, unknown>;
  return `${JSON.stringify(rest).slice(0, -1)},${JSON.stringify(field)}:${json}}`;
}

/** `[item,item,...]` of `count` items, built without an intermediate array. */
const list = (item: string, count: number) => `[${`${item},`.repeat(count - 1)}${item}]`;

function malformed(payload: unknown): MalformedInboundMessageError {
  try {
    parseInboundMessage(payload);
  } catch (error) {
    if (error instanceof MalformedInboundMessageError) return error;
    throw error;
  }
  throw new Error('the payload was accepted');
}

const recipient = JSON.stringify({ Email: 'a+b@example.com', Name: 'A', MailboxHash: 'b' });
const header = JSON.stringify({ Name: 'X-Test', Value: 'v' });
const attachment = JSON.stringify({
  Name: 'a.txt',
  Content: 'aGk=',
  ContentType: 'text/plain',
  ContentLength: 2,
  ContentID: '',
});

describe('the webhook receiver: lists longer than the service sends are refused before their items are checked', () => {
  it('answers a Headers array of 8,000,000 wrong items (15.3 MiB) with one issue, in under 2 s per MiB', async () => {
    const body = withField('Headers', list('0', 8_000_000));
    const started = performance.now();
    const response = await post(body);
    const seconds = (performance.now() - started) / 1000;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Malformed inbound message: Headers must have at most 1004 items',
    });
    // Measured on an idle machine: 0.05 s for the 15.3 MiB (19.7 s before the limit).
    expect(seconds).toBeLessThan((2 * body.length) / MiB);
  });

  it.each([
    ['ToFull', recipient, INBOUND_PAYLOAD_LIMITS.maxRecipients],
    ['CcFull', recipient, INBOUND_PAYLOAD_LIMITS.maxRecipients],
    ['BccFull', recipient, INBOUND_PAYLOAD_LIMITS.maxRecipients],
    ['Headers', header, INBOUND_PAYLOAD_LIMITS.maxHeaders],
    ['Attachments', attachment, INBOUND_PAYLOAD_LIMITS.maxAttachments],
  ])(
    'takes %s with as many entries as the service sends, and refuses one more',
    async (field, item, max) => {
      expect((await post(withField(field, list(item, max)))).status).toBe(200);
      const refused = await post(withField(field, list(item, max + 1)));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        message: `Malformed inbound message: ${field} must have at most ${max} items`,
      });
    },
  );

  it('refuses any other array over 1000 items, an object over 1000 members, nesting deeper than 16 and more than 100,000 values', async () => {
    const cases: [string, string][] = [
      [withField('Extra', list('0', 1001)), 'Extra must have at most 1000 items'],
      [
        withField('Extra', `{${Array.from({ length: 1001 }, (_, i) => `"k${i}":0`).join(',')}}`),
        'Extra must have at most 1000 members',
      ],
      [
        withField('Extra', `${'['.repeat(16)}${']'.repeat(16)}`),
        'Extra is nested deeper than 16 levels',
      ],
      [withField('Extra', list(list('0', 1000), 101)), '(payload) must hold at most 100000 values'],
      [list('0', 2000), '(payload) must have at most 1000 items'],
    ];
    for (const [body, problem] of cases) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: `Malformed inbound message: ${problem}` });
    }
    // At the limits, the same shapes pass (the payload is an inbound message with an extra field).
    expect((await post(withField('Extra', list('0', 1000)))).status).toBe(200);
    expect((await post(withField('Extra', `${'['.repeat(15)}${']'.repeat(15)}`))).status).toBe(200);
  });

  it('is not misled by quotes, brackets and commas inside strings', async () => {
    const tricky = JSON.stringify({ Name: 'X', Value: `"],[,,,{\\"${','.repeat(5000)}` });
    const body = withField('Headers', list(tricky, 1004));
    expect((await post(body)).status).toBe(200);
  });

  it('refuses an over-long list of an already parsed payload before checking its items', () => {
    const payload = { ...sampleMessage(), Attachments: new Array(5_000_000).fill(0) };
    const started = performance.now();
    const error = malformed(payload);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.issues).toEqual([
      { path: 'Attachments', message: 'must have at most 1000 items' },
    ]);
  });
});

describe('the webhook receiver: a 400 names at most 100 issues and is at most 16 KiB', () => {
  it('reports the first 100 issues of 2,008 and counts the rest, in a body under 16 KiB', async () => {
    const wrong = list(JSON.stringify({ Name: 1, Value: 2 }), 1004);
    const response = await post(withField('Headers', wrong));
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(16 * 1024);
    const { message } = JSON.parse(text) as { message: string };
    expect(message).toMatch(/^Malformed inbound message: Headers\[0\]\.Name must be a string/);
    expect(message.split('; ').filter((part) => /must be a string/.test(part))).toHaveLength(100);
    expect(message).toMatch(/; and 1908 more$/);
    const error = malformed(withField('Headers', wrong));
    expect(error.issues).toHaveLength(100);
  });
});
