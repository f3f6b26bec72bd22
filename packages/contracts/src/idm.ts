/**
 * The contract of the identity management interface: its operations (method, path, the schemas of
 * query, body and answer, both ways a listing pages), the scope each needs (`idmAccess`), the scope
 * rule of the management API, and the schemas of its requests. The idm client binds its methods to it and the
 * reference server mounts its handlers on it. The response schemas themselves are in
 * `@clientkit/contracts/idm/responses`.
 *
 * @module
 */
export { type IdmAuth, idmAccess } from './idm/access';
export { idm, idmFor, listingPages } from './idm/operations';
export * from './idm/request-schemas';
export type {
  CheckpointList,
  Client,
  IdmErrorBody,
  LogDetails,
  LogEvent,
  OAuthErrorBody,
  OAuthErrorCode,
  OffsetList,
  OffsetTotals,
  TokenResponse,
} from './idm/response-schemas';
export { type IdmAction, type IdmResource, type IdmScope, requiredScope } from './idm/scopes';
