/**
 * The identity management client (`IdmClient`), client credentials, scope helpers, errors and
 * types. The zod schemas themselves are in `@clientkit/idm-client/schemas`.
 *
 * Every name of `@clientkit/core`'s public entry is re-exported, and documented there, so that one
 * import is enough: the errors ({@link @clientkit/core!index.APIError | APIError} and its
 * subclasses, {@link @clientkit/core!index.APIConnectionError | APIConnectionError}...),
 * {@link @clientkit/core!index.APIPromise | APIPromise}, {@link @clientkit/core!index.Page | Page}
 * and {@link @clientkit/core!index.PagePromise | PagePromise}, the auth helpers, and the types of
 * the options, hooks, logger and telemetry. Every client re-exports the same names; this one also
 * exports `clientCredentials` and `CheckpointExpiredError`, which only idm's conventions use.
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
export * from '@clientkit/core';
export {
  type ClientCredentials,
  type ClientCredentialsOptions,
  clientCredentials,
  type TokenExchange,
} from '@clientkit/core/contract';
export { CheckpointExpiredError } from '@clientkit/core/internal';
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
export { DEFAULT_TOKEN_LIFETIME_SECONDS } from './token-exchange';
