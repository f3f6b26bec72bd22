import type { AddressInfo, Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { type InboundPipeline, InboundRefused, MAX_RECIPIENTS } from './inbound';
import { MessageContentRefused } from './message-limits';

/** A running SMTP listener. */
export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/** Options of `startSmtpListener`. */
export interface SmtpListenerOptions {
  /** 0 picks a free port. */
  port: number;
  pipeline: InboundPipeline;
  /** The largest message accepted, in bytes (advertised through SIZE). */
  maxMessageBytes: number;
  logError(message: string, error?: unknown): void;
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * The SMTP answer to a message the pipeline did not take. Whatever is wrong with the message itself
 * is permanent (5xx), so that the sender stops retrying: a recipient whose server changed its
 * inbound domain since RCPT is gone (550), content over a limit or that cannot be parsed stays so
 * (554 5.6.0). Only a failure of the server's own is worth another try later (451).
 */
function refusalOf(error: unknown, logError: SmtpListenerOptions['logError']): Error {
  if (error instanceof InboundRefused) return smtpError(550, error.message);
  if (error instanceof MessageContentRefused) return smtpError(554, `5.6.0 ${error.message}`);
  logError('an inbound message could not be processed', error);
  return smtpError(451, '4.3.0 The message could not be processed; try again later');
}

/**
 * Reads the DATA of one message; undefined when it is larger than `maxBytes`. Once past the limit
 * the rest is read (SMTP needs it to find the end of the message) but thrown away, so a huge
 * message costs no more memory than the limit.
 */
function collectData(stream: Readable, maxBytes: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(size > maxBytes ? undefined : Buffer.concat(chunks, size)));
  });
}

/**
 * Listens for SMTP on 127.0.0.1 and feeds each message into the inbound pipeline. Recipients that
 * are not an inbound address are refused at RCPT time with 550; the message is acknowledged once
 * it is stored, before the webhook is called.
 */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const { pipeline } = options;
  const smtp = new SMTPServer({
    name: 'inbound.clientkit.test',
    banner: 'clientkit reference server: inbound mail',
    authOptional: true,
    // Plain SMTP on loopback only: no certificates to manage and no credentials to check.
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: options.maxMessageBytes,
    logger: false,
    disableReverseLookup: true,
    closeTimeout: 1000,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS) {
        return callback(
          smtpError(452, `Too many recipients: at most ${MAX_RECIPIENTS} per message`),
        );
      }
      if (pipeline.accepts(address.address)) return callback();
      callback(
        smtpError(
          550,
          `No such mailbox: mail is accepted for <InboundHash>[+<MailboxHash>]@<inbound domain> only`,
        ),
      );
    },
    onData(stream, session, callback) {
      collectData(stream, options.maxMessageBytes).then((raw) => {
        if (raw === undefined) {
          return callback(smtpError(552, `Message larger than ${options.maxMessageBytes} bytes`));
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        pipeline.receive(raw, recipients).then(
          () => callback(),
          (error: unknown) => callback(refusalOf(error, options.logError)),
        );
      }, callback);
    },
  });
  // SMTP is a conversation of short lines: send each reply at once rather than batch them.
  smtp.server.on('connection', (socket: Socket) => socket.setNoDelay(true));

  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.port, '127.0.0.1', () => {
      smtp.off('error', reject);
      resolve();
    });
  });
  smtp.on('error', (error) => options.logError('SMTP listener error', error));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
