/**
 * The identity management client (`IdmClient`), client credentials, scope helpers, errors and
 * types. The zod schemas themselves are in `@clientkit/idm-client/schemas`.
 *
 * Re-exported from `@clientkit/core`, and documented there, so that one import is enough: the
 * errors {@link @clientkit/core!APIConnectionError | APIConnectionError},
 * {@link @clientkit/core!APIError | APIError},
 * {@link @clientkit/core!APIResponseValidationError | APIResponseValidationError},
 * {@link @clientkit/core!APITimeoutError | APITimeoutError},
 * {@link @clientkit/core!APIUserAbortError | APIUserAbortError},
 * {@link @clientkit/core!AuthenticationError | AuthenticationError},
 * {@link @clientkit/core!BadRequestError | BadRequestError},
 * {@link @clientkit/core!CheckpointExpiredError | CheckpointExpiredError},
 * {@link @clientkit/core!clientCredentials | clientCredentials},
 * {@link @clientkit/core!ClientKitError | ClientKitError},
 * {@link @clientkit/core!ConflictError | ConflictError},
 * {@link @clientkit/core!InternalServerError | InternalServerError},
 * {@link @clientkit/core!NotFoundError | NotFoundError},
 * {@link @clientkit/core!PayloadTooLargeError | PayloadTooLargeError},
 * {@link @clientkit/core!PermissionDeniedError | PermissionDeniedError},
 * {@link @clientkit/core!RateLimitError | RateLimitError},
 * {@link @clientkit/core!RequestValidationError | RequestValidationError},
 * {@link @clientkit/core!UnprocessableEntityError | UnprocessableEntityError}; and
 * {@link @clientkit/core!APIPromise | APIPromise},
 * {@link @clientkit/core!ClientOptions | ClientOptions}, {@link @clientkit/core!Page | Page},
 * {@link @clientkit/core!PagePromise | PagePromise},
 * {@link @clientkit/core!RequestOptions | RequestOptions},
 * {@link @clientkit/core!TokenProvider | TokenProvider},
 * {@link @clientkit/core!tokenProvider | tokenProvider},
 * {@link @clientkit/core!WithResponse | WithResponse}.
 *
 * @module
 */

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
  type OAuthErrorBody,
  OFFSET_REACH,
  type OffsetList,
  type OffsetTotals,
  type Tenant,
  type TokenResponse,
  type UpdateClientBody,
} from '@clientkit/contracts/idm';
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
  type ClientCredentials,
  type ClientCredentialsOptions,
  ClientKitError,
  type ClientOptions,
  ConflictError,
  clientCredentials,
  InternalServerError,
  NotFoundError,
  Page,
  PagePromise,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  type RequestOptions,
  RequestValidationError,
  type TokenExchange,
  type TokenProvider,
  tokenProvider,
  UnprocessableEntityError,
  type WithResponse,
} from '@clientkit/core';
export {
  IdmClient,
  type IdmClientBaseOptions,
  type IdmClientOptions,
  type IdmCredentialsOptions,
  type IdmRequestInit,
  type IdmTokenOptions,
  type OptionsFor,
} from './client';
export type { MutatingMethod, MutationOptions } from './correlation';
export type { CheckpointListParams, ListFilters, OffsetListParams } from './listing';
export type { Clients } from './resources/clients';
export type { Logs } from './resources/logs';
