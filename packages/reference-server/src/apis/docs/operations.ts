import {
  APITemporaryToken,
  ApiInformation,
  Embed,
  EmbedQuery,
  ExportToGitRepository,
  GetSpaceQuery,
  GitSyncState,
  ImportGitRepository,
  InviteUsersAndTeams,
  ListQuery,
  MoveSpaceBody,
  SearchQuery,
  SearchResultList,
  Space,
  TeamPermissionList,
  UpdatePermissionBody,
  UpdateSpaceBody,
  UpdateUserBody,
  User,
  UserPermissionList,
} from '@clientkit/docs-client/schemas';
import type { $ZodType } from 'zod/v4/core';
import type { HttpMethod, Operation } from '../../operations';
import type { Alternative, DocsScope } from './security';

/** One operation of the docs interface; its auth lists the alternatives, any one of which will do. */
export type DocsOperation = Operation<Alternative[]>;

const U: Alternative = 'user';
const I: Alternative = 'integration';
const II: Alternative = 'integration-installation';
const UI: Alternative = 'user-internal';
const O = (scope: DocsScope): Alternative => `oauth:${scope}`;
const GLOBAL: Alternative[] = [U, UI, 'user-staff', I, II];

const OK = { 200: 'OK' };
const CHANGED = { 205: 'Changed', 204: 'Nothing to change' };
const ACCEPTED = { 204: 'Done; no body' };

function op(
  id: string,
  method: HttpMethod,
  path: string,
  summary: string,
  auth: Alternative[],
  answer: { response?: $ZodType; success: Record<number, string>; errors?: Record<number, string> },
  request: { query?: $ZodType; body?: $ZodType } = {},
): DocsOperation {
  return { id, methods: [method], path, summary, auth, ...answer, ...request };
}

