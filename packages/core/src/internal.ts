/**
 * What clientkit's client packages build on and applications do not need: the client skeleton and
 * its door, the transport's senders, the helpers that check options, and the building blocks of a
 * fleet's coordination (shared tokens, pauses and throttles over a `CoordinationStore`), which
 * `@clientkit/core/coordination` puts together.
 *
 * An internal entry, released together with the client packages (they move in one version): no
 * compatibility promise holds for it outside them. Applications use `@clientkit/core` and their
 * client package.
 *
 * @module
 */
export { checkAuth, fixedHeadersOf } from './auth/auth';
export { isLongLivedSecret, refuseSecretInBrowser } from './auth/browser-secret';
export { secretOption } from './auth/secret-source';
export type { TokenSharing } from './auth/token-provider';
export { ClientBase, ListingClientBase } from './client/client-base';
export {
  type CallOptions,
  type CallTarget,
  ClientCore,
  type ClientDefinition,
  type Credentials,
  type GivenOptions,
} from './client/client-core';
export type { BodyLimit } from './client/request-body';
export { identityTag, keyOf } from './coordination/keys';
export { type InMemoryStoreOptions, inMemoryStore } from './coordination/memory-store';
export {
  type ResilientStore,
  type ResilientStoreOptions,
  resilientStore,
} from './coordination/resilient';
export { type Sealer, sealer } from './coordination/sealing';
export { pauseRequestedBy, type SharedPause, sharedPause } from './coordination/shared-pause';
export { type SharedTokenOptions, sharedToken } from './coordination/shared-token';
export { checkThrottleOptions, type Throttle, throttle } from './coordination/throttle';
export { type CallSite, callSite, withCallSite } from './errors/call-site';
export {
  CheckpointExpiredError,
  type ErrorBodyFields,
  type ErrorBodyMapper,
  makeAPIError,
} from './errors/errors';
export { scrubbedError } from './errors/scrubbed-error';
export type { CallLog, LoggedCall } from './observability/call-log';
export type { ClientEnvironment, EnvironmentCredentials } from './options/client-environment';
export type { AttemptGate } from './options/coordination';
export { CLIENT_OPTION_NAMES } from './options/options';
export { overriddenOptions } from './options/overrides';
export { checkOptionNames, checkOptions, type OptionRule } from './options/rules';
export { serviceUrl } from './options/service-url';
export { paginate } from './pagination/page';
export { inspectCustom } from './redaction/redact';
export type { SecretValues } from './redaction/secret-values';
export { requestIdOf } from './response/request-id';
export { type RetryPolicy, retryDelayMs, retryPolicy } from './retry/policy';
export { type AnswerStart, ConnectionFailure, ResponseTooLarge } from './transport/failure';
export type { Fleet, PreparedRequest } from './transport/prepared-request';
export {
  type AttemptRequest,
  announced,
  type ReceivedResponse,
  type Sender,
} from './transport/sender';
