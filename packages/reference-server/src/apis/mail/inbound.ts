import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import type { Clock } from '../../clock';
import type { Delivery } from './delivery';
import {
  buildInboundMessage,
  mailboxes,
  type SharedContent,
  sharedContentOf,
  spamScoreOf,
} from './inbound-payload';
import { parseRawMessage } from './parse-message';
import { shareSerialization } from './payload-body';
import type { InboundRecord, MailStore } from './store';

/** A message refused before anything was stored, with the reason for the sender. */
export class InboundRefused extends Error {
  override name = 'InboundRefused';
}

/**
 * The most recipients one message may have (an SMTP transaction refuses more at RCPT time with
 * 452): each recipient gets its own stored record and delivery, so this bounds what one message costs.
 */
export const MAX_RECIPIENTS = 100;

/** Takes raw messages in (from SMTP, the admin route or the control object) and hands them on. */
export interface InboundPipeline {
  /** True when the address is `<InboundHash>[+<MailboxHash>]@<inbound domain>` of a server. */
  accepts(address: string): boolean;
  /**
   * Stores one message per accepted recipient and starts its delivery. Resolves once the
   * messages are stored, with the records and a promise of their first delivery attempts.
   */
  receive(
    raw: Buffer,
    recipients?: readonly string[],
  ): Promise<{ records: InboundRecord[]; firstAttempts: Promise<void> }>;
}

/**
 * The recipients a message is for: the given envelope recipients, or else the inbound addresses
 * among its To, Cc and Bcc; each once, and every one of them an inbound address.
 */
function recipientsOf(
  parsed: ParsedMail,
  given: readonly string[] | undefined,
  accepts: (address: string) => boolean,
): string[] {
  const candidates =
    given ?? [parsed.to, parsed.cc, parsed.bcc].flatMap(mailboxes).map((entry) => entry.address!);
  const refused = given ? candidates.filter((address) => !accepts(address)) : [];
  if (refused.length > 0) {
    throw new InboundRefused(`Not an inbound address of any server: ${refused.join(', ')}`);
  }
  const seen = new Set<string>();
  const recipients = candidates.filter((address) => {
    const key = address.toLowerCase();
    return accepts(address) && !seen.has(key) && Boolean(seen.add(key));
  });
  if (recipients.length === 0) {
    throw new InboundRefused('No recipient of the message is an inbound address of a server');
  }
  if (recipients.length > MAX_RECIPIENTS) {
    throw new InboundRefused(
      `The message has ${recipients.length} inbound recipients; at most ${MAX_RECIPIENTS} are accepted`,
    );
  }
  return recipients;
}

/** Freezes a payload and everything in it, so that records can share it with every reader. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

export function createInboundPipeline(
  store: MailStore,
  clock: Clock,
  delivery: Delivery,
): InboundPipeline {
  const accepts = (address: string) => store.route(address) !== undefined;

  /** What every recipient's record shares: the parsed message and its large parts. */
  interface Message {
    parsed: ParsedMail;
    /** The shared parts, with RawEmail or without. */
    shared(withRawEmail: boolean): SharedContent;
  }

  function messageOf(parsed: ParsedMail, raw: Buffer): Message {
    const base = deepFreeze(sharedContentOf(parsed));
    let withRaw: SharedContent | undefined;
    return {
      parsed,
      // Built at most once, and only when a recipient's server asks for the raw message.
      shared: (withRawEmail) =>
        withRawEmail
          ? (withRaw ??= Object.freeze({ ...base, RawEmail: raw.toString('utf8') }))
          : base,
    };
  }

  /** The stored record of one message for one recipient: blocked, without a hook, or queued. */
  function recordFor(message: Message, recipient: string): InboundRecord {
    const { server, mailboxHash } = store.route(recipient)!;
    const messageId = randomUUID();
    const shared = message.shared(server.RawEmailEnabled);
    const payload = buildInboundMessage(message.parsed, shared, {
      messageId,
      recipient,
      mailboxHash,
    });
    shareSerialization(payload, shared);
    const score = spamScoreOf(message.parsed);
    const threshold = server.InboundSpamThreshold;
    const blocked = threshold > 0 && score !== undefined && score >= threshold;
    return {
      messageId,
      serverId: server.ID,
      recipient,
      receivedAt: clock.date().toISOString(),
      status: blocked ? 'blocked' : server.InboundHookUrl === '' ? 'no-hook' : 'queued',
      attempts: [],
      payload: deepFreeze(payload),
    };
  }

  return {
    accepts,
    async receive(raw, given) {
      const parsed = await parseRawMessage(raw);
      const recipients = recipientsOf(parsed, given, accepts);
      const message = messageOf(parsed, raw);
      const records = recipients.map((recipient) => recordFor(message, recipient));
      for (const record of records) store.addMessage(record, raw);
      const firstAttempts = Promise.all(
        records.filter((record) => record.status === 'queued').map(delivery.start),
      ).then(() => undefined);
      return { records, firstAttempts };
    },
  };
}