/** Every operation of the docs interface, in the order of the specification's endpoint table. */
export const docsOperations: DocsOperation[] = [
  op('getApiInformation', 'GET', '/', 'The release and build date', GLOBAL, {
    response: ApiInformation,
    success: OK,
  }),
  op('getAuthenticatedUser', 'GET', '/user', "The token's user", [U, O('user:read')], {
    response: User,
    success: OK,
    errors: { 404: 'The token acts for no user' },
  }),
  op(
    'createUserNotificationsToken',
    'POST',
    '/user/notifications/token',
    'A short-lived token for the notifications client',
    [UI],
    { response: APITemporaryToken, success: OK },
  ),
  op('getUserById', 'GET', '/users/{userId}', 'A user', [U], {
    response: User,
    success: OK,
    errors: { 404: 'No such user' },
  }),
  op(
    'updateUserById',
    'PATCH',
    '/users/{userId}',
    "Change the token's own user",
    [U],
    { response: User, success: OK, errors: { 404: 'No such user' } },
    { body: UpdateUserBody },
  ),
  op(
    'getSpaceById',
    'GET',
    '/spaces/{spaceId}',
    'A space',
    [U, I, II, O('space:read')],
    { response: Space, success: OK, errors: { 404: 'No such space' } },
    { query: GetSpaceQuery },
  ),
  op(
    'updateSpaceById',
    'PATCH',
    '/spaces/{spaceId}',
    'Change a space',
    [U, O('space:write')],
    { response: Space, success: OK, errors: { 404: 'No such space' } },
    { body: UpdateSpaceBody },
  ),
  op(
    'deleteSpaceById',
    'DELETE',
    '/spaces/{spaceId}',
    'Move a space to the trash',
    [U, O('space:write')],
    {
      success: { 205: 'The space was deleted', 204: 'The space did not exist' },
    },
  ),
  op(
    'duplicateSpace',
    'POST',
    '/spaces/{spaceId}/duplicate',
    'Copy a space',
    [U, O('space:write')],
    {
      response: Space,
      success: { 201: 'The copy; Location holds its API URL' },
      errors: { 404: 'No such space' },
    },
  ),
  op(
    'restoreSpace',
    'POST',
    '/spaces/{spaceId}/restore',
    'Bring a space back from the trash',
    [U, O('space:write')],
    {
      response: Space,
      success: OK,
      errors: { 404: 'No such space, or deleted more than 7 days ago' },
    },
  ),
  op(
    'moveSpace',
    'POST',
    '/spaces/{spaceId}/move',
    'Move a space to another collection or position',
    [U, O('space:write')],
    {
      response: Space,
      success: OK,
      errors: {
        400: 'Invalid position, space or collection',
        404: 'No such space',
        409: 'The move would change nothing',
      },
    },
    { body: MoveSpaceBody },
  ),
  op(
    'getEmbedByUrlInSpace',
    'GET',
    '/spaces/{spaceId}/embed',
    'How a URL is embedded',
    [U, O('space:read')],
    { response: Embed, success: OK, errors: { 404: 'No such space' } },
    { query: EmbedQuery },
  ),
  op(
    'searchSpaceContent',
    'GET',
    '/spaces/{spaceId}/search',
    "Search a space's published pages",
    [U, O('space:read')],
    { response: SearchResultList, success: OK, errors: { 404: 'No such space' } },
    { query: SearchQuery },
  ),
  op(
    'importGitRepository',
    'POST',
    '/spaces/{spaceId}/git/import',
    'Start importing from a Git repository',
    [U, I, II, O('space:write')],
    { success: ACCEPTED, errors: { 404: 'No such space, or no Git provider' } },
    { body: ImportGitRepository },
  ),
  op(
    'exportToGitRepository',
    'POST',
    '/spaces/{spaceId}/git/export',
    'Start exporting to a Git repository',
    [U, I, II, O('space:write')],
    { success: ACCEPTED, errors: { 404: 'No such space, or no Git provider' } },
    { body: ExportToGitRepository },
  ),
  op(
    'getSpaceGitInfo',
    'GET',
    '/spaces/{spaceId}/git/info',
    "A space's Git sync state",
    [U, O('space:read')],
    {
      response: GitSyncState,
      success: OK,
      errors: { 404: 'No such space, or no Git provider set up' },
    },
  ),
  op(
    'deleteLegacyGitInstallation',
    'DELETE',
    '/spaces/{spaceId}/git/legacy-installation',
    'Remove a legacy Git installation',
    [UI],
    { success: CHANGED, errors: { 404: 'No such space' } },
  ),
  op(
    'inviteToSpace',
    'POST',
    '/spaces/{spaceId}/permissions',
    'Give users or teams a role in a space',
    [U, O('space:permissions:write')],
    { success: ACCEPTED, errors: { 404: 'No such space, user or team' } },
    { body: InviteUsersAndTeams },
  ),
  op(
    'updateTeamPermissionInSpace',
    'PATCH',
    '/spaces/{spaceId}/permissions/teams/{teamId}',
    "Change a team's role in a space",
    [U, O('space:permissions:write')],
    { success: ACCEPTED, errors: { 404: 'No such space or team' } },
    { body: UpdatePermissionBody },
  ),
  op(
    'removeTeamFromSpace',
    'DELETE',
    '/spaces/{spaceId}/permissions/teams/{teamId}',
    'Take a team out of a space',
    [U, O('space:permissions:write')],
    {
      success: CHANGED,
      errors: { 400: 'The team can have no access to this space', 404: 'No such space or team' },
    },
  ),
  op(
    'listTeamPermissionsInSpace',
    'GET',
    '/spaces/{spaceId}/permissions/teams',
    'The teams of a space and their roles',
    [U, O('space:permissions:read')],
    { response: TeamPermissionList, success: OK, errors: { 404: 'No such space' } },
    { query: ListQuery },
  ),
  op(
    'listUserPermissionsInSpace',
    'GET',
    '/spaces/{spaceId}/permissions/users',
    'The users of a space and their roles',
    [U, O('space:permissions:read')],
    { response: UserPermissionList, success: OK, errors: { 404: 'No such space' } },
    { query: ListQuery },
  ),
  op(
    'updateUserPermissionInSpace',
    'PATCH',
    '/spaces/{spaceId}/permissions/users/{userId}',
    "Change a user's role in a space",
    [U, O('space:permissions:write')],
    { success: ACCEPTED, errors: { 404: 'No such space or user' } },
    { body: UpdatePermissionBody },
  ),
  op(
    'removeUserFromSpace',
    'DELETE',
    '/spaces/{spaceId}/permissions/users/{userId}',
    'Take a user out of a space',
    [U, O('space:permissions:write')],
    { success: CHANGED, errors: { 404: 'No such space' } },
  ),
];
