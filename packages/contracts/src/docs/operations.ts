import { cursorPages, defineContract } from '@clientkit/core';
import {
  EmbedQuery,
  ExportToGitRepository,
  GetSpaceQuery,
  ImportGitRepository,
  InviteUsersAndTeams,
  ListQuery,
  MoveSpaceBody,
  SearchQuery,
  SpacePath,
  SpaceTeamPath,
  SpaceUserPath,
  UpdatePermissionBody,
  UpdateSpaceBody,
  UpdateUserBody,
  UserPath,
} from './request-schemas';

/** The security schemes of the documentation interface. */
export type DocsScheme =
  | 'user'
  | 'user-internal'
  | 'user-staff'
  | 'integration'
  | 'integration-installation'
  | 'oauth';

/** The OAuth scopes of the documentation interface. */
export type DocsScope =
  | 'user:read'
  | 'space:read'
  | 'space:write'
  | 'space:permissions:read'
  | 'space:permissions:write';

/** One way to be allowed to call an operation: a token scheme, or an OAuth token with one scope. */
export type DocsAccess = DocsScheme | `oauth:${DocsScope}`;

const ANY_TOKEN: DocsAccess[] = [
  'user',
  'user-internal',
  'user-staff',
  'integration',
  'integration-installation',
];

/**
 * The documentation hosting interface: each operation keyed by its operationId, in the order of the
 * specification's endpoint table. `auth` lists the ways in, any one of which will do.
 */
