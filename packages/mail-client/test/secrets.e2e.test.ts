import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type APIError, MailClient, webhookUrl } from '../src/index';
import { ACCOUNT_TOKEN, ACME, GLOBEX, useMailServer } from './support/e2e';
import { closedPort, recordingReceiver } from './support/receivers';

const h = useMailServer();
const PASSWORD = 'hunter2-Very-Secret';
const QUERY_TOKEN = 'qs-token-Very-Secret';
const secrets = [PASSWORD, encodeURIComponent(PASSWORD), QUERY_TOKEN, 'globex-hook-secret'];

function expectNoSecret(value: unknown) {
  const text =
    typeof value === 'string' ? value : `${JSON.stringify(value)} ${inspect(value, { depth: 10 })}`;
  for (const secret of secrets) expect(text).not.toContain(secret);
}

const message = `From: ada@example.com\r\nTo: ${ACME.hash}@${ACME.domain}\r\nSubject: s\r\n\r\nHi`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('hook URL credentials in answers', () => {
  it('shows InboundHookUrl without the password and with secret query values redacted, on PUT and GET', async () => {
    const hookUrl = webhookUrl(`https://receiver.example/hook?token=${QUERY_TOKEN}&source=mail`, {
      username: 'inbound',
      password: PASSWORD,
    });
    const put = await h
      .client()
      .servers.update(ACME.id, { InboundHookUrl: hookUrl, OpenHookUrl: hookUrl });
    const get = await h.client().servers.get(ACME.id);
    for (const record of [put, get]) {
      expect(record.InboundHookUrl).toBe(
        'https://inbound@receiver.example/hook?token=[redacted]&source=mail',
      );
      expect(record.OpenHookUrl).toBe(record.InboundHookUrl);
      expectNoSecret(record);
    }
  });

  it('keeps the stored credentials when the URL is written back exactly as GET showed it', async () => {
    const receiver = await recordingReceiver();
    try {
      const hookUrl = webhookUrl(`${receiver.url}/in`, { username: 'inbound', password: PASSWORD });
      await h.client().servers.update(ACME.id, { InboundHookUrl: hookUrl });
      const shown = await h.client().servers.get(ACME.id);
      await h
        .client()
        .servers.update(ACME.id, { InboundHookUrl: shown.InboundHookUrl, Name: 'Renamed' });
      await h.server.mail.receive(message);
      const expected = `Basic ${Buffer.from(`inbound:${PASSWORD}`).toString('base64')}`;
      expect(receiver.requests[0]!.headers.authorization).toBe(expected);
    } finally {
      await receiver.close();
    }
  });

  it('takes a changed URL as the new one, credentials and all', async () => {
    const receiver = await recordingReceiver();
    try {
      await h.client().servers.update(ACME.id, {
        InboundHookUrl: webhookUrl(`${receiver.url}/in`, {
          username: 'inbound',
          password: PASSWORD,
        }),
      });
      await h.client().servers.update(ACME.id, { InboundHookUrl: `${receiver.url}/in` });
      await h.server.mail.receive(message);
      expect(receiver.requests[0]!.headers.authorization).toBeUndefined();
    } finally {
      await receiver.close();
    }
  });

  it('leaves hook URL credentials out of error answers', async () => {
    const bodies = [
      { InboundHookUrl: `ftp://user:${PASSWORD}@receiver.example/hook` },
      { InboundHookUrl: `https://user:${PASSWORD}@receiver.example/hook`, InboundSpamThreshold: 3 },
      { InboundHookUrl: `https://user:${PASSWORD}@receiver.example/hook`, Password: PASSWORD },
    ];
    for (const body of bodies) {
      const response = await h.raw('PUT', `/servers/${ACME.id}`, { body: JSON.stringify(body) });
      expect(response.status).toBe(422);
      expectNoSecret(await response.text());
    }
  });
});

describe('secrets in inspection and logs', () => {
  it('keeps hook URL passwords and secret query values out of every inspection output', async () => {
    const receiver = await recordingReceiver(() => 500);
    try {
      await h.client().servers.update(ACME.id, {
        InboundHookUrl: webhookUrl(`${receiver.url}/in?token=${QUERY_TOKEN}`, {
          username: 'inbound',
          password: PASSWORD,
        }),
      });
      await h.server.mail.receive(message);
      await h.server.clock.advance('1m');
      const [record] = h.server.mail.messages();
      expect(record!.attempts.map((attempt) => attempt.url)).toEqual([
        `${receiver.url}/in?token=[redacted]`,
        `${receiver.url}/in?token=[redacted]`,
      ]);
      expectNoSecret(h.server.mail.messages());
      expectNoSecret(h.server.mail.message(record!.messageId));
      expectNoSecret(h.server.inspect('mail'));
      expectNoSecret(await (await fetch(`${h.url}/__admin/state/mail`)).text());
      expectNoSecret(await (await fetch(`${h.url}/__admin/state`)).text());
      expectNoSecret(await (await fetch(`${h.url}/__admin/mail/messages`)).text());
      expectNoSecret(
        await (await fetch(`${h.url}/__admin/mail/messages/${record!.messageId}`)).text(),
      );
    } finally {
      await receiver.close();
    }
  });

  it('keeps the seeded hook password out of inspection and the development credentials', async () => {
    expect(JSON.stringify(h.server.inspect('mail'))).toContain(
      'https://globex@hooks.globex.test/mail/inbound',
    );
    expectNoSecret(h.server.inspect('mail'));
    expectNoSecret(h.server.credentials());
    expect(h.server.credentials().mail).toMatchObject({
      'account token': ACCOUNT_TOKEN,
      'server 2 inbound address': `${GLOBEX.hash}@${GLOBEX.domain}`,
    });
  });

  it('logs no hook URL secret while deliveries fail in every way', async () => {
    const written: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        written.push(args.map((arg) => inspect(arg)).join(' '));
      });
    }
    const failing = await recordingReceiver(() => 500);
    const down = await closedPort();
    try {
      for (const url of [`${failing.url}/in?token=${QUERY_TOKEN}`, `http://127.0.0.1:${down}/in`]) {
        await h.client().servers.update(ACME.id, {
          InboundHookUrl: webhookUrl(url, { username: 'inbound', password: PASSWORD }),
        });
        await h.sendMail({
          from: 'ada@example.com',
          to: `${ACME.hash}@${ACME.domain}`,
          text: 'hi',
        });
        await h.server.mail.whenIdle();
        await h.server.clock.advance('1m');
      }
      expect(h.server.mail.messages().flatMap((m) => m.attempts)).toHaveLength(4);
      expectNoSecret(written);
      expectNoSecret(h.logs);
    } finally {
      await failing.close();
    }
  });
});

describe('the account token', () => {
  it('never appears in client errors, their messages, or the client itself', async () => {
    const token = 'acct-token-Very-Secret';
    const lines: string[] = [];
    const log = (message: string, details?: unknown) =>
      lines.push(`${message} ${inspect(details)}`);
    const client = new MailClient({
      baseUrl: h.url,
      accountToken: token,
      retry: 0,
      logLevel: 'debug',
      logger: { debug: log, info: log, warn: log, error: log },
    });
    const error = (await client.servers.get(ACME.id).catch((e: unknown) => e)) as APIError;
    expect(error.status).toBe(401);
    for (const text of [
      error.message,
      String(error),
      inspect(error),
      inspect(client),
      JSON.stringify(error.body),
      ...lines,
    ]) {
      expect(text).not.toContain(token);
    }
    expect(lines.length).toBeGreaterThan(0);
  });
});
