import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createReferenceServer } from '../src/index';
import { messageOfSize } from './support/large-message';
import { peakRss } from './support/peak-rss';
import { codes, converse, sendData } from './support/smtp';

const HASH = '4b1d2c9e7f3a4e6d8c0b5a7f9e1d3c2b';
const MiB = 1024 * 1024;

/**
 * A hook receiver that reads each POST without keeping it and counts them; `received(n)` resolves
 * once it has answered n POSTs.
 */
async function countingHook() {
  let posts = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      posts += 1;
      response.end('ok', () => {
        for (const wait of waiting.filter((entry) => posts >= entry.count)) wait.resolve();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/inbound`,
    posts: () => posts,
    received: (count: number) =>
      posts >= count
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    server: server as Server,
  };
}

describe('the inbound SMTP listener under hostile input', () => {
  it('refuses a 101st recipient in one transaction with 452 and takes the message for the first 100', async () => {
    const server = await createReferenceServer({ mail: { smtpPort: 0 }, clock: { frozen: true } });
    try {
      const rcpts = Array.from(
        { length: 101 },
        (_, i) => `RCPT TO:<${HASH}+r${i}@inbound.clientkit.test>`,
      );
      const replies = await converse(server.mail.smtpPort!, [
        'EHLO tester',
        'MAIL FROM:<ada@example.com>',
        ...rcpts,
        'DATA',
        'Subject: many\r\n\r\nhi\r\n.',
        'QUIT',
      ]);
      const answers = codes(replies);
      expect(answers.slice(3, 103)).toEqual(Array(100).fill('250'));
      expect(answers.slice(103)).toEqual(['452', '354', '250', '221']);
      expect(replies[103]).toMatch(/at most 100/);
      expect(server.mail.messages()).toHaveLength(100);
    } finally {
      await server.close();
    }
  });

  it('refuses a message for more than 100 inbound recipients outside SMTP too (admin route and control)', async () => {
    const server = await createReferenceServer({ admin: true });
    try {
      const to = Array.from({ length: 101 }, (_, i) => `${HASH}+r${i}@inbound.clientkit.test`);
      await expect(server.mail.receive('Subject: many\r\n\r\nhi', { to })).rejects.toThrow(
        /101 inbound recipients; at most 100/,
      );
      const query = to.map((address) => `to=${encodeURIComponent(address)}`).join('&');
      const response = await server.fetch(`http://reference.test/__admin/mail/inbound?${query}`, {
        method: 'POST',
        body: 'Subject: many\r\n\r\nhi',
      });
      expect(response.status).toBe(422);
      expect(server.mail.messages()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses a message over maxMessageBytes on the admin route too, with 413', async () => {
    const server = await createReferenceServer({ admin: true, mail: { maxMessageBytes: 1000 } });
    try {
      const response = await server.fetch(
        `http://reference.test/__admin/mail/inbound?to=${HASH}@inbound.clientkit.test`,
        { method: 'POST', body: `Subject: big\r\n\r\n${'x'.repeat(2000)}` },
      );
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: 'the message is larger than 1000 bytes' });
      expect(server.mail.messages()).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('refuses a message over the size limit with 552 without holding more of it than the limit', async () => {
    const server = await createReferenceServer({ mail: { smtpPort: 0, maxMessageBytes: MiB } });
    try {
      const chunk = Buffer.alloc(MiB, 'x'.repeat(75) + '\r\n');
      // 96 MiB sent; the server keeps at most 1 MiB of it, so its memory barely moves.
      const { result, growth } = await peakRss(() =>
        sendData(server.mail.smtpPort!, [`${HASH}@inbound.clientkit.test`], async (write) => {
          await write(Buffer.from('Subject: huge\r\n\r\n'));
          for (let i = 0; i < 96; i += 1) await write(chunk);
        }),
      );
      expect(result).toMatch(/^552 /);
      expect(growth).toBeLessThan(48 * MiB);
      expect(server.mail.messages()).toEqual([]);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('holds the largest accepted message (25 MiB) to 100 recipients once: RSS grows by less than 512 MiB', async () => {
    const hook = await countingHook();
    // A loaded machine may take long over a POST of this size: no attempt should time out (and
    // wait for a retry on the frozen clock) before the hook has read it.
    const server = await createReferenceServer({
      mail: { smtpPort: 0, deliveryTimeoutMs: 240_000 },
      clock: { frozen: true },
    });
    try {
      server.seed({
        mail: { servers: [{ ID: 1, Name: 'Acme', InboundHash: HASH, InboundHookUrl: hook.url }] },
      });
      const recipients = Array.from(
        { length: 100 },
        (_, i) => `${HASH}+r${i}@inbound.clientkit.test`,
      );
      const message = Buffer.from(messageOfSize(25 * MiB - 64, recipients[0]!));
      const { result, growth } = await peakRss(async () => {
        const reply = await sendData(server.mail.smtpPort!, recipients, (write) => write(message));
        // Delivered means the hook answered every POST and the server recorded each answer.
        await hook.received(100);
        await server.mail.whenIdle();
        return reply;
      });
      expect(result).toMatch(/^250 /);
      const records = server.mail.messages();
      expect(records).toHaveLength(100);
      expect(records.every((record) => record.status === 'delivered')).toBe(true);
      expect(hook.posts()).toBe(100);
      expect(records[0]!.payload.Attachments[0]!.ContentLength).toBeGreaterThan(18 * MiB);
      expect(growth).toBeLessThan(512 * MiB);
    } finally {
      await server.close();
      hook.server.close();
    }
  }, 300_000);
});
