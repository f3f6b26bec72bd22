/**
 * The documentation hosting client (`DocsClient`), its errors and the types of what it sends and
 * receives. The zod schemas themselves are in `@clientkit/docs-client/schemas`.
 *
 * Every name of `@clientkit/core`'s public entry is re-exported, and documented there, so that one
 * import is enough: the errors ({@link @clientkit/core!index.APIError | APIError} and its
 * subclasses, {@link @clientkit/core!index.APIConnectionError | APIConnectionError}...),
 * {@link @clientkit/core!index.APIPromise | APIPromise}, {@link @clientkit/core!index.Page | Page}
 * and {@link @clientkit/core!index.PagePromise | PagePromise}, the auth helpers, and the types of
 * the options, hooks, logger and telemetry. Every client re-exports the same names.
 *
 * @module
 */

export type {
  APITemporaryToken,
  ApiInformation,
  ContentPointer,
  ContentPosition,
  DefaultLevel,
  Embed,
  ExportToGitRepository,
  GitSyncOperation,
  GitSyncState,
  ImportGitRepository,
  InviteUsersAndTeams,
  List,
  MemberRole,
  MemberRoleOrGuest,
  MergeRule,
  MergeRules,
  MoveSpaceBody,
  SearchPageResult,
  SearchSection,
  Space,
  SpaceEditMode,
  TeamPermission,
  UpdateSpaceBody,
  UpdateUserBody,
  User,
  UserContentPermission,
} from '@clientkit/contracts/docs';
export * from '@clientkit/core';
export { DocsClient, type DocsClientOptions, type ListParams } from './client';
export type { Git } from './resources/git';
export type { Permissions } from './resources/permissions';
export type { Spaces } from './resources/spaces';
export type { CurrentUser, Users } from './resources/users';
