/**
 * What applications use of clientkit beyond their client: the errors, `APIPromise`, the pages of
 * listings, the auth helpers, and the types of the options every client takes (`Coordination`
 * among them, with `CoordinationStore`, what a shared store must offer). Applications usually
 * import these names from their client package, which re-exports them.
 *
 * @module
 */
export { type Auth, type BearerAuthOptions, basicAuth, bearerAuth, headerAuth } from './auth/auth';
export type { SecretSource } from './auth/secret-source';
export {
  type IssuedToken,
  type TokenProvider,
  type TokenProviderOptions,
  tokenProvider,
} from './auth/token-provider';
export type { RawRequestInit } from './client/escape-hatch';
export type { QueryValue } from './client/request-url';
export type { HttpMethod } from './contract/operation';
export type { CoordinationStore } from './coordination/store';
export {
  APIConnectionError,
  APIError,
  type APIErrorInit,
  APIResponseParseError,
  APIResponseTooLargeError,
  APIResponseValidationError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ClientKitError,
  type ClientKitErrorJSON,
  ConflictError,
  type ConnectionErrorDetails,
  GoneError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  RequestValidationError,
  type ResponseParseInit,
  type ResponseTooLargeInit,
  UnprocessableEntityError,
  type ValidationIssue,
} from './errors/errors';
export type { Logger, LogLevel } from './observability/logger';
export type { CallInfo, CallTelemetry, Outcome, Telemetry } from './observability/telemetry';
export type {
  AttemptAnswer,
  AttemptEnd,
  Coordination,
  FleetAttempt,
  FleetLog,
  SharedTokenRequest,
  ThrottleOptions,
} from './options/coordination';
export {
  type AfterResponseHook,
  type BeforeErrorHook,
  type BeforeRequestHook,
  type BeforeRetryHook,
  type ForcedRetryRequest,
  forceRetry,
  type HookContext,
  type HookOptions,
  type HookState,
  type HTTPErrorLike,
  stopRetrying,
  type TransportHooks,
} from './options/hooks';
export {
  type ClientOptions,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type RequestOptions,
  type RetryOptions,
  type RetrySetting,
  type ShouldRetryState,
} from './options/options';
export { Page, PagePromise } from './pagination/page';
export { REDACTED } from './redaction/redact';
export { APIPromise, type CallResult, type WithResponse } from './response/api-promise';
export type { RateLimit } from './response/rate-limit';
export { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_MS, RETRYABLE_STATUSES } from './retry/policy';
export { VERSION } from './version';
