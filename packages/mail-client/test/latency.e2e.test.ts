import { connect, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookUrl } from '../src/index';
import { createInboundWebhookListener } from '../src/node';
import { ACME, useMailServer } from './support/e2e';
import { listen } from './support/receivers';

const h = useMailServer();
const MESSAGES = 20;
const arrivedAt = new Map<string, number>();
let receiver: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  receiver = await listen(
    createInboundWebhookListener({
      username: 'inbound',
      password: 'latency',
      onMessage: (message) => {
        arrivedAt.set(message.Subject, performance.now());
      },
    }),
  );
});
afterAll(() => receiver.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
};

/** Sends MESSAGES messages one after the other and returns each one's SMTP-to-webhook time in ms. */
async function measure(label: string, send: (subject: string) => Promise<unknown>) {
  await h.client().servers.update(ACME.id, {
    InboundHookUrl: webhookUrl(`${receiver.url}/inbound`, {
      username: 'inbound',
      password: 'latency',
    }),
  });
  const latencies: number[] = [];
  for (let index = 0; index < MESSAGES; index++) {
    const subject = `${label} ${index}`;
    const sentAt = performance.now();
    await send(subject);
    await h.server.mail.whenIdle();
    latencies.push(arrivedAt.get(subject)! - sentAt);
  }
  return latencies;
}

const message = (subject: string) => ({
  from: 'ada@example.com',
  to: `${ACME.hash}@${ACME.domain}`,
  subject,
  text: 'Measuring.',
});

describe('SMTP-to-webhook latency', () => {
  it('delivers every message to the handler; prints the median over 20, per connection and pooled', async () => {
    const perConnection = await measure('fresh', (subject) => h.sendMail(message(subject)));

    // One connection for all messages, with Nagle's algorithm off on the sending side as a busy
    // MTA would have it: this leaves the pipeline's own time (parse, store, POST, handler).
    const pooled = nodemailer.createTransport({
      pool: true,
      maxConnections: 1,
      host: '127.0.0.1',
      port: h.server.mail.smtpPort!,
      secure: false,
      ignoreTLS: true,
      getSocket: (_options, callback) => {
        const socket: Socket = connect({
          host: '127.0.0.1',
          port: h.server.mail.smtpPort!,
          noDelay: true,
        });
        socket.once('connect', () => callback(null, { connection: socket }));
        socket.once('error', (error) => callback(error, undefined));
      },
    });
    const reused = await measure('pooled', (subject) => pooled.sendMail(message(subject)));
    pooled.close();

    expect(perConnection).toHaveLength(MESSAGES);
    expect(reused).toHaveLength(MESSAGES);
    for (const latency of [...perConnection, ...reused]) expect(latency).toBeGreaterThan(0);
    console.log(
      `SMTP-to-webhook latency, median of ${MESSAGES}: ` +
        `${median(perConnection).toFixed(1)} ms with a new SMTP connection per message ` +
        `(smtp-server holds every greeting 100 ms to catch early talkers), ` +
        `${median(reused).toFixed(1)} ms over one kept-open connection`,
    );
  });
});
