import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inboundAddress, webhookUrl } from '../src/index';
import { createInboundWebhookListener } from '../src/node';
import type { InboundMessage } from '../src/webhook';
import { parseInboundMessage } from '../src/webhook';
import { ACME, GLOBEX, rawMessage, useMailServer } from './support/e2e';
import { listen, recordingReceiver } from './support/receivers';

const h = useMailServer();

/** A webhook receiver built with the ./node adapter; `next()` resolves with the next message. */
async function webhookReceiver(credentials = { username: 'inbound', password: 'p@ss:wörd/%41 x' }) {
  const waiting: ((message: InboundMessage) => void)[] = [];
  const received: InboundMessage[] = [];
  const http = await listen(
    createInboundWebhookListener({
      ...credentials,
      onMessage: (message) => {
        received.push(message);
        waiting.shift()?.(message);
      },
    }),
  );
  return {
    ...http,
    received,
    hookUrl: webhookUrl(`${http.url}/hooks/inbound?source=mail`, credentials),
    next: () => new Promise<InboundMessage>((resolve) => waiting.push(resolve)),
  };
}

async function pointHookAt(serverId: number, hookUrl: string) {
  await h.client().servers.update(serverId, { InboundHookUrl: hookUrl });
}

describe('inbound pipeline over SMTP', () => {
  it('delivers a message sent over SMTP to the webhook handler with attachments intact byte for byte', async () => {
    const receiver = await webhookReceiver();
    try {
      await pointHookAt(ACME.id, receiver.hookUrl);
      const server = await h.client().servers.get(ACME.id);
      const binary = randomBytes(70_000);
      const text = Buffer.from('line one\r\nline two\n\u00e9t\u00e9 \u2713\n', 'utf8');
      const arrived = receiver.next();
      await h.sendMail({
        from: '"Ada Lovelace" <ada@example.com>',
        to: inboundAddress(server),
        subject: 'Quarterly report',
        text: 'Numbers attached.',
        attachments: [
          { filename: 'report.bin', content: binary, contentType: 'application/octet-stream' },
          { filename: 'notes.txt', content: text, contentType: 'text/plain' },
        ],
      });
      const message = await arrived;
      expect(message.Subject).toBe('Quarterly report');
      expect(message.OriginalRecipient).toBe(`${ACME.hash}@${ACME.domain}`);
      expect(message.Attachments.map((a) => [a.Name, a.ContentType, a.ContentLength])).toEqual([
        ['report.bin', 'application/octet-stream', binary.length],
        ['notes.txt', 'text/plain', text.length],
      ]);
      expect(Buffer.from(message.Attachments[0]!.Content, 'base64').equals(binary)).toBe(true);
      expect(Buffer.from(message.Attachments[1]!.Content, 'base64').equals(text)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('sends the credentials of the hook URL as Authorization: Basic and posts to the URL without them', async () => {
    const receiver = await recordingReceiver();
    try {
      const hookUrl = webhookUrl(`${receiver.url}/hooks/inbound?source=mail`, {
        username: 'inbound',
        password: 'p@ss:wörd/%41 x',
      });
      await pointHookAt(ACME.id, hookUrl);
      await h.sendMail({ from: 'ada@example.com', to: `${ACME.hash}@${ACME.domain}`, text: 'hi' });
      await h.server.mail.whenIdle();
      expect(receiver.requests).toHaveLength(1);
      const [request] = receiver.requests;
      expect(request!.method).toBe('POST');
      expect(request!.url).toBe('/hooks/inbound?source=mail');
      expect(request!.headers['content-type']).toBe('application/json');
      const basic = Buffer.from('inbound:p@ss:wörd/%41 x', 'utf8').toString('base64');
      expect(request!.headers.authorization).toBe(`Basic ${basic}`);
    } finally {
      await receiver.close();
    }
  });

  it('sets MailboxHash from a plus-address, at the top level and on every plus-addressed recipient', async () => {
    const receiver = await webhookReceiver();
    try {
      await pointHookAt(ACME.id, receiver.hookUrl);
      const server = await h.client().servers.get(ACME.id);
      const arrived = receiver.next();
      await h.sendMail({
        from: 'ada@example.com',
        to: [{ name: 'Support', address: inboundAddress(server, { mailboxHash: 'Ticket-42' }) }],
        cc: 'someone+else@example.com',
        text: 'About my ticket',
      });
      const message = await arrived;
      expect(message.MailboxHash).toBe('Ticket-42');
      expect(message.OriginalRecipient).toBe(`${ACME.hash}+Ticket-42@${ACME.domain}`);
      expect(message.ToFull).toEqual([
        {
          Email: `${ACME.hash}+Ticket-42@${ACME.domain}`,
          Name: 'Support',
          MailboxHash: 'Ticket-42',
        },
      ]);
      expect(message.CcFull).toEqual([
        { Email: 'someone+else@example.com', Name: '', MailboxHash: 'else' },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a recipient that is not an inbound address at RCPT time with 550, and stores nothing', async () => {
    const wrongHash = `0000${ACME.hash.slice(4)}@${ACME.domain}`;
    const wrongDomain = `${ACME.hash}@${GLOBEX.domain}`;
    for (const to of [wrongHash, wrongDomain, 'postmaster@inbound.clientkit.test']) {
      const error = await h
        .sendMail({ from: 'ada@example.com', to, text: 'hi' })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ responseCode: 550 });
    }
    expect(h.server.mail.messages()).toEqual([]);
  });

  it('accepts a message for its inbound recipients when another recipient is refused', async () => {
    await h.sendMail({
      from: 'ada@example.com',
      to: [`${ACME.hash}@${ACME.domain}`, 'nobody@inbound.clientkit.test'],
      text: 'hi',
    });
    expect(h.server.mail.messages().map((m) => m.recipient)).toEqual([
      `${ACME.hash}@${ACME.domain}`,
    ]);
  });

  it('stores one message per inbound recipient, each with its own MessageID', async () => {
    await h.sendMail({
      from: 'ada@example.com',
      to: [`${ACME.hash}@${ACME.domain}`, `${GLOBEX.hash}+billing@${GLOBEX.domain}`],
      text: 'to both',
    });
    const messages = h.server.mail.messages();
    expect(messages.map((m) => [m.serverId, m.payload.MailboxHash])).toEqual([
      [ACME.id, ''],
      [GLOBEX.id, 'billing'],
    ]);
    expect(new Set(messages.map((m) => m.messageId)).size).toBe(2);
    expect(messages.map((m) => m.payload.MessageID)).toEqual(messages.map((m) => m.messageId));
  });

  it('matches the inbound hash and domain without regard to case', async () => {
    await h.sendMail({
      from: 'ada@example.com',
      to: `${ACME.hash.toUpperCase()}+Case@${ACME.domain.toUpperCase()}`,
      text: 'hi',
    });
    expect(h.server.mail.messages()).toMatchObject([
      { serverId: ACME.id, payload: { MailboxHash: 'Case' } },
    ]);
  });
});

describe('one inbound stream with one domain per server', () => {
  it('accepts mail at the current inbound domain only: a new InboundDomain retires the old one', async () => {
    const updated = await h.client().servers.update(ACME.id, { InboundDomain: 'in.acme.test' });
    expect(updated.InboundAddress).toBe(`${ACME.hash}@in.acme.test`);
    await h.sendMail({ from: 'ada@example.com', to: inboundAddress(updated), text: 'new domain' });
    const old = await h
      .sendMail({ from: 'ada@example.com', to: `${ACME.hash}@${ACME.domain}`, text: 'old domain' })
      .catch((e: unknown) => e);
    expect(old).toMatchObject({ responseCode: 550 });
    expect(h.server.mail.messages().map((m) => m.recipient)).toEqual([`${ACME.hash}@in.acme.test`]);
  });

  it('labels every message with the one inbound stream', async () => {
    await h.sendMail({ from: 'ada@example.com', to: `${ACME.hash}@${ACME.domain}`, text: 'hi' });
    expect(h.server.mail.messages()[0]!.payload.MessageStream).toBe('inbound');
  });
});

describe('the JSON message', () => {
  it('has every field, with "" and [] for empty values, never missing', async () => {
    const [record] = await h.server.mail.receive(
      [
        'From: ada@example.com',
        `To: ${ACME.hash}@${ACME.domain}`,
        'Subject: bare',
        '',
        'Just text.',
      ].join('\r\n'),
    );
    const payload = record!.payload;
    expect(parseInboundMessage(JSON.parse(JSON.stringify(payload)))).toEqual(payload);
    expect(payload).toEqual({
      From: 'ada@example.com',
      FromName: '',
      FromFull: { Email: 'ada@example.com', Name: '', MailboxHash: '' },
      To: `${ACME.hash}@${ACME.domain}`,
      ToFull: [{ Email: `${ACME.hash}@${ACME.domain}`, Name: '', MailboxHash: '' }],
      Cc: '',
      CcFull: [],
      Bcc: '',
      BccFull: [],
      ReplyTo: '',
      OriginalRecipient: `${ACME.hash}@${ACME.domain}`,
      Subject: 'bare',
      MessageID: record!.messageId,
      MessageStream: 'inbound',
      Date: '',
      MailboxHash: '',
      TextBody: 'Just text.',
      HtmlBody: '',
      StrippedTextReply: 'Just text.',
      Tag: '',
      Headers: [
        { Name: 'From', Value: 'ada@example.com' },
        { Name: 'To', Value: `${ACME.hash}@${ACME.domain}` },
        { Name: 'Subject', Value: 'bare' },
        { Name: 'X-Spam-Checker-Version', Value: expect.stringContaining('SpamAssassin') },
        { Name: 'X-Spam-Status', Value: 'No' },
        { Name: 'X-Spam-Score', Value: '0.0' },
        { Name: 'X-Spam-Tests', Value: 'NONE' },
      ],
      Attachments: [],
    });
  });

  it('fills names, copies, reply-to, date, tag, bodies, headers, the stripped reply and inline images', async () => {
    const raw = await rawMessage({
      from: '"Ada \\"the Countess\\" Lovelace" <ada@example.com>',
      to: [{ name: 'Acme Support', address: `${ACME.hash}+T-7@${ACME.domain}` }, 'bob@example.com'],
      cc: [{ name: 'Carol', address: 'carol@example.com' }],
      bcc: 'dave@example.com',
      replyTo: 'replies@example.com',
      subject: 'Re: Caf\u00e9 order',
      date: new Date('2026-05-31T10:00:00Z'),
      headers: {
        'X-PM-Tag': 'orders',
        'X-Custom': { prepared: true, value: 'a long\r\n folded value' },
      },
      text: 'Thanks, that works.\n\nOn Sun, 31 May 2026, Support wrote:\n> Does Tuesday suit you?\n',
      html: '<p>Thanks, <img src="cid:logo@acme"></p>',
      attachments: [
        { filename: 'logo.png', content: Buffer.from([137, 80, 78, 71]), cid: 'logo@acme' },
      ],
    });
    const [record] = await h.server.mail.receive(raw, { to: `${ACME.hash}+T-7@${ACME.domain}` });
    const p = record!.payload;
    expect(p.FromName).toBe('Ada "the Countess" Lovelace');
    expect(p.To).toBe(`"Acme Support" <${ACME.hash}+T-7@${ACME.domain}>, bob@example.com`);
    expect(p.ToFull[0]!.MailboxHash).toBe('T-7');
    expect(p.Cc).toBe('"Carol" <carol@example.com>');
    expect(p.CcFull).toEqual([{ Email: 'carol@example.com', Name: 'Carol', MailboxHash: '' }]);
    expect(p.BccFull).toEqual([{ Email: 'dave@example.com', Name: '', MailboxHash: '' }]);
    expect(p.ReplyTo).toBe('replies@example.com');
    expect(p.Subject).toBe('Re: Caf\u00e9 order');
    expect(p.Date).toBe('Sun, 31 May 2026 10:00:00 +0000');
    expect(p.Tag).toBe('orders');
    expect(p.TextBody).toContain('> Does Tuesday suit you?');
    expect(p.StrippedTextReply).toBe('Thanks, that works.');
    expect(p.HtmlBody).toBe('<p>Thanks, <img src="cid:logo@acme"></p>');
    expect(p.Headers).toContainEqual({ Name: 'X-Custom', Value: 'a long folded value' });
    expect(p.Headers.map((header) => header.Name)).toContain('Message-ID');
    expect(p.Attachments).toEqual([
      {
        Name: 'logo.png',
        Content: 'iVBORw==',
        ContentType: 'image/png',
        ContentLength: 4,
        ContentID: 'logo@acme',
      },
    ]);
  });

  it('includes RawEmail only when the server has RawEmailEnabled', async () => {
    const raw = await rawMessage({
      from: 'ada@example.com',
      to: [`${ACME.hash}@${ACME.domain}`, `${GLOBEX.hash}@${GLOBEX.domain}`],
      text: 'raw?',
    });
    const [acme, globex] = await h.server.mail.receive(raw, {
      to: [`${ACME.hash}@${ACME.domain}`, `${GLOBEX.hash}@${GLOBEX.domain}`],
    });
    expect(acme!.payload).not.toHaveProperty('RawEmail');
    expect(globex!.payload.RawEmail).toBe(raw.toString('utf8'));
  });
});

describe('what happens to a message before delivery', () => {
  it('blocks a message whose X-Spam-Score reaches the InboundSpamThreshold, and delivers one below it', async () => {
    const receiver = await recordingReceiver();
    try {
      await h
        .client()
        .servers.update(ACME.id, { InboundHookUrl: receiver.url, InboundSpamThreshold: 10 });
      const message = (score: string) =>
        `From: a@example.com\r\nTo: ${ACME.hash}@${ACME.domain}\r\nX-Spam-Score: ${score}\r\n\r\nbuy now`;
      const [spam] = await h.server.mail.receive(message('10.0'));
      const [ham] = await h.server.mail.receive(message('9.9'));
      expect(spam!.status).toBe('blocked');
      expect(spam!.attempts).toEqual([]);
      expect(ham!.status).toBe('delivered');
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('adds the spam check headers after the message own ones, reporting a score written upstream (Status Yes from 5.0)', async () => {
    const [record] = await h.server.mail.receive(
      `From: a@example.com\r\nTo: ${ACME.hash}@${ACME.domain}\r\nX-Spam-Score: 6.5\r\n\r\nhi`,
    );
    const spamHeaders = record!.payload.Headers.filter((header) =>
      header.Name.startsWith('X-Spam-'),
    );
    expect(spamHeaders).toEqual([
      { Name: 'X-Spam-Score', Value: '6.5' },
      { Name: 'X-Spam-Checker-Version', Value: expect.stringContaining('SpamAssassin') },
      { Name: 'X-Spam-Status', Value: 'Yes' },
      { Name: 'X-Spam-Tests', Value: 'NONE' },
    ]);
  });

  it('does not block anything when the threshold is 0', async () => {
    const [record] = await h.server.mail.receive(
      `From: a@example.com\r\nTo: ${ACME.hash}@${ACME.domain}\r\nX-Spam-Score: 29\r\n\r\nhi`,
    );
    expect(record!.status).toBe('no-hook');
  });

  it('keeps a message without posting it when the server has no InboundHookUrl', async () => {
    await h.sendMail({ from: 'ada@example.com', to: `${ACME.hash}@${ACME.domain}`, text: 'hi' });
    expect(h.server.mail.messages()).toMatchObject([{ status: 'no-hook', attempts: [] }]);
  });
});

describe('the same pipeline without SMTP', () => {
  it('POST /__admin/mail/inbound takes a raw message and answers with the delivery records', async () => {
    const receiver = await recordingReceiver();
    try {
      await pointHookAt(ACME.id, receiver.url);
      const raw = await rawMessage({
        from: 'ada@example.com',
        to: `${ACME.hash}+adm@${ACME.domain}`,
        text: 'hi',
      });
      const response = await fetch(`${h.url}/__admin/mail/inbound`, {
        method: 'POST',
        body: new Uint8Array(raw),
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as {
        messages: { status: string; payload: InboundMessage }[];
      };
      expect(body.messages).toMatchObject([
        { status: 'delivered', payload: { MailboxHash: 'adm' } },
      ]);
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('POST /__admin/mail/inbound answers 422 when a recipient is not an inbound address', async () => {
    const raw = await rawMessage({ from: 'ada@example.com', to: 'bob@example.com', text: 'hi' });
    const none = await fetch(`${h.url}/__admin/mail/inbound`, {
      method: 'POST',
      body: new Uint8Array(raw),
    });
    expect(none.status).toBe(422);
    const wrong = await fetch(`${h.url}/__admin/mail/inbound?to=bob@example.com`, {
      method: 'POST',
      body: new Uint8Array(raw),
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({
      error: 'Not an inbound address of any server: bob@example.com',
    });
    expect(h.server.mail.messages()).toEqual([]);
  });

  it('control.receive refuses a recipient that is not an inbound address', async () => {
    await expect(
      h.server.mail.receive('From: a@example.com\r\n\r\nhi', { to: 'bob@example.com' }),
    ).rejects.toThrow('Not an inbound address of any server: bob@example.com');
  });
});
