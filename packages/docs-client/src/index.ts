/**
 * The documentation hosting client (`DocsClient`), its errors and the types of what it sends and
 * receives. The zod schemas themselves are in `@clientkit/docs-client/schemas`.
 *
 * Re-exported from `@clientkit/core`, and documented there, so that one import is enough: the
 * errors {@link @clientkit/core!APIConnectionError | APIConnectionError},
 * {@link @clientkit/core!APIError | APIError},
 * {@link @clientkit/core!APIResponseValidationError | APIResponseValidationError},
 * {@link @clientkit/core!APITimeoutError | APITimeoutError},
 * {@link @clientkit/core!APIUserAbortError | APIUserAbortError},
 * {@link @clientkit/core!AuthenticationError | AuthenticationError},
 * {@link @clientkit/core!BadRequestError | BadRequestError},
 * {@link @clientkit/core!ClientKitError | ClientKitError},
 * {@link @clientkit/core!ConflictError | ConflictError},
 * {@link @clientkit/core!GoneError | GoneError},
 * {@link @clientkit/core!InternalServerError | InternalServerError},
 * {@link @clientkit/core!NotFoundError | NotFoundError},
 * {@link @clientkit/core!PermissionDeniedError | PermissionDeniedError},
 * {@link @clientkit/core!RateLimitError | RateLimitError},
 * {@link @clientkit/core!RequestValidationError | RequestValidationError},
 * {@link @clientkit/core!UnprocessableEntityError | UnprocessableEntityError}; and
 * {@link @clientkit/core!APIPromise | APIPromise},
 * {@link @clientkit/core!ClientOptions | ClientOptions}, {@link @clientkit/core!Page | Page},
 * {@link @clientkit/core!PagePromise | PagePromise},
 * {@link @clientkit/core!RequestOptions | RequestOptions},
 * {@link @clientkit/core!TokenProvider | TokenProvider},
 * {@link @clientkit/core!tokenProvider | tokenProvider},
 * {@link @clientkit/core!WithResponse | WithResponse}.
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
export { DocsClient, type DocsClientOptions, type ListParams } from './client';
export type { Git } from './resources/git';
export type { Permissions } from './resources/permissions';
export type { Spaces } from './resources/spaces';
export type { CurrentUser, Users } from './resources/users';
