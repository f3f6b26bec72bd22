/**
 * The usage metering client (`MeteringClient`), its event stream, errors and types. The zod
 * schemas themselves are in `@clientkit/metering-client/schemas`.
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
 * {@link @clientkit/core!index.ConflictError | ConflictError},
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
  type IdentifiedMeterEvent,
  MAX_EVENTS_PER_REQUEST,
  type MeterEvent,
  type MeterEventSession,
  type MeterEventStreamResponse,
  type MeteringErrorBody,
  type MeteringErrorType,
  SESSION_EXPIRED_CODE,
  SESSION_LIFETIME_MS,
} from '@clientkit/contracts/metering';
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
  ConflictError,
  type HttpMethod,
  InternalServerError,
  NotFoundError,
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
  DEFAULT_RENEW_BEFORE_EXPIRY_MS,
  DEFAULT_SERVICE_VERSION,
  MeteringClient,
  type MeteringClientOptions,
} from './client';
export { MeterEventStream, type MeterEventStreamStats } from './meter-event-stream';
export type { Events, SentMeterEvents } from './resources/events';
export type { Sessions } from './resources/sessions';
export { isSessionExpiredError } from './session';
export { MeterEventDeliveryError, MeterEventStreamClosedError } from './stream-errors';
export type { BatchErrorHandler, MeterEventStreamOptions } from './stream-options';
