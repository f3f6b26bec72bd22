import { createReferenceServer, type ReferenceServer } from '@clientkit/reference-server';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { MailClient } from '../../src/index';

export const ACCOUNT_TOKEN = 'mail-dev-account-token';
/** The server clock at the start of every test; it only moves when a test moves it. */
export const START = '2026-06-01T08:00:00.000Z';
/** Seeded server 1: default inbound domain, no hook. */
export const ACME = {
  id: 1,
  hash: '4b1d2c9e7f3a4e6d8c0b5a7f9e1d3c2b',
  domain: 'inbound.clientkit.test',
};
/** Seeded server 2: own inbound domain, raw email on, spam threshold 10, hook with credentials. */
export const GLOBEX = {
  id: 2,
  hash: 'e8f7a6b5c4d34e2f9a1b0c8d7e6f5a49',
  domain: 'mail.globex.test',
};

export interface MailHarness {
  server: ReferenceServer;
  url: string;
  /** Everything the server reported through logError since the last reset. */
  logs: string[];
  client(token?: string): MailClient;
  /** A request that bypasses the client's own checks, to see what the server itself answers. */
  raw(
    method: string,
    path: string,
    options?: { token?: string | null; headers?: Record<string, string>; body?: string },
  ): Promise<Response>;
  /** Sends a message over SMTP to the server's listener. */
  sendMail(message: Mail.Options): Promise<void>;
}

/** One reference server per test file, with an SMTP listener and a frozen clock; reset before each test. */
export function useMailServer(): MailHarness {
  const harness = { logs: [] as string[] } as MailHarness;
  beforeAll(async () => {
    harness.server = await createReferenceServer({
      clock: { start: START, frozen: true },
      admin: true,
      mail: { smtpPort: 0, deliveryTimeoutMs: 1000 },
      logError: (message, error) => harness.logs.push(`${message} ${String(error)}`),
    });
    harness.url = (await harness.server.listen(0)).url;
    harness.client = (token = ACCOUNT_TOKEN) =>
      new MailClient({
        baseUrl: harness.url,
        accountToken: token,
        validateResponses: true,
        retry: 0,
      });
    harness.raw = (method, path, options = {}) => {
      const token = options.token === undefined ? ACCOUNT_TOKEN : options.token;
      return fetch(`${harness.url}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(token === null ? {} : { 'x-mail-account-token': token }),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body,
      });
    };
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: harness.server.mail.smtpPort!,
      secure: false,
      ignoreTLS: true,
    });
    harness.sendMail = async (message) => {
      await transport.sendMail(message);
    };
  });
  beforeEach(async () => {
    await harness.server.mail.whenIdle();
    harness.server.reset();
    await harness.server.clock.set(START);
    harness.logs.length = 0;
  });
  afterAll(() => harness.server.close());
  return harness;
}

/** A raw RFC 5322 message, built by nodemailer's composer (Bcc kept in the header). */
export async function rawMessage(message: Mail.Options): Promise<Buffer> {
  const mime = new MailComposer(message).compile();
  mime.keepBcc = true;
  return mime.build();
}
