/**
 * The wire contract of the inbound mail interface, as zod schemas: the server record, the changes a
 * PUT accepts, and the JSON message POSTed to the inbound webhook. The client checks its inputs with
 * them, the webhook receiver checks payloads with them, and the reference server validates requests
 * and builds payloads against the same ones. Response schemas are loose: fields added later pass.
 *
 * @module
 */
import { integer } from '@clientkit/core';
import * as z from 'zod/mini';

/** The colour label of a server in the server list. */
export const ServerColor = z.enum([
  'Purple',
  'Blue',
  'Turquoise',
  'Green',
  'Red',
  'Yellow',
  'Grey',
  'Orange',
]);
export type ServerColor = z.infer<typeof ServerColor>;

/** Which parts of sent messages get their links tracked. */
export const TrackLinks = z.enum(['None', 'HtmlAndText', 'HtmlOnly', 'TextOnly']);
export type TrackLinks = z.infer<typeof TrackLinks>;

/** The spam scores a server can block inbound mail at: 0 (no blocking) to 30, in steps of 5. */
export const InboundSpamThreshold = integer(0, 30).check(z.multipleOf(5));

function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** A webhook URL: http or https, or the empty string to remove the hook. */
export const WebhookUrlSetting = z
  .string()
  .check(
    z.refine(
      (value) => value === '' || isHttpUrl(value),
      'must be an http(s) URL, or empty to remove the hook',
    ),
  );

const hostnamePattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * The one domain of a server's inbound stream, such as `inbound.example.com`; the empty string
 * returns to the service's default inbound domain. A list of domains is refused: a server has one
 * inbound stream and that stream has one domain.
 */
export const InboundDomainSetting = z
  .string()
  .check(
    z.refine(
      (value) => value === '' || hostnamePattern.test(value),
      'must be one domain name such as inbound.example.com (an inbound stream has exactly one domain), or empty for the default domain',
    ),
  );

// ---- resources ----

/** A server record, as GET and PUT `/servers/{serverid}` answer it. */
export const Server = z.looseObject({
  ID: z.number(),
  Name: z.string(),
  /**
   * The server's API tokens, which send mail as this server: secrets. The client keeps them
   * readable here but shows them as `[redacted]` when the record is inspected or turned into JSON.
   */
  ApiTokens: z.array(z.string()),
  Color: z.string(),
  SmtpApiActivated: z.boolean(),
  RawEmailEnabled: z.boolean(),
  DeliveryType: z.string(),
  ServerLink: z.string(),
  InboundAddress: z.string(),
  InboundDomain: z.string(),
  InboundHash: z.string(),
  /** Shown without the password of any credentials it carries. */
  InboundHookUrl: z.string(),
  InboundSpamThreshold: z.number(),
  BounceHookUrl: z.string(),
  OpenHookUrl: z.string(),
  DeliveryHookUrl: z.string(),
  ClickHookUrl: z.string(),
  TrackOpens: z.boolean(),
  TrackLinks: z.string(),
  PostFirstOpenOnly: z.boolean(),
  IncludeBounceContentInHook: z.boolean(),
  EnableSmtpApiErrorHooks: z.boolean(),
});
export type Server = z.infer<typeof Server>;

/** The error body of the interface: a numeric code and a message. */
export const MailErrorBody = z.looseObject({ ErrorCode: z.number(), Message: z.string() });
export type MailErrorBody = z.infer<typeof MailErrorBody>;

// ---- requests ----

const hasSomeField = (value: object) => Object.values(value).some((v) => v !== undefined);

/**
 * The writable fields of a server; a PUT takes any subset of them, and at least one. Read-only
 * fields (ID, InboundHash, InboundAddress, ServerLink, DeliveryType) are refused by name.
 */
export const UpdateServerBody = z
  .strictObject({
    Name: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
    Color: z.optional(ServerColor),
    SmtpApiActivated: z.optional(z.boolean()),
    RawEmailEnabled: z.optional(z.boolean()),
    InboundHookUrl: z.optional(WebhookUrlSetting),
    BounceHookUrl: z.optional(WebhookUrlSetting),
    OpenHookUrl: z.optional(WebhookUrlSetting),
    DeliveryHookUrl: z.optional(WebhookUrlSetting),
    ClickHookUrl: z.optional(WebhookUrlSetting),
    PostFirstOpenOnly: z.optional(z.boolean()),
    InboundDomain: z.optional(InboundDomainSetting),
    InboundSpamThreshold: z.optional(InboundSpamThreshold),
    TrackOpens: z.optional(z.boolean()),
    TrackLinks: z.optional(TrackLinks),
    IncludeBounceContentInHook: z.optional(z.boolean()),
    EnableSmtpApiErrorHooks: z.optional(z.boolean()),
  })
  .check(
    z.refine(hasSomeField, {
      message: 'must change at least one server setting, such as Name, Color or InboundHookUrl',
      // A body whose only fields were refused already says what is wrong with it.
      when: (payload) => payload.issues.length === 0,
    }),
  );
export type UpdateServerBody = z.infer<typeof UpdateServerBody>;

// ---- the inbound webhook payload ----

function isBase64(value: string): boolean {
  return value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);
}

/** The number of bytes a base64 text decodes to. */
function base64ByteLength(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}

/** A sender or recipient: address, display name, and the mailbox hash of a plus-address of the server. */
export const InboundRecipient = z.looseObject({
  Email: z.string(),
  Name: z.string(),
  MailboxHash: z.string(),
});
export type InboundRecipient = z.infer<typeof InboundRecipient>;

/**
 * One header field of the message, in the order it appeared. After the message's own fields come
 * those of the service's spam check: `X-Spam-Checker-Version`, `X-Spam-Status` (`Yes` or `No`),
 * `X-Spam-Score` and `X-Spam-Tests`.
 */
export const InboundHeader = z.looseObject({ Name: z.string(), Value: z.string() });
export type InboundHeader = z.infer<typeof InboundHeader>;

/** One attachment; `Content` is base64 and `ContentLength` the size of the decoded bytes. */
export const InboundAttachment = z
  .looseObject({
    Name: z.string(),
    Content: z.string().check(z.refine(isBase64, 'must be base64')),
    ContentType: z.string(),
    ContentLength: integer(0),
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
export type InboundAttachment = z.infer<typeof InboundAttachment>;

/**
 * A parsed inbound email, as the service POSTs it to `InboundHookUrl`. Empty values are `""` or
 * `[]`, never missing; `RawEmail` is present only when the server has `RawEmailEnabled`.
 */
export const InboundMessage = z.looseObject({
  From: z.string(),
  FromName: z.string(),
  FromFull: InboundRecipient,
  To: z.string(),
  ToFull: z.array(InboundRecipient),
  Cc: z.string(),
  CcFull: z.array(InboundRecipient),
  Bcc: z.string(),
  BccFull: z.array(InboundRecipient),
  ReplyTo: z.string(),
  OriginalRecipient: z.string(),
  Subject: z.string(),
  /** The service's id of the message: the same on every delivery attempt, so deduplicate on it. */
  MessageID: z.string().check(z.minLength(1)),
  MessageStream: z.literal('inbound'),
  Date: z.string(),
  MailboxHash: z.string(),
  TextBody: z.string(),
  HtmlBody: z.string(),
  StrippedTextReply: z.string(),
  Tag: z.string(),
  Headers: z.array(InboundHeader),
  Attachments: z.array(InboundAttachment),
  RawEmail: z.optional(z.string()),
});
export type InboundMessage = z.infer<typeof InboundMessage>;