export const docs = defineContract<DocsAccess[]>()({
  name: 'docs',
  base: '/v1',
  responses: () => import('./response-schemas'),
  operations: {
    getApiInformation: {
      sdk: 'getApiInformation',
      method: 'GET',
      path: '/',
      auth: ANY_TOKEN,
      response: (r) => r.ApiInformation,
    },
    getAuthenticatedUser: {
      sdk: 'user.get',
      method: 'GET',
      path: '/user',
      auth: ['user', 'oauth:user:read'],
      response: (r) => r.User,
    },
    createUserNotificationsToken: {
      sdk: 'user.createNotificationsToken',
      method: 'POST',
      path: '/user/notifications/token',
      auth: ['user-internal'],
      response: (r) => r.APITemporaryToken,
    },
    getUserById: {
      sdk: 'users.get',
      method: 'GET',
      path: '/users/{userId}',
      auth: ['user'],
      params: UserPath,
      response: (r) => r.User,
    },
    updateUserById: {
      sdk: 'users.update',
      method: 'PATCH',
      path: '/users/{userId}',
      auth: ['user'],
      params: UserPath,
      body: UpdateUserBody,
      response: (r) => r.User,
    },
    getSpaceById: {
      sdk: 'spaces.get',
      method: 'GET',
      path: '/spaces/{spaceId}',
      auth: ['user', 'integration', 'integration-installation', 'oauth:space:read'],
      params: SpacePath,
      query: GetSpaceQuery,
      response: (r) => r.Space,
    },
    updateSpaceById: {
      sdk: 'spaces.update',
      method: 'PATCH',
      path: '/spaces/{spaceId}',
      auth: ['user', 'oauth:space:write'],
      params: SpacePath,
      body: UpdateSpaceBody,
      response: (r) => r.Space,
    },
    deleteSpaceById: {
      sdk: 'spaces.delete',
      method: 'DELETE',
      path: '/spaces/{spaceId}',
      auth: ['user', 'oauth:space:write'],
      params: SpacePath,
    },
    duplicateSpace: {
      sdk: 'spaces.duplicate',
      method: 'POST',
      path: '/spaces/{spaceId}/duplicate',
      auth: ['user', 'oauth:space:write'],
      params: SpacePath,
      response: (r) => r.Space,
    },
    restoreSpace: {
      sdk: 'spaces.restore',
      method: 'POST',
      path: '/spaces/{spaceId}/restore',
      auth: ['user', 'oauth:space:write'],
      params: SpacePath,
      response: (r) => r.Space,
    },
    moveSpace: {
      sdk: 'spaces.move',
      method: 'POST',
      path: '/spaces/{spaceId}/move',
      auth: ['user', 'oauth:space:write'],
      params: SpacePath,
      body: MoveSpaceBody,
      response: (r) => r.Space,
    },
    getEmbedByUrlInSpace: {
      sdk: 'spaces.getEmbed',
      method: 'GET',
      path: '/spaces/{spaceId}/embed',
      auth: ['user', 'oauth:space:read'],
      params: SpacePath,
      query: EmbedQuery,
      response: (r) => r.Embed,
    },
    searchSpaceContent: {
      sdk: 'spaces.search',
      method: 'GET',
      path: '/spaces/{spaceId}/search',
      auth: ['user', 'oauth:space:read'],
      params: SpacePath,
      query: SearchQuery,
      response: (r) => r.SearchResultList,
      pagination: cursorPages('items'),
    },
    importGitRepository: {
      sdk: 'spaces.git.import',
      method: 'POST',
      path: '/spaces/{spaceId}/git/import',
      auth: ['user', 'integration', 'integration-installation', 'oauth:space:write'],
      params: SpacePath,
      body: ImportGitRepository,
    },
    exportToGitRepository: {
      sdk: 'spaces.git.export',
      method: 'POST',
      path: '/spaces/{spaceId}/git/export',
      auth: ['user', 'integration', 'integration-installation', 'oauth:space:write'],
      params: SpacePath,
      body: ExportToGitRepository,
    },
    getSpaceGitInfo: {
      sdk: 'spaces.git.info',
      method: 'GET',
      path: '/spaces/{spaceId}/git/info',
      auth: ['user', 'oauth:space:read'],
      params: SpacePath,
      response: (r) => r.GitSyncState,
    },
    deleteLegacyGitInstallation: {
      sdk: 'spaces.git.deleteLegacyInstallation',
      method: 'DELETE',
      path: '/spaces/{spaceId}/git/legacy-installation',
      auth: ['user-internal'],
      params: SpacePath,
    },
    inviteToSpace: {
      sdk: 'spaces.permissions.invite',
      method: 'POST',
      path: '/spaces/{spaceId}/permissions',
      auth: ['user', 'oauth:space:permissions:write'],
      params: SpacePath,
      body: InviteUsersAndTeams,
    },
    updateTeamPermissionInSpace: {
      sdk: 'spaces.permissions.updateTeam',
      method: 'PATCH',
      path: '/spaces/{spaceId}/permissions/teams/{teamId}',
      auth: ['user', 'oauth:space:permissions:write'],
      params: SpaceTeamPath,
      body: UpdatePermissionBody,
    },
    removeTeamFromSpace: {
      sdk: 'spaces.permissions.removeTeam',
      method: 'DELETE',
      path: '/spaces/{spaceId}/permissions/teams/{teamId}',
      auth: ['user', 'oauth:space:permissions:write'],
      params: SpaceTeamPath,
    },
    listTeamPermissionsInSpace: {
      sdk: 'spaces.permissions.listTeams',
      method: 'GET',
      path: '/spaces/{spaceId}/permissions/teams',
      auth: ['user', 'oauth:space:permissions:read'],
      params: SpacePath,
      query: ListQuery,
      response: (r) => r.TeamPermissionList,
      pagination: cursorPages('items'),
    },
    listUserPermissionsInSpace: {
      sdk: 'spaces.permissions.listUsers',
      method: 'GET',
      path: '/spaces/{spaceId}/permissions/users',
      auth: ['user', 'oauth:space:permissions:read'],
      params: SpacePath,
      query: ListQuery,
      response: (r) => r.UserPermissionList,
      pagination: cursorPages('items'),
    },
    updateUserPermissionInSpace: {
      sdk: 'spaces.permissions.updateUser',
      method: 'PATCH',
      path: '/spaces/{spaceId}/permissions/users/{userId}',
      auth: ['user', 'oauth:space:permissions:write'],
      params: SpaceUserPath,
      body: UpdatePermissionBody,
    },
    removeUserFromSpace: {
      sdk: 'spaces.permissions.removeUser',
      method: 'DELETE',
      path: '/spaces/{spaceId}/permissions/users/{userId}',
      auth: ['user', 'oauth:space:permissions:write'],
      params: SpaceUserPath,
    },
  },
});
