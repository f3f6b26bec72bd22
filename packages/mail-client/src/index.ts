/**
 * The inbound mail server client (`MailClient`), address and hook URL helpers, errors and types.
 * The webhook receiver is in `@clientkit/mail-client/webhook` (and `/node`), the zod schemas in
 * `@clientkit/mail-client/schemas`.
 *
 * Re-exported from `@clientkit/core`, and documented there, so that one import is enough: the
 * errors {@link @clientkit/core!APIConnectionError | APIConnectionError},
 * {@link @clientkit/core!APIError | APIError},
 * {@link @clientkit/core!APIResponseValidationError | APIResponseValidationError},
 * {@link @clientkit/core!APITimeoutError | APITimeoutError},
 * {@link @clientkit/core!APIUserAbortError | APIUserAbortError},
 * {@link @clientkit/core!AuthenticationError | AuthenticationError},
 * {@link @clientkit/core!BadRequestError | BadRequestError},
 * {@link @clientkit/core!ClientKitError | ClientKitError},
 * {@link @clientkit/core!InternalServerError | InternalServerError},
 * {@link @clientkit/core!NotFoundError | NotFoundError},
 * {@link @clientkit/core!PermissionDeniedError | PermissionDeniedError},
 * {@link @clientkit/core!RateLimitError | RateLimitError},
 * {@link @clientkit/core!RequestValidationError | RequestValidationError},
 * {@link @clientkit/core!UnprocessableEntityError | UnprocessableEntityError}; and
 * {@link @clientkit/core!APIPromise | APIPromise},
 * {@link @clientkit/core!ClientOptions | ClientOptions},
 * {@link @clientkit/core!RequestOptions | RequestOptions},
 * {@link @clientkit/core!WithResponse | WithResponse}.
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
export {
  APIConnectionError,
  APIError,
  APIPromise,
  APIResponseValidationError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ClientKitError,
  type ClientOptions,
  type HttpMethod,
  InternalServerError,
  NotFoundError,
  Page,
  PagePromise,
  PermissionDeniedError,
  RateLimitError,
  type RawRequestInit,
  type RequestOptions,
  RequestValidationError,
  type RetrySetting,
  type TransportHooks,
  UnprocessableEntityError,
  type WithResponse,
} from '@clientkit/core';
export {
  MailClient,
  type MailClientOptions,
  type MailList,
  type MailListParams,
} from './client';
export { type InboundAddressSource, inboundAddress } from './inbound-address';
export type { Servers } from './resources/servers';
export { type WebhookCredentials, webhookUrl } from './webhook-url';
