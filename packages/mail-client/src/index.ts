/**
 * The inbound mail server client (`MailClient`), address and hook URL helpers, errors and types.
 * The webhook receiver is in `@clientkit/mail-client/webhook` (and `/node`), the zod schemas in
 * `@clientkit/mail-client/schemas`.
 *
 * Re-exported from `@clientkit/core`, and documented there, so that one import is enough: the
 * errors {@link @clientkit/core!index.APIConnectionError | APIConnectionError},
 * {@link @clientkit/core!index.APIError | APIError},
 * {@link @clientkit/core!index.APIResponseParseError | APIResponseParseError},
 * {@link @clientkit/core!index.APIResponseValidationError | APIResponseValidationError},
 * {@link @clientkit/core!index.APITimeoutError | APITimeoutError},
 * {@link @clientkit/core!index.APIUserAbortError | APIUserAbortError},
 * {@link @clientkit/core!index.AuthenticationError | AuthenticationError},
 * {@link @clientkit/core!index.BadRequestError | BadRequestError},
 * {@link @clientkit/core!index.ClientKitError | ClientKitError},
 * {@link @clientkit/core!index.InternalServerError | InternalServerError},
 * {@link @clientkit/core!index.NotFoundError | NotFoundError},
 * {@link @clientkit/core!index.PermissionDeniedError | PermissionDeniedError},
 * {@link @clientkit/core!index.RateLimit | RateLimit},
 * {@link @clientkit/core!index.RateLimitError | RateLimitError},
 * {@link @clientkit/core!index.RequestValidationError | RequestValidationError},
 * {@link @clientkit/core!index.UnprocessableEntityError | UnprocessableEntityError}; and
 * {@link @clientkit/core!index.APIPromise | APIPromise},
 * {@link @clientkit/core!index.ClientOptions | ClientOptions},
 * {@link @clientkit/core!index.RequestOptions | RequestOptions},
 * {@link @clientkit/core!index.WithResponse | WithResponse}.
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
  APIResponseParseError,
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
  type RateLimit,
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
