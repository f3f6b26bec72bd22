/**
 * The documentation hosting client (`DocsClient`), its errors and the types of what it sends and
 * receives. The zod schemas themselves are in `@clientkit/docs-client/schemas`.
 *
 * Re-exported from `@clientkit/core`, and documented there, so that one import is enough: the
 * errors {@link @clientkit/core!APIConnectionError}, {@link @clientkit/core!APIError},
 * {@link @clientkit/core!APIResponseValidationError}, {@link @clientkit/core!APITimeoutError},
 * {@link @clientkit/core!APIUserAbortError}, {@link @clientkit/core!AuthenticationError},
 * {@link @clientkit/core!BadRequestError}, {@link @clientkit/core!ClientKitError},
 * {@link @clientkit/core!ConflictError}, {@link @clientkit/core!GoneError},
 * {@link @clientkit/core!InternalServerError}, {@link @clientkit/core!NotFoundError},
 * {@link @clientkit/core!PermissionDeniedError}, {@link @clientkit/core!RateLimitError},
 * {@link @clientkit/core!RequestValidationError}, {@link @clientkit/core!UnprocessableEntityError};
 * and {@link @clientkit/core!APIPromise}, {@link @clientkit/core!ClientOptions},
 * {@link @clientkit/core!Page}, {@link @clientkit/core!PagePromise},
 * {@link @clientkit/core!RequestOptions}, {@link @clientkit/core!TokenProvider},
 * {@link @clientkit/core!tokenProvider}, {@link @clientkit/core!WithResponse}.
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
