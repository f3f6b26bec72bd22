import type { InboundMessage } from '../../src/webhook';

/** A well-formed inbound message, as the service would POST it. */
export function sampleMessage(overrides: Partial<InboundMessage> = {}): InboundMessage {
  return {
    From: 'ada@example.com',
    FromName: 'Ada Lovelace',
    FromFull: { Email: 'ada@example.com', Name: 'Ada Lovelace', MailboxHash: '' },
    To: '"Support" <hash+ticket-7@inbound.example>',
    ToFull: [{ Email: 'hash+ticket-7@inbound.example', Name: 'Support', MailboxHash: 'ticket-7' }],
    Cc: '',
    CcFull: [],
    Bcc: '',
    BccFull: [],
    ReplyTo: '',
    OriginalRecipient: 'hash+ticket-7@inbound.example',
    Subject: 'Re: your ticket',
    MessageID: '5f0c7c39-4c42-4cfe-8a23-0f4d1a1f3f11',
    MessageStream: 'inbound',
    Date: 'Mon, 1 Jun 2026 08:00:00 +0000',
    MailboxHash: 'ticket-7',
    TextBody: 'Thanks!\n> earlier',
    HtmlBody: '',
    StrippedTextReply: 'Thanks!',
    Tag: '',
    Headers: [{ Name: 'Message-ID', Value: '<abc@example.com>' }],
    Attachments: [
      {
        Name: 'a.txt',
        Content: 'aGVsbG8=',
        ContentType: 'text/plain',
        ContentLength: 5,
        ContentID: '',
      },
    ],
    ...overrides,
  };
}
