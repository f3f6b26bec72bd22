/**
 * The identity management client (`IdmClient`), client credentials, scope helpers, errors and
 * types. The zod schemas themselves are in `@clientkit/idm-client/schemas`.
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
export type { MutatingMethod, MutationOptions } from './correlation';
export {
  type ClientCredentials,
  type ClientCredentialsOptions,
  clientCredentials,
  type TokenExchange,
} from './credentials';
export type { CheckpointListParams, ListFilters, OffsetListParams } from './pagination';
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
