/**
 * The wire contract of the identity management interface as zod schemas, from
 * `@clientkit/contracts/idm`. The client checks its inputs with them and the reference server
 * validates requests with the same ones. Request schemas are strict: a field they do not know is
 * refused by name, so a misspelt one is never dropped silently (`extraBody` and `extraQuery` send
 * what the schemas do not know yet). Response schemas type the fields they declare and let the
 * ones the interface adds later through.
 *
 * @module
 */
export * from '@clientkit/contracts/idm';
export * from '@clientkit/contracts/idm/responses';
// The records are schemas and types of one name: these come from the response schemas, where the
// schemas are (the contract's entry has their types only).
export {
  Client,
  IdmErrorBody,
  LogDetails,
  LogEvent,
  OAuthErrorBody,
  OAuthErrorCode,
  OffsetTotals,
  TokenResponse,
} from '@clientkit/contracts/idm/responses';
