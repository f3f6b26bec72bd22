/**
 * The inbound mail server client (`MailClient`), address and hook URL helpers, errors and types.
 * The webhook receiver is in `@clientkit/mail-client/webhook` (and `/node`), the zod schemas in
 * `@clientkit/mail-client/schemas`.
 *
 * Every name of `@clientkit/core`'s public entry is re-exported, and documented there, so that one
 * import is enough: the errors ({@link @clientkit/core!index.APIError | APIError} and its
 * subclasses, {@link @clientkit/core!index.APIConnectionError | APIConnectionError}...),
 * {@link @clientkit/core!index.APIPromise | APIPromise}, {@link @clientkit/core!index.Page | Page}
 * and {@link @clientkit/core!index.PagePromise | PagePromise}, the auth helpers, and the types of
 * the options, hooks, logger and telemetry. Every client re-exports the same names.
 *
 * @module
 */
export {
  DEFAULT_PAGE_COUNT,
  type InboundAttachment,
  type InboundHeader,
  type InboundMessage,
  type InboundRecipient,
  MAX_PAGE_COUNT,
  type Server,
  type ServerColor,
  type TrackLinks,
  type UpdateServerBody,
} from '@clientkit/contracts/mail';
export * from '@clientkit/core';
export {
  MailClient,
  type MailClientOptions,
  type MailList,
  type MailListParams,
} from './client';
export { type InboundAddressSource, inboundAddress } from './inbound-address';
export type { Servers } from './resources/servers';
export { type WebhookCredentials, webhookUrl } from './webhook-url';
