/**
 * The contract of the documentation hosting interface: its operations (method, path, the schemas
 * of path, query, body and answer, how lists page), who may call each (`docsAccess`, and the
 * schemes and scopes it speaks of: `docsSchemes`, `docsScopes`) and the schemas of its requests.
 * The docs client binds its methods to it and the reference server mounts its handlers on it.
 * The response schemas themselves are in `@clientkit/contracts/docs/responses`.
 *
 * @module
 */
export {
  type DocsAccess,
  type DocsScheme,
  type DocsScope,
  docsAccess,
  docsSchemes,
  docsScopes,
} from './docs/access';
export { docs } from './docs/operations';
export * from './docs/request-schemas';
export type {
  APITemporaryToken,
  ApiInformation,
  DocsErrorBody,
  Embed,
  GitSyncOperation,
  GitSyncState,
  List,
  OrganizationTeam,
  SearchPageResult,
  SearchSection,
  Space,
  SpacePermissions,
  TeamPermission,
  User,
  UserContentPermission,
} from './docs/response-schemas';
