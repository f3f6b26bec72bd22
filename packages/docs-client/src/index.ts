/**
 * The documentation hosting client (`DocsClient`), its errors and the types of what it sends and
 * receives. The zod schemas themselves are in `@clientkit/docs-client/schemas`.
 *
 * Re-exported from `@clientkit/core`, and documented there, so that one import is enough: the
 * errors {@link @clientkit/core!index.APIConnectionError | APIConnectionError},
 * {@link @clientkit/core!index.APIError | APIError},
 * {@link @clientkit/core!index.APIResponseParseError | APIResponseParseError},
 * {@link @clientkit/core!index.APIResponseValidationError | APIResponseValidationError},
 * {@link @clientkit/core!index.APITimeoutError | APITimeoutError},
 * {@link @clientkit/core!index.APIUserAbortError | APIUserAbortError},
 * {@link @clientkit/core!index.AuthenticationError | AuthenticationError},
 * {@link @clientkit/core!index.BadRequestError | BadRequestError},
 * {@link @clientkit/core!index.ClientKitError | ClientKitError},
 * {@link @clientkit/core!index.ConflictError | ConflictError},
 * {@link @clientkit/core!index.GoneError | GoneError},
 * {@link @clientkit/core!index.InternalServerError | InternalServerError},
 * {@link @clientkit/core!index.NotFoundError | NotFoundError},
 * {@link @clientkit/core!index.PermissionDeniedError | PermissionDeniedError},
 * {@link @clientkit/core!index.RateLimit | RateLimit},
 * {@link @clientkit/core!index.RateLimitError | RateLimitError},
 * {@link @clientkit/core!index.RequestValidationError | RequestValidationError},
 * {@link @clientkit/core!index.UnprocessableEntityError | UnprocessableEntityError}; and
 * {@link @clientkit/core!index.APIPromise | APIPromise},
 * {@link @clientkit/core!index.ClientOptions | ClientOptions}, {@link @clientkit/core!index.Page | Page},
 * {@link @clientkit/core!index.PagePromise | PagePromise},
 * {@link @clientkit/core!index.RequestOptions | RequestOptions},
 * {@link @clientkit/core!index.TokenProvider | TokenProvider},
 * {@link @clientkit/core!index.tokenProvider | tokenProvider},
 * {@link @clientkit/core!index.WithResponse | WithResponse}.
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
  APIResponseParseError,
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
  type RateLimit,
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
