/**
 * The documentation hosting client (`DocsClient`), its errors and the types of what it sends and
 * receives. The zod schemas themselves are in `@clientkit/docs-client/schemas`.
 *
 * @module
 */
export {
  APIConnectionError,
  APIError,
  APIPromise,
  APIResponseValidationError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ClientKitError,
  type ClientOptions,
  ConflictError,
  GoneError,
  InternalServerError,
  NotFoundError,
  Page,
  PagePromise,
  PermissionDeniedError,
  RateLimitError,
  type RequestOptions,
  RequestValidationError,
  type TokenProvider,
  tokenProvider,
  UnprocessableEntityError,
  type WithResponse,
} from '@clientkit/core';
export { DocsClient, type DocsClientOptions } from './client';
export type { Git } from './resources/git';
export type { Permissions } from './resources/permissions';
export type { Spaces } from './resources/spaces';
export type { CurrentUser, Users } from './resources/users';
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
} from './schemas';
