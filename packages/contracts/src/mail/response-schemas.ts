/**
 * The schemas of the interface's answers: the server record and the error body, which type
 * what the client resolves with and which `validateResponses` checks answers against. Response
 * schemas are loose: fields
 * added later pass.
 */
import * as z from 'zod/mini';
import { record } from '../common';

/** The error body of the interface: a numeric code and a message. */
export const MailErrorBody = record({
  /** The interface's numeric error code, such as 10 for a bad account token; 0 names no error. */
  ErrorCode: z.number(),
  /** What went wrong, for people. */
  Message: z.string(),
});
/** The error body of the interface: a numeric code and a message. */
export interface MailErrorBody extends z.infer<typeof MailErrorBody> {}

// ---- resources ----

/** A server record, as GET and PUT `/servers/{serverId}` answer it. */
export const Server = record({
  /** The server's ID, used in `/servers/{serverId}`. */
  ID: z.number(),
  /** The server's name. */
  Name: z.string(),
  /**
   * The server's API tokens, which send mail as this server: secrets. The client keeps them
   * readable here but shows them as `[redacted]` when the record is inspected or turned into JSON.
   */
  ApiTokens: z.array(z.string()),
  /** The colour label shown in the server list, such as `Blue`. */
  Color: z.string(),
  /** Whether the server accepts mail sent through SMTP. */
  SmtpApiActivated: z.boolean(),
  /** Whether inbound webhook payloads include the full raw message as `RawEmail`. */
  RawEmailEnabled: z.boolean(),
  /** `Live` or `Sandbox`; read-only. */
  DeliveryType: z.string(),
  /** The server's page in the service's web app; read-only. */
  ServerLink: z.string(),
  /**
   * The address that receives mail for this server: `<InboundHash>@<inbound domain>`; read-only.
   */
  InboundAddress: z.string(),
  /** The domain of the server's one inbound stream; empty for the service's default domain. */
  InboundDomain: z.string(),
  /**
   * Identifies the inbound mailbox: mail to `<InboundHash>@<inbound domain>` (or with
   * `+<MailboxHash>`) is parsed by this server; read-only.
   */
  InboundHash: z.string(),
  /** Shown without the password of any credentials it carries. */
  InboundHookUrl: z.string(),
  /** The spam score from which inbound mail is blocked: 0 (no blocking) to 30, in steps of 5. */
  InboundSpamThreshold: z.number(),
  /** Where bounce notifications are POSTed; empty for none. */
  BounceHookUrl: z.string(),
  /** Where open-tracking notifications are POSTed; empty for none. */
  OpenHookUrl: z.string(),
  /** Where delivery notifications are POSTed; empty for none. */
  DeliveryHookUrl: z.string(),
  /** Where link-click notifications are POSTed; empty for none. */
  ClickHookUrl: z.string(),
  /** Whether opens of sent messages are tracked. */
  TrackOpens: z.boolean(),
  /**
   * Which parts of sent messages get their links tracked: `None`, `HtmlAndText`, `HtmlOnly` or
   * `TextOnly`.
   */
  TrackLinks: z.string(),
  /** Whether the open hook is called for the first open of a message only. */
  PostFirstOpenOnly: z.boolean(),
  /** Whether bounce notifications carry the bounced message's content. */
  IncludeBounceContentInHook: z.boolean(),
  /** Whether SMTP API errors are reported to the bounce hook. */
  EnableSmtpApiErrorHooks: z.boolean(),
});
/** A server record, as GET and PUT `/servers/{serverId}` answer it. */
export interface Server extends z.infer<typeof Server> {}
