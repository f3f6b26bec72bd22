import type {
  InboundAttachment,
  InboundHeader,
  InboundMessage,
  InboundRecipient,
} from '@clientkit/contracts/mail';
import type { AddressObject, EmailAddress, ParsedMail } from 'mailparser';
import { mailboxHashOf } from './mailbox-hash';
import { withSpamCheckHeaders } from './spam-check';

/** What the payload needs beyond the parsed message. */
export interface PayloadContext {
  messageId: string;
  /** The envelope recipient the message arrived for. */
  recipient: string;
  /** The mailbox hash of the inbound address the message arrived for. */
  mailboxHash: string;
}

/**
 * The large parts of a payload, the same for every recipient of a message: built once per message
 * and shared (strings and arrays by reference), so that a message to many recipients is held once.
 */
export type SharedContent = Pick<
  InboundMessage,
  | 'Subject'
  | 'Date'
  | 'TextBody'
  | 'HtmlBody'
  | 'StrippedTextReply'
  | 'Tag'
  | 'Headers'
  | 'Attachments'
  | 'RawEmail'
>;

/** The mailboxes of an address header, groups opened up. */
export function mailboxes(header: AddressObject | AddressObject[] | undefined): EmailAddress[] {
  const lists = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lists
    .flatMap((list) => list.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .filter((entry) => entry.address !== undefined);
}

function recipients(header: AddressObject | AddressObject[] | undefined) {
  return mailboxes(header).map(
    (entry): InboundRecipient => ({
      Email: entry.address ?? '',
      Name: entry.name,
      MailboxHash: mailboxHashOf(entry.address ?? ''),
    }),
  );
}

/** `"Name" <email>, other@example.com`: the list as text, names quoted. */
function asText(list: InboundRecipient[]): string {
  return list
    .map(({ Email, Name }) => (Name ? `"${Name.replace(/(["\\])/g, '\\$1')}" <${Email}>` : Email))
    .join(', ');
}

/** The header fields in their order, folding undone, values as sent. */
function headerFields(parsed: ParsedMail): InboundHeader[] {
  return parsed.headerLines.map(({ line }) => {
    const colon = line.indexOf(':');
    return {
      Name: line.slice(0, colon).trim(),
      Value: line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    };
  });
}

function rawHeader(headers: InboundHeader[], name: string): string {
  return headers.find((header) => header.Name.toLowerCase() === name)?.Value ?? '';
}

const quoteStarts = [/^\s*>/, /^On\b.*\bwrote:\s*$/, /^-{2,}\s*Original Message\s*-{2,}\s*$/i];

/** The text of a reply without the quoted message below it. */
export function strippedReply(text: string): string {
  const lines = text.split(/\r?\n/);
  const quoteAt = lines.findIndex((line) => quoteStarts.some((start) => start.test(line)));
  return (quoteAt === -1 ? lines : lines.slice(0, quoteAt)).join('\n').trimEnd();
}

function attachmentsOf(parsed: ParsedMail): InboundAttachment[] {
  return parsed.attachments.map((attachment) => ({
    Name: attachment.filename ?? '',
    Content: attachment.content.toString('base64'),
    ContentType: attachment.contentType,
    ContentLength: attachment.content.length,
    ContentID: attachment.cid ?? '',
  }));
}

/**
 * The parts of the payload that do not depend on the recipient, computed once per message;
 * `RawEmail` is added for the servers that want it.
 */
export function sharedContentOf(parsed: ParsedMail): SharedContent {
  const headers = headerFields(parsed);
  const textBody = parsed.text ?? '';
  return {
    Subject: parsed.subject ?? '',
    Date: rawHeader(headers, 'date'),
    TextBody: textBody,
    HtmlBody: parsed.html || '',
    StrippedTextReply: strippedReply(textBody),
    Tag: rawHeader(headers, 'x-pm-tag'),
    // The message's headers, then the spam check's `X-Spam-*` ones (the score is the message's).
    Headers: withSpamCheckHeaders(headers, spamScoreOf(parsed)),
    Attachments: attachmentsOf(parsed),
  };
}

/** The JSON message POSTed to the inbound hook: every field present, empty ones "" or []. */
export function buildInboundMessage(
  parsed: ParsedMail,
  shared: SharedContent,
  context: PayloadContext,
): InboundMessage {
  const from = recipients(parsed.from)[0] ?? { Email: '', Name: '', MailboxHash: '' };
  const to = recipients(parsed.to);
  const cc = recipients(parsed.cc);
  const bcc = recipients(parsed.bcc);
  return {
    From: from.Email,
    FromName: from.Name,
    FromFull: from,
    To: asText(to),
    ToFull: to,
    Cc: asText(cc),
    CcFull: cc,
    Bcc: asText(bcc),
    BccFull: bcc,
    ReplyTo: asText(recipients(parsed.replyTo)),
    OriginalRecipient: context.recipient,
    Subject: shared.Subject,
    MessageID: context.messageId,
    MessageStream: 'inbound',
    Date: shared.Date,
    MailboxHash: context.mailboxHash,
    TextBody: shared.TextBody,
    HtmlBody: shared.HtmlBody,
    StrippedTextReply: shared.StrippedTextReply,
    Tag: shared.Tag,
    Headers: shared.Headers,
    Attachments: shared.Attachments,
    ...(shared.RawEmail === undefined ? {} : { RawEmail: shared.RawEmail }),
  };
}

/** The spam score a filter upstream wrote into `X-Spam-Score`, if any. */
export function spamScoreOf(parsed: ParsedMail): number | undefined {
  const value = parsed.headers.get('x-spam-score');
  const score = typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(score) ? score : undefined;
}
