/**
 * The receiving side of the inbound webhook, for any runtime with the Fetch API: parse and check a
 * payload, or mount a ready handler that also checks the Basic credentials.
 *
 * @module
 */
export type {
  InboundAttachment,
  InboundHeader,
  InboundMessage,
  InboundRecipient,
} from '@clientkit/contracts/mail';
export { constantTimeEqual } from './basic-credentials';
export { MalformedInboundMessageError, parseInboundMessage } from './inbound-message';
export { DEFAULT_MAX_WEBHOOK_BODY_BYTES } from './limited-body';
export {
  createInboundWebhookHandler,
  type InboundWebhookHandler,
  type InboundWebhookOptions,
  RejectMessage,
} from './webhook-handler';
export { INBOUND_PAYLOAD_LIMITS } from './webhook-payload-limits';
export type { WebhookCredentials } from './webhook-url';
