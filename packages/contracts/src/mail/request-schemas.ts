/**
 * The building blocks of the mail contract (colours, link tracking, hook URLs, the inbound domain)
 * and the schemas of every request's path, body and listing query. Request schemas are strict: a
 * field they do not know is refused by name.
 */
import * as z from 'zod/mini';
import { integer } from '../common';

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

/** The longest server name, in characters. */
export const MAX_SERVER_NAME_LENGTH = 255;
/**
 * The longest webhook URL, in characters. The service documents none; this is the length past
 * which common HTTP software stops taking a URL.
 */
export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** A webhook URL: http or https, or the empty string to remove the hook; at most 2048 characters. */
export const WebhookUrlSetting = z.string().check(
  z.maxLength(MAX_WEBHOOK_URL_LENGTH),
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

// ---- requests ----

/** The path of a server: its ID, a whole number from 1. */
export const ServerPath = z.strictObject({
  /** The server's ID, as the record's `ID` gives it. */
  serverId: integer(1),
});
/** The path of a server: its ID, a whole number from 1. */
export interface ServerPath extends z.infer<typeof ServerPath> {}

/** The most records a listing answers per page. */
export const MAX_PAGE_COUNT = 500;
/** Records per page when a listing is read without a `count`. */
export const DEFAULT_PAGE_COUNT = 100;

/**
 * The query of one page of a listing: `count` records (1 to 500) after skipping `offset`; any other
 * parameter is a filter of that listing, sent as given.
 */
export const ListQuery = z.looseObject({
  /** Records per page, 1 to 500. */
  count: z.optional(integer(1, MAX_PAGE_COUNT)),
  /** Records to skip, from 0. */
  offset: z.optional(integer(0)),
});

const hasSomeField = (value: object) => Object.values(value).some((v) => v !== undefined);

/**
 * The writable fields of a server; a PUT takes any subset of them, and at least one. Read-only
 * fields (ID, InboundHash, InboundAddress, ServerLink, DeliveryType) are refused by name.
 */
export const UpdateServerBody = z
  .strictObject({
    /** A new name, 1 to 255 characters. */
    Name: z.optional(z.string().check(z.minLength(1), z.maxLength(MAX_SERVER_NAME_LENGTH))),
    /** A new colour label. */
    Color: z.optional(ServerColor),
    /** Turns sending through SMTP on or off. */
    SmtpApiActivated: z.optional(z.boolean()),
    /** Turns `RawEmail` in inbound webhook payloads on or off. */
    RawEmailEnabled: z.optional(z.boolean()),
    /**
     * Where to POST parsed inbound messages (http or https; may carry Basic credentials as
     * `user:password@`), or empty to remove the hook.
     */
    InboundHookUrl: z.optional(WebhookUrlSetting),
    /** Where to POST bounce notifications, or empty to remove the hook. */
    BounceHookUrl: z.optional(WebhookUrlSetting),
    /** Where to POST open notifications, or empty to remove the hook. */
    OpenHookUrl: z.optional(WebhookUrlSetting),
    /** Where to POST delivery notifications, or empty to remove the hook. */
    DeliveryHookUrl: z.optional(WebhookUrlSetting),
    /** Where to POST link-click notifications, or empty to remove the hook. */
    ClickHookUrl: z.optional(WebhookUrlSetting),
    /** Call the open hook for the first open of a message only. */
    PostFirstOpenOnly: z.optional(z.boolean()),
    /** One domain for the inbound stream, or empty for the service's default domain. */
    InboundDomain: z.optional(InboundDomainSetting),
    /** Block inbound mail from this spam score: 0 (no blocking) to 30, in steps of 5. */
    InboundSpamThreshold: z.optional(InboundSpamThreshold),
    /** Track opens of sent messages. */
    TrackOpens: z.optional(z.boolean()),
    /** Which parts of sent messages get their links tracked. */
    TrackLinks: z.optional(TrackLinks),
    /** Include the bounced message's content in bounce notifications. */
    IncludeBounceContentInHook: z.optional(z.boolean()),
    /** Report SMTP API errors to the bounce hook. */
    EnableSmtpApiErrorHooks: z.optional(z.boolean()),
  })
  .check(
    z.refine(hasSomeField, {
      message: 'must change at least one server setting, such as Name, Color or InboundHookUrl',
      // A body whose only fields were refused already says what is wrong with it.
      when: (payload) => payload.issues.length === 0,
    }),
  );
/**
 * The writable fields of a server; a PUT takes any subset of them, and at least one. Read-only
 * fields (ID, InboundHash, InboundAddress, ServerLink, DeliveryType) are refused by name.
 */
export interface UpdateServerBody extends z.infer<typeof UpdateServerBody> {}
