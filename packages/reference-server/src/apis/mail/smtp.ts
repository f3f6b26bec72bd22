import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { type InboundPipeline, InboundRefused } from './inbound';

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
    onRcptTo(address, _session, callback) {
      if (pipeline.accepts(address.address)) return callback();
      callback(
        smtpError(
          550,
          `No such mailbox: mail is accepted for <InboundHash>[+<MailboxHash>]@<inbound domain> only`,
        ),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          return callback(smtpError(552, `Message larger than ${options.maxMessageBytes} bytes`));
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        pipeline.receive(Buffer.concat(chunks), recipients).then(
          () => callback(),
          (error: unknown) => {
            // A recipient whose server changed its inbound domain since RCPT is gone for good.
            if (error instanceof InboundRefused) return callback(smtpError(550, error.message));
            options.logError('an inbound message could not be processed', error);
            callback(smtpError(451, 'The message could not be processed; try again later'));
          },
        );
      });
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
