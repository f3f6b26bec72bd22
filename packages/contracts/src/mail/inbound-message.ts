/**
 * The JSON message the service POSTs to a server's inbound webhook, which the webhook receiver
 * checks on arrival and the reference server builds. Its schemas are loose, so that fields the
 * service adds later reach the receiver.
 */
import * as z from 'zod/mini';
import { integer } from '../common';

// A field that holds another model's schema casts it to that model's interface
// (`Term as z.ZodMiniType<Term, ...>`), so that its type, and the API reference, name the model
// instead of spelling its fields out again. A cast adds no code.

function isBase64(value: string): boolean {
  return value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);
}

/** The number of bytes a base64 text decodes to. */
function base64ByteLength(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

/** A sender or recipient: address, display name, and the mailbox hash of a plus-address. */
export const InboundRecipient = z.looseObject({
  /** The address. */
  Email: z.string(),
  /** The display name, or empty. */
  Name: z.string(),
  /** For a plus-address (`user+hash@...`), the part after the first `+`; otherwise empty. */
  MailboxHash: z.string(),
});
/** A sender or recipient: address, display name, and the mailbox hash of a plus-address. */
export interface InboundRecipient extends z.infer<typeof InboundRecipient> {}

/**
 * One header field of the message, in the order it appeared. After the message's own fields come
 * those of the service's spam check: `X-Spam-Checker-Version`, `X-Spam-Status` (`Yes` or `No`),
 * `X-Spam-Score` and `X-Spam-Tests`.
 */
export const InboundHeader = z.looseObject({
  /** The header field's name, as written in the message. */
  Name: z.string(),
  /** Its value, unfolded. */
  Value: z.string(),
});
/** One header field of the message, in the order it appeared, the spam check's fields last. */
export interface InboundHeader extends z.infer<typeof InboundHeader> {}

/** One attachment; `Content` is base64 and `ContentLength` the size of the decoded bytes. */
export const InboundAttachment = z
  .looseObject({
    /** The file name. */
    Name: z.string(),
    /** The file's bytes, base64-encoded. */
    Content: z.string().check(z.refine(isBase64, 'must be base64')),
    /** Its media type, such as `application/pdf`. */
    ContentType: z.string(),
    /** The number of bytes `Content` decodes to. */
    ContentLength: integer(0),
    /** The `Content-ID` that HTML parts refer to (`cid:`), or empty. */
    ContentID: z.string(),
  })
  .check(
    z.refine(
      (attachment) =>
        typeof attachment.Content !== 'string' ||
        !isBase64(attachment.Content) ||
        base64ByteLength(attachment.Content) === attachment.ContentLength,
      {
        message: 'must be the number of bytes Content decodes to',
        path: ['ContentLength'],
      },
    ),
  );
/** One attachment; `Content` is base64 and `ContentLength` the size of the decoded bytes. */
export interface InboundAttachment extends z.infer<typeof InboundAttachment> {}

/**
 * A parsed inbound email, as the service POSTs it to `InboundHookUrl`. Empty values are `""` or
 * `[]`, never missing; `RawEmail` is present only when the server has `RawEmailEnabled`.
 */
export const InboundMessage = z.looseObject({
  /** The sender's address. */
  From: z.string(),
  /** The sender's display name, or empty. */
  FromName: z.string(),
  /** The sender, parsed. */
  FromFull: InboundRecipient as z.ZodMiniType<InboundRecipient, z.input<typeof InboundRecipient>>,
  /** The `To` header as written. */
  To: z.string(),
  /** The `To` recipients, parsed. */
  ToFull: z.array(
    InboundRecipient as z.ZodMiniType<InboundRecipient, z.input<typeof InboundRecipient>>,
  ),
  /** The `Cc` header as written, or empty. */
  Cc: z.string(),
  /** The `Cc` recipients, parsed. */
  CcFull: z.array(
    InboundRecipient as z.ZodMiniType<InboundRecipient, z.input<typeof InboundRecipient>>,
  ),
  /** The `Bcc` header as written, or empty. */
  Bcc: z.string(),
  /** The `Bcc` recipients, parsed. */
  BccFull: z.array(
    InboundRecipient as z.ZodMiniType<InboundRecipient, z.input<typeof InboundRecipient>>,
  ),
  /** The `Reply-To` header, or empty. */
  ReplyTo: z.string(),
  /** The inbound address the message was delivered to. */
  OriginalRecipient: z.string(),
  /** The subject, or empty. */
  Subject: z.string(),
  /** The service's id of the message: the same on every delivery attempt, so deduplicate on it. */
  MessageID: z.string().check(z.minLength(1)),
  /** Always `inbound`. */
  MessageStream: z.literal('inbound'),
  /** The `Date` header as written. */
  Date: z.string(),
  /** The part after the `+` of the inbound address it came to, or empty. */
  MailboxHash: z.string(),
  /** The plain-text body, or empty. */
  TextBody: z.string(),
  /** The HTML body, or empty. */
  HtmlBody: z.string(),
  /** The text of a reply without the quoted message it answers, or empty. */
  StrippedTextReply: z.string(),
  /** The `X-PM-Tag` header, or empty. */
  Tag: z.string(),
  /** The other header fields, in the order they appeared. */
  Headers: z.array(InboundHeader as z.ZodMiniType<InboundHeader, z.input<typeof InboundHeader>>),
  /** The attachments, with their content. */
  Attachments: z.array(
    InboundAttachment as z.ZodMiniType<InboundAttachment, z.input<typeof InboundAttachment>>,
  ),
  /** The full raw message; only when the server has `RawEmailEnabled`. */
  RawEmail: z.optional(z.string()),
});
/**
 * A parsed inbound email, as the service POSTs it to `InboundHookUrl`. Empty values are `""` or
 * `[]`, never missing; `RawEmail` is present only when the server has `RawEmailEnabled`.
 */
export interface InboundMessage extends z.infer<typeof InboundMessage> {}
