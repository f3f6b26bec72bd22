import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseInboundMessage } from '@clientkit/mail-client/webhook';
import nodemailer from 'nodemailer';
import type { Models } from 'postmark';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postmarkAccountClient } from '../src/shims';
import { useReferenceServer } from './reference-server';

const ref = useReferenceServer('mail', { mail: { smtpPort: 0 } });
const account = () => postmarkAccountClient(ref.origin, ref.server.mail.accountToken);

const HOOK_USER = 'inbound';
const HOOK_PASSWORD = 'p@ss:word/42';

/** One POST the hook received: its headers and its body as text. */
interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * The inbound hook: a small HTTP listener on 127.0.0.1 that answers 200 and hands each POST to
 * whoever waits for it, in order.
 */
async function startHook() {
  const arrived: Delivery[] = [];
  const waiting: ((delivery: Delivery) => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.end('ok');
      const delivery = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      const next = waiting.shift();
      if (next) next(delivery);
      else arrived.push(delivery);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/inbound`,
    next: () =>
      arrived.length > 0
        ? Promise.resolve(arrived.shift()!)
        : new Promise<Delivery>((resolve) => waiting.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let hook: Awaited<ReturnType<typeof startHook>>;
let inboundHash: string;
let inboundDomain: string;
beforeAll(async () => {
  hook = await startHook();
});
afterAll(() => hook.close());
beforeEach(async () => {
  ref.server.reset();
  // Through the official SDK, as a user would: the hook URL carries the credentials.
  const url = new URL(hook.url);
  url.username = HOOK_USER;
  url.password = encodeURIComponent(HOOK_PASSWORD);
  const server = await account().editServer(1, { InboundHookUrl: url.href });
  // Optional in the SDK's Server type; the real record (and ours) always has them.
  inboundHash = server.InboundHash!;
  inboundDomain = server.InboundDomain!;
  expect(`${inboundHash}@${inboundDomain}`).toBe(server.InboundAddress);
});

/** nodemailer's SMTP transport to the reference server's listener: plain SMTP on loopback. */
function transport() {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: ref.server.mail.smtpPort!,
    secure: false,
    ignoreTLS: true,
  });
}

const isString = (value: unknown) => typeof value === 'string';
const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string';
const isRecipient = (value: unknown) => {
  const recipient = value as Models.InboundRecipient;
  return (
    typeof value === 'object' &&
    value !== null &&
    isString(recipient.Email) &&
    isString(recipient.Name) &&
    isString(recipient.MailboxHash)
  );
};
const isRecipientList = (value: unknown) => Array.isArray(value) && value.every(isRecipient);
const isHeader = (value: unknown) => {
  const header = value as Models.Header;
  return (
    typeof value === 'object' && value !== null && isString(header.Name) && isString(header.Value)
  );
};
const isAttachment = (value: unknown) => {
  const attachment = value as Models.Attachment;
  return (
    typeof value === 'object' &&
    value !== null &&
    isString(attachment.Name) &&
    isString(attachment.Content) &&
    isString(attachment.ContentType) &&
    (attachment.ContentID === null || isString(attachment.ContentID)) &&
    (attachment.ContentLength === undefined || Number.isInteger(attachment.ContentLength))
  );
};

/**
 * A runtime check of every field of the SDK's `InboundWebhook` type. Keyed by that type, so a
 * field the SDK adds (or renames) fails to compile here until it is checked too.
 */
const inboundWebhookFields: Record<keyof Models.InboundWebhook, (value: unknown) => boolean> = {
  From: isString,
  FromName: isString,
  FromFull: isRecipient,
  To: isString,
  ToFull: isRecipientList,
  Cc: isString,
  CcFull: isRecipientList,
  Bcc: isString,
  BccFull: isRecipientList,
  ReplyTo: isString,
  OriginalRecipient: isString,
  Subject: isString,
  Date: isString,
  MailboxHash: isString,
  Tag: isOptionalString,
  MessageID: isString,
  MessageStream: isString,
  RawEmail: isOptionalString,
  TextBody: isString,
  HtmlBody: isString,
  StrippedTextReply: isString,
  Headers: (value) => Array.isArray(value) && value.every(isHeader),
  Attachments: (value) => Array.isArray(value) && value.every(isAttachment),
};

/** The fields of the delivered JSON that do not fit the SDK's type, and the ones it lacks. */
function misfits(json: Record<string, unknown>): string[] {
  const known = Object.keys(inboundWebhookFields) as (keyof Models.InboundWebhook)[];
  const wrong = known.filter((field) => !inboundWebhookFields[field](json[field]));
  const unknown = Object.keys(json).filter((field) => !Object.hasOwn(inboundWebhookFields, field));
  return [...wrong.map((field) => `${field}: ${JSON.stringify(json[field])}`), ...unknown];
}

/** Checks a delivery's JSON against the SDK's type, and returns it typed as that type. */
function asInboundWebhook(delivery: Delivery): Models.InboundWebhook {
  const json = JSON.parse(delivery.body) as Record<string, unknown>;
  expect(misfits(json)).toEqual([]);
  // Our own receiver takes it too, and its type is assignable to the SDK's.
  const payload: Models.InboundWebhook = parseInboundMessage(delivery.body);
  expect(payload).toEqual(json);
  return payload;
}

describe('nodemailer (real SMTP) to the reference server, delivered as postmark InboundWebhook', () => {
  it('delivers a plain text message to a plus address: fields of the SDK type, MailboxHash, credentials', async () => {
    const to = `${inboundHash}+ticket-42@${inboundDomain}`;
    const info = await transport().sendMail({
      from: '"My User" <myuser+hash1@example.org>',
      to: { name: 'Support', address: to },
      subject: 'Plain words, café',
      text: 'Hello from nodemailer.\n\nOn Monday, Support wrote:\n> an earlier message\n',
    });
    expect(info.accepted).toEqual([to]);
    expect(info.response).toMatch(/^250 /);

    const delivery = await hook.next();
    const expected = `Basic ${Buffer.from(`${HOOK_USER}:${HOOK_PASSWORD}`).toString('base64')}`;
    expect(delivery.headers.authorization).toBe(expected);
    expect(delivery.headers['content-type']).toBe('application/json');
    const payload = asInboundWebhook(delivery);
    expect(payload).toMatchObject({
      From: 'myuser+hash1@example.org',
      FromName: 'My User',
      FromFull: { Email: 'myuser+hash1@example.org', Name: 'My User', MailboxHash: 'hash1' },
      To: `"Support" <${to}>`,
      ToFull: [{ Email: to, Name: 'Support', MailboxHash: 'ticket-42' }],
      Cc: '',
      CcFull: [],
      Bcc: '',
      BccFull: [],
      OriginalRecipient: to,
      Subject: 'Plain words, café',
      MailboxHash: 'ticket-42',
      MessageStream: 'inbound',
      TextBody: 'Hello from nodemailer.\n\nOn Monday, Support wrote:\n> an earlier message\n',
      HtmlBody: '',
      StrippedTextReply: 'Hello from nodemailer.',
      Attachments: [],
    });
    expect(payload.MessageID).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(payload.Date).not.toBe('');
    const messageIdHeader = payload.Headers.find((header) => header.Name === 'Message-ID');
    expect(messageIdHeader?.Value).toBe(info.messageId);
    expect(payload.Headers.slice(-4).map((header) => header.Name)).toEqual([
      'X-Spam-Checker-Version',
      'X-Spam-Status',
      'X-Spam-Score',
      'X-Spam-Tests',
    ]);
    await ref.server.mail.whenIdle();
    expect(ref.server.mail.message(payload.MessageID)?.status).toBe('delivered');
  });

  it('delivers HTML, cc and attachments (base64 content and decoded length) with the MailboxHash of every plus address', async () => {
    const to = `${inboundHash}+ticket-7@${inboundDomain}`;
    const binary = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const notes = 'Notes: 1 café, 2 naïve ✓\n';
    const pixel = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const info = await transport().sendMail({
      from: 'Ada <ada+billing@example.com>',
      to: [{ name: 'Support', address: to }, 'other+to-tag@example.net'],
      cc: ['"Carol C" <carol+cc@example.com>', 'dave@example.com'],
      // The envelope names only the inbound address: the others are in the headers, as when a
      // message to several people is also sent to the service.
      envelope: { from: 'ada+billing@example.com', to: [to] },
      subject: 'Invoice 7',
      text: 'See the invoice.',
      html: '<p>See the <b>invoice</b>.</p><img src="cid:pixel@clientkit">',
      attachments: [
        { filename: 'notes.txt', content: notes, contentType: 'text/plain; charset=utf-8' },
        { filename: 'data.bin', content: binary, contentType: 'application/octet-stream' },
        { filename: 'pixel.png', content: pixel, contentType: 'image/png', cid: 'pixel@clientkit' },
      ],
    });
    expect(info.accepted).toEqual([to]);

    const payload = asInboundWebhook(await hook.next());
    expect(payload).toMatchObject({
      FromFull: { Email: 'ada+billing@example.com', Name: 'Ada', MailboxHash: 'billing' },
      ToFull: [
        { Email: to, Name: 'Support', MailboxHash: 'ticket-7' },
        { Email: 'other+to-tag@example.net', Name: '', MailboxHash: 'to-tag' },
      ],
      CcFull: [
        { Email: 'carol+cc@example.com', Name: 'Carol C', MailboxHash: 'cc' },
        { Email: 'dave@example.com', Name: '', MailboxHash: '' },
      ],
      Cc: '"Carol C" <carol+cc@example.com>, dave@example.com',
      MailboxHash: 'ticket-7',
      OriginalRecipient: to,
      Subject: 'Invoice 7',
      TextBody: 'See the invoice.',
      HtmlBody: '<p>See the <b>invoice</b>.</p><img src="cid:pixel@clientkit">',
    });
    const attachments = new Map(payload.Attachments.map((item) => [item.Name, item]));
    expect([...attachments.keys()].sort()).toEqual(['data.bin', 'notes.txt', 'pixel.png']);
    const sent: [string, Buffer, string, string][] = [
      ['notes.txt', Buffer.from(notes, 'utf8'), 'text/plain', ''],
      ['data.bin', binary, 'application/octet-stream', ''],
      ['pixel.png', pixel, 'image/png', 'pixel@clientkit'],
    ];
    for (const [name, bytes, contentType, contentId] of sent) {
      const attachment = attachments.get(name)!;
      expect(attachment.Content).toBe(bytes.toString('base64'));
      expect(Buffer.from(attachment.Content, 'base64')).toEqual(bytes);
      expect(attachment.ContentLength).toBe(bytes.length);
      expect(attachment.ContentType).toBe(contentType);
      expect(attachment.ContentID).toBe(contentId);
    }
  });
});
