/**
 * The identity management client (`IdmClient`), client credentials, scope helpers, errors and
 * types. The zod schemas themselves are in `@clientkit/idm-client/schemas`.
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
 * {@link @clientkit/core!index.CheckpointExpiredError | CheckpointExpiredError},
 * {@link @clientkit/core!index.clientCredentials | clientCredentials},
 * {@link @clientkit/core!index.ClientKitError | ClientKitError},
 * {@link @clientkit/core!index.ConflictError | ConflictError},
 * {@link @clientkit/core!index.InternalServerError | InternalServerError},
 * {@link @clientkit/core!index.NotFoundError | NotFoundError},
 * {@link @clientkit/core!index.PayloadTooLargeError | PayloadTooLargeError},
 * {@link @clientkit/core!index.PermissionDeniedError | PermissionDeniedError},
 * {@link @clientkit/core!index.RateLimit | RateLimit},
 * {@link @clientkit/core!index.RateLimitError | RateLimitError},
 * {@link @clientkit/core!index.RequestValidationError | RequestValidationError},
 * {@link @clientkit/core!index.UnprocessableEntityError | UnprocessableEntityError}; and
 * {@link @clientkit/core!index.APIPromise | APIPromise},
 * {@link @clientkit/core!index.ClientOptions | ClientOptions}, {@link @clientkit/core!index.Page | Page},
 * {@link @clientkit/core!index.PagePromise | PagePromise},
 * {@link @clientkit/core!index.RequestOptions | RequestOptions},
 * {@link @clientkit/core!index.TokenProvider | TokenProvider},
 * {@link @clientkit/core!index.tokenProvider | tokenProvider},
 * {@link @clientkit/core!index.WithResponse | WithResponse}.
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
  APIResponseParseError,
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
  type RateLimit,
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
