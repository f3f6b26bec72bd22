/**
 * The wire contract of the documentation hosting interface as zod schemas, from
 * `@clientkit/contracts/docs`. The client checks its inputs with them and the reference server
 * validates requests with the same ones. Request schemas are strict: a field they do not know is
 * refused by name, so a misspelt one is never dropped silently (`extraBody` and `extraQuery` send
 * what the schemas do not know yet). Response schemas type the fields they declare and let the
 * ones the interface adds later through.
 *
 * @module
 */
export * from '@clientkit/contracts/docs';
// Named one by one: the contract's entry exports the same names as types only, and a name two
// `export *` give is ambiguous, where a name exported here is the schema itself.
export {
  APITemporaryToken,
  ApiInformation,
  DocsErrorBody,
  Embed,
  GitSyncOperation,
  GitSyncState,
  listOf,
  OrganizationTeam,
  SearchPageResult,
  SearchResultList,
  SearchSection,
  Space,
  SpacePermissions,
  TeamPermission,
  TeamPermissionList,
  User,
  UserContentPermission,
  UserPermissionList,
} from '@clientkit/contracts/docs/responses';
