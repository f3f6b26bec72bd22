/**
 * What every clientkit SDK shares: the errors, `APIPromise`, the paginators, the auth helpers, the
 * options and the client skeleton the five clients are built on. Applications usually import these
 * names from their client package, which re-exports them.
 *
 * @module
 */
export { type Answer, APIPromise, answerOf, requestIdOf, type WithResponse } from './api-promise';
export {
  type Auth,
  type BearerAuthOptions,
  base64,
  basicAuth,
  bearerAuth,
  checkAuth,
  headerAuth,
  type IssuedToken,
  type SecretSource,
  type TokenProvider,
  type TokenProviderOptions,
  tokenProvider,
} from './auth';
export { refuseSecretInBrowser } from './browser-secret';
export { ClientCore, type ClientDefinition, type GivenOptions, type Via } from './client-core';
export {
  type ClientCredentials,
  type ClientCredentialsOptions,
  clientCredentials,
  type TokenExchange,
  type TokenRequest,
} from './client-credentials';
export {
  type AnyOperation,
  type Contract,
  defineContract,
  type HttpMethod,
  type InputOf,
  type Operation,
  type Pagination,
  type PathParamNames,
  type PathParamsOf,
  type ResponseOf,
} from './contract';
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
  UnprocessableEntityError,
  type ValidationIssue,
} from './errors';
export type { RawRequestInit } from './escape-hatch';
export { type Logger, type LogLevel, leveledLogger } from './logger';
export type { CallLog } from './logging';
export type { OptionRule } from './option-rules';
export {
  CLIENT_OPTION_NAMES,
  type ClientOptions,
  checkOptionNames,
  type HookContext,
  type RequestOptions,
  type RetrySetting,
  secretOption,
  serviceUrl,
  type TransportHooks,
} from './options';
export { Page, PagePromise, type PageStrategy } from './pagination/page';
export {
  checkpointPages,
  cursorPages,
  type ListingStrategy,
  offsetPages,
  type PageParams,
  pageNumberPages,
  recordOffsetPages,
} from './pagination/styles';
export { isSecretHeader, REDACTED, redactHeaders, redactSecretFields, redactUrl } from './redact';
export type { QueryValue } from './request-url';
export type { CallInfo, CallTelemetry, Outcome, Telemetry } from './telemetry';
export type { BodyLimit } from './transport/body';
export {
  DEFAULT_MAX_RETRIES,
  MAX_RETRY_AFTER_MS,
  RETRYABLE_STATUSES,
  type RetryPolicy,
  retryDelayMs,
} from './transport/retry-policy';
export {
  type Call,
  type CallProgress,
  type CallSender,
  DEFAULT_TIMEOUT_MS,
  type OwnSend,
} from './transport/transport';
export {
  type Wire,
  type WireAnswer,
  type WireRequest,
  wireSender,
  wireTimeout,
} from './transport/wire-sender';
export { describeIssues, formatPath, validateInput, validateResponse } from './validation';
export { VERSION } from './version';
