import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../src/index';
import { codes, converse } from './support/smtp';

const HASH = '4b1d2c9e7f3a4e6d8c0b5a7f9e1d3c2b';
const INBOUND = `${HASH}+ticket-9@inbound.clientkit.test`;

describe('MailboxHash of the addresses in an inbound payload', () => {
  it('is computed for every plus-addressed sender and recipient (FromFull, ToFull, CcFull, BccFull), the top-level one staying that of the inbound address', async () => {
    const server = await createReferenceServer({ mail: { smtpPort: 0 }, clock: { frozen: true } });
    try {
      const message = [
        'From: My User <myuser+hash1@example.org>',
        `To: Support <${INBOUND}>, other+to-tag@example.net`,
        'Cc: carol+cc+two@example.com, dave@example.com',
        'Bcc: erin+@example.com',
        'Subject: tags everywhere',
        '',
        'Hello.',
        '.',
      ].join('\r\n');
      const replies = await converse(server.mail.smtpPort!, [
        'EHLO tester',
        'MAIL FROM:<myuser+hash1@example.org>',
        `RCPT TO:<${INBOUND}>`,
        'DATA',
        message,
        'QUIT',
      ]);
      expect(codes(replies)).toEqual(['220', '250', '250', '250', '354', '250', '221']);
      const [record] = server.mail.messages();
      expect(record!.payload).toMatchObject({
        MailboxHash: 'ticket-9',
        FromFull: { Email: 'myuser+hash1@example.org', Name: 'My User', MailboxHash: 'hash1' },
        ToFull: [
          { Email: INBOUND, Name: 'Support', MailboxHash: 'ticket-9' },
          { Email: 'other+to-tag@example.net', Name: '', MailboxHash: 'to-tag' },
        ],
        // After the first plus, the rest of the local part; nothing after it is an empty hash.
        CcFull: [
          { Email: 'carol+cc+two@example.com', Name: '', MailboxHash: 'cc+two' },
          { Email: 'dave@example.com', Name: '', MailboxHash: '' },
        ],
        BccFull: [{ Email: 'erin+@example.com', Name: '', MailboxHash: '' }],
      });
    } finally {
      await server.close();
    }
  });
});
