/**
 * The wire contract of an interface as data, and the rules both sides of the wire apply: operation
 * declarations, pagination styles, secret marks on schemas, input checks with messages that name
 * the field, and redaction. It loads zod and nothing of the transport, so that a contract and the
 * reference server can use it without ky.
 *
 * An internal entry of clientkit's packages, released together with them: no compatibility promise
 * holds for it outside them.
 *
 * @module
 */
export { base64 } from './auth/auth';
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
export { isSecret, secret } from './contract/secret';
export {
  isSecretHeader,
  REDACTED,
  redactHeaders,
  redactSecretFields,
  redactUrl,
} from './observability/redact';
export type { PageStrategy } from './pagination/page';
export {
  checkpointPages,
  cursorPages,
  type ListingStrategy,
  offsetPages,
  type PageParams,
  type Pagination,
  pageNumberPages,
  recordOffsetPages,
} from './pagination/styles';
export { describeIssues, formatPath, validateInput, validateResponse } from './validation/validate';
