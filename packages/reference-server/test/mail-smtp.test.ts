import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../src/index';
import { codes, converse } from './support/smtp';

const HASH = '4b1d2c9e7f3a4e6d8c0b5a7f9e1d3c2b';

describe('the inbound SMTP listener', () => {
  it('is not started without mail.smtpPort', async () => {
    const server = await createReferenceServer();
    try {
      expect(server.mail.smtpPort).toBeUndefined();
      expect(server.credentials().mail!['SMTP inbound']).toBe('off');
    } finally {
      await server.close();
    }
  });

  it('listens on 127.0.0.1 (port 0 picks a free one), takes mail for an inbound address, and stops on close()', async () => {
    const server = await createReferenceServer({ mail: { smtpPort: 0 }, clock: { frozen: true } });
    const port = server.mail.smtpPort!;
    expect(port).toBeGreaterThan(0);
    expect(server.credentials().mail!['SMTP inbound']).toBe(`127.0.0.1:${port}`);
    const replies = await converse(port, [
      'EHLO tester',
      'MAIL FROM:<ada@example.com>',
      `RCPT TO:<${HASH}+raw@inbound.clientkit.test>`,
      'DATA',
      `From: ada@example.com\r\nTo: ${HASH}+raw@inbound.clientkit.test\r\nSubject: raw SMTP\r\n\r\nHello.\r\n.`,
      'QUIT',
    ]);
    expect(codes(replies)).toEqual(['220', '250', '250', '250', '354', '250', '221']);
    expect(server.mail.messages()).toMatchObject([
      {
        recipient: `${HASH}+raw@inbound.clientkit.test`,
        status: 'no-hook',
        payload: { Subject: 'raw SMTP', MailboxHash: 'raw' },
      },
    ]);
    await server.close();
    await expect(converse(port, [])).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('is reachable on loopback only', async () => {
    const server = await createReferenceServer({ mail: { smtpPort: 0 } });
    try {
      const outside = Object.values(networkInterfaces())
        .flat()
        .find((entry) => entry && entry.family === 'IPv4' && !entry.internal);
      expect(codes(await converse(server.mail.smtpPort!, ['QUIT']))).toEqual(['220', '221']);
      if (outside) {
        await expect(converse(server.mail.smtpPort!, [], outside.address)).rejects.toMatchObject({
          code: 'ECONNREFUSED',
        });
      }
    } finally {
      await server.close();
    }
  });

  it('refuses other recipients at RCPT time with 550 and a message larger than the limit with 552', async () => {
    const server = await createReferenceServer({ mail: { smtpPort: 0, maxMessageBytes: 1000 } });
    try {
      const refused = await converse(server.mail.smtpPort!, [
        'EHLO tester',
        'MAIL FROM:<ada@example.com>',
        'RCPT TO:<nobody@inbound.clientkit.test>',
        'QUIT',
      ]);
      expect(codes(refused)).toEqual(['220', '250', '250', '550', '221']);
      const large = await converse(server.mail.smtpPort!, [
        'EHLO tester',
        'MAIL FROM:<ada@example.com>',
        `RCPT TO:<${HASH}@inbound.clientkit.test>`,
        'DATA',
        `Subject: big\r\n\r\n${'x'.repeat(2000)}\r\n.`,
        'QUIT',
      ]);
      expect(codes(large)).toEqual(['220', '250', '250', '250', '354', '552', '221']);
      expect(server.mail.messages()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses with 550 at the end of DATA when the recipient stopped being an inbound address meanwhile', async () => {
    const server = await createReferenceServer({ mail: { smtpPort: 0 } });
    const { url } = await server.listen(0);
    try {
      const replies = await converse(server.mail.smtpPort!, [
        'EHLO tester',
        'MAIL FROM:<ada@example.com>',
        `RCPT TO:<${HASH}@inbound.clientkit.test>`,
        async () => {
          const response = await fetch(`${url}/servers/1`, {
            method: 'PUT',
            headers: {
              'x-mail-account-token': server.mail.accountToken,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ InboundDomain: 'elsewhere.example' }),
          });
          expect(response.status).toBe(200);
          return 'DATA';
        },
        `Subject: late\r\n\r\nhi\r\n.`,
        'QUIT',
      ]);
      expect(codes(replies)).toEqual(['220', '250', '250', '250', '354', '550', '221']);
      expect(server.mail.messages()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('makes createReferenceServer fail when the SMTP port is taken', async () => {
    const first = await createReferenceServer({ mail: { smtpPort: 0 } });
    try {
      await expect(
        createReferenceServer({ mail: { smtpPort: first.mail.smtpPort! } }),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await first.close();
    }
  });
});
