/**
 * The identity management client (`IdmClient`), client credentials, scope helpers, errors and
 * types. The zod schemas themselves are in `@clientkit/idm-client/schemas`.
 *
 * Re-exported from `@clientkit/core`, and documented there, so that one import is enough: the
 * errors {@link @clientkit/core!APIConnectionError}, {@link @clientkit/core!APIError},
 * {@link @clientkit/core!APIResponseValidationError}, {@link @clientkit/core!APITimeoutError},
 * {@link @clientkit/core!APIUserAbortError}, {@link @clientkit/core!AuthenticationError},
 * {@link @clientkit/core!BadRequestError}, {@link @clientkit/core!CheckpointExpiredError},
 * {@link @clientkit/core!ClientKitError}, {@link @clientkit/core!ConflictError},
 * {@link @clientkit/core!InternalServerError}, {@link @clientkit/core!NotFoundError},
 * {@link @clientkit/core!PayloadTooLargeError}, {@link @clientkit/core!PermissionDeniedError},
 * {@link @clientkit/core!RateLimitError}, {@link @clientkit/core!RequestValidationError},
 * {@link @clientkit/core!UnprocessableEntityError}; and {@link @clientkit/core!APIPromise},
 * {@link @clientkit/core!ClientOptions}, {@link @clientkit/core!Page},
 * {@link @clientkit/core!PagePromise}, {@link @clientkit/core!RequestOptions},
 * {@link @clientkit/core!TokenProvider}, {@link @clientkit/core!tokenProvider},
 * {@link @clientkit/core!WithResponse}.
 *
 * @module
 */
export {
  APIConnectionError,
  APIError,
  APIPromise,
  APIResponseValidationError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  CheckpointExpiredError,
  ClientKitError,
  type ClientOptions,
  ConflictError,
  InternalServerError,
  NotFoundError,
  Page,
  PagePromise,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  type RequestOptions,
  RequestValidationError,
  type TokenProvider,
  tokenProvider,
  UnprocessableEntityError,
  type WithResponse,
} from '@clientkit/core';
export { IdmClient, type IdmClientOptions, type IdmRequestInit, type OptionsFor } from './client';
export {
  type ClientCredentials,
  type ClientCredentialsOptions,
  clientCredentials,
  type TokenExchange,
} from './credentials';
export type { CheckpointListParams, ListFilters, OffsetListParams } from './pagination';
export type { MutatingMethod, MutationOptions } from './requester';
export type { Clients } from './resources/clients';
export type { Logs } from './resources/logs';
export {
  type AppType,
  CHECKPOINT_VALIDITY_MS,
  type CheckpointList,
  type Client,
  CORRELATION_ID_MAX_LENGTH,
  type CreateClientBody,
  defaultPageSize,
  type IdmErrorBody,
  type LogDetails,
  type LogEvent,
  MAX_PAGE_SIZE,
  MAX_PAYLOAD_BYTES,
  OFFSET_REACH,
  type OffsetList,
  type OffsetTotals,
  type Tenant,
  type TokenResponse,
  type UpdateClientBody,
} from './schemas';
export { requiredScope, scopesOf } from './scopes';
