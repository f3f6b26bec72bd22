export { anyOf } from './any-of';
export { APIPromise, requestIdOf, resultOf, type WithResponse } from './api-promise';
export {
  type Auth,
  type BearerAuthOptions,
  base64,
  basicAuth,
  bearerAuth,
  headerAuth,
  type IssuedToken,
  type SecretSource,
  type TokenProvider,
  type TokenProviderOptions,
  tokenProvider,
} from './auth';
export {
  APIConnectionError,
  APIError,
  type APIErrorInit,
  APIResponseValidationError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  CheckpointExpiredError,
  ClientKitError,
  ConflictError,
  type ErrorBodyFields,
  type ErrorBodyMapper,
  GoneError,
  InternalServerError,
  makeAPIError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  retryAfterSeconds,
  UnprocessableEntityError,
  type ValidationIssue,
} from './errors';
export { paginateRaw, sendRaw } from './escape-hatches';
export { type Logger, type LogLevel, leveledLogger } from './logger';
export { checkOptionNames } from './options';
export { type CheckpointParams, checkpointPagination } from './pagination/checkpoint-pagination';
export { type CursorParams, cursorPagination } from './pagination/cursor-pagination';
export { type OffsetParams, offsetPagination } from './pagination/offset-pagination';
export { Page, PagePromise, type PageStrategy, paginate } from './pagination/page';
export { type PageNumberParams, pageNumberPagination } from './pagination/page-number-pagination';
export type { RawRequestInit } from './raw-request';
export { isSecretHeader, REDACTED, redactHeaders, redactSecretFields, redactUrl } from './redact';
export { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_MS, RETRYABLE_STATUSES, retryDelayMs } from './retry';
export {
  emailString,
  httpUrlString,
  integer,
  isoDateTimeString,
  jsonSchemaHint,
  numberBetween,
  oneOf,
  recordOf,
  urlString,
} from './schema-helpers';
export { serviceUrl } from './service-url';
export {
  type BodyLimit,
  CLIENT_OPTION_NAMES,
  type ClientOptions,
  createTransport,
  DEFAULT_TIMEOUT_MS,
  type HttpMethod,
  type ParsedRequestSpec,
  type QueryValue,
  type RequestOptions,
  type RequestSpec,
  type RetrySetting,
  type Transport,
  type TransportHooks,
  type TransportOptions,
} from './transport';
export { describeIssues, formatPath, validateInput, validateResponse } from './validation';
export { VERSION } from './version';
