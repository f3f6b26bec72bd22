/**
 * The wire contract of an interface as data, and the rules both sides of the wire apply: operation
 * declarations, pagination styles, secret marks on schemas, input checks with messages that name
 * the field, and redaction; and `clientCredentials`, which the reference server hands out with its
 * development credentials. It loads zod and nothing of the transport, so that a contract and the
 * reference server can use it without ky.
 *
 * An internal entry of clientkit's packages, released together with them: no compatibility promise
 * holds for it outside them.
 *
 * @module
 */
export { base64 } from './auth/auth';
export {
  type ClientCredentials,
  type ClientCredentialsOptions,
  clientCredentials,
} from './auth/client-credentials';
export {
  type AnyOperation,
  type Contract,
  defineContract,
  type HttpMethod,
  type InputOf,
  type Operation,
  type PathParamNames,
  type PathParamsOf,
  type ResponseOf,
} from './contract/operation';
export type {
  ListingStrategy,
  PageParams,
  PageStrategy,
  Pagination,
} from './contract/pagination';
export { isSecret, secret } from './contract/secret';
export {
  checkpointPages,
  cursorPages,
  offsetPages,
  pageNumberPages,
  recordOffsetPages,
} from './pagination/styles';
export {
  isSecretHeader,
  REDACTED,
  redactHeaders,
  redactSecretFields,
  redactUrl,
} from './redaction/redact';
export { describeIssues, formatPath, validateInput, validateResponse } from './validation/validate';
