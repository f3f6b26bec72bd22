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
 * Every operation takes a token: none, or one the server does not know, is 401; a scheme or scope
 * the operation does not list is 403.
 */
const TOKEN_ERRORS = [401, 403];
/** A query that breaks its schema is 400. */
const QUERY_ERRORS = [400, ...TOKEN_ERRORS];
/** A body that breaks its schema is 400; over the size limit, 413; not JSON, 415. */
const BODY_ERRORS = [400, 413, 415, ...TOKEN_ERRORS];

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
      success: [200],
      errors: TOKEN_ERRORS,
    },
    getAuthenticatedUser: {
      sdk: 'user.get',
      method: 'GET',
      path: '/user',
      auth: ['user', 'oauth:user:read'],
      response: (r) => r.User,
      success: [200],
      errors: [404, ...TOKEN_ERRORS],
    },
    createUserNotificationsToken: {
      sdk: 'user.createNotificationsToken',
      method: 'POST',
      path: '/user/notifications/token',
      auth: ['user-internal'],
      response: (r) => r.APITemporaryToken,
      success: [200],
      errors: TOKEN_ERRORS,
    },
    getUserById: {
      sdk: 'users.get',
      method: 'GET',
      path: '/users/{userId}',
      auth: ['user'],
      params: UserPath,
      response: (r) => r.User,
      success: [200],
      errors: [404, ...TOKEN_ERRORS],
    },
    updateUserById: {
      sdk: 'users.update',
      method: 'PATCH',
      path: '/users/{userId}',
      auth: ['user'],
      params: UserPath,
      body: UpdateUserBody,
      response: (r) => r.User,
      success: [200],
      errors: [404, ...BODY_ERRORS],
    },
    getSpaceById: {
      sdk: 'spaces.get',
      method: 'GET',
      path: '/spaces/{spaceId}',
      auth: ['user', 'integration', 'integration-installation', 'oauth:space:read'],
      params: SpacePath,
      query: GetSpaceQuery,
      response: (r) => r.Space,
      success: [200],
      errors: [404, ...QUERY_ERRORS],
    },
    updateSpaceById: {
      sdk: 'spaces.update',
      method: 'PATCH',
      path: '/spaces/{spaceId}',
      auth: ['user', 'oauth:space:write'],
      params: SpacePath,
      body: UpdateSpaceBody,
      response: (r) => r.Space,
      success: [200],
      errors: [404, ...BODY_ERRORS],
    },
    deleteSpaceById: {
      sdk: 'spaces.delete',
      method: 'DELETE',
      path: '/spaces/{spaceId}',
      auth: ['user', 'oauth:space:write'],
      params: SpacePath,
      success: [205, 204],
      errors: TOKEN_ERRORS,
    },
    duplicateSpace: {
      sdk: 'spaces.duplicate',
      method: 'POST',
      path: '/spaces/{spaceId}/duplicate',
      auth: ['user', 'oauth:space:write'],
      params: SpacePath,
      response: (r) => r.Space,
      success: [201],
      errors: [404, ...TOKEN_ERRORS],
    },
    restoreSpace: {
      sdk: 'spaces.restore',
      method: 'POST',
      path: '/spaces/{spaceId}/restore',
      auth: ['user', 'oauth:space:write'],
      params: SpacePath,
      response: (r) => r.Space,
      success: [200],
      errors: [404, ...TOKEN_ERRORS],
    },
    moveSpace: {
      sdk: 'spaces.move',
      method: 'POST',
      path: '/spaces/{spaceId}/move',
      auth: ['user', 'oauth:space:write'],
      params: SpacePath,
      body: MoveSpaceBody,
      response: (r) => r.Space,
      success: [200],
      errors: [404, 409, ...BODY_ERRORS],
    },
    getEmbedByUrlInSpace: {
      sdk: 'spaces.getEmbed',
      method: 'GET',
      path: '/spaces/{spaceId}/embed',
      auth: ['user', 'oauth:space:read'],
      params: SpacePath,
      query: EmbedQuery,
      response: (r) => r.Embed,
      success: [200],
      errors: [404, ...QUERY_ERRORS],
    },
    searchSpaceContent: {
      sdk: 'spaces.search',
      method: 'GET',
      path: '/spaces/{spaceId}/search',
      auth: ['user', 'oauth:space:read'],
      params: SpacePath,
      query: SearchQuery,
      response: (r) => r.SearchResultList,
      success: [200],
      errors: [404, ...QUERY_ERRORS],
      pagination: cursorPages('items'),
    },
    importGitRepository: {
      sdk: 'spaces.git.import',
      method: 'POST',
      path: '/spaces/{spaceId}/git/import',
      auth: ['user', 'integration', 'integration-installation', 'oauth:space:write'],
      params: SpacePath,
      body: ImportGitRepository,
      success: [204],
      errors: [404, ...BODY_ERRORS],
    },
    exportToGitRepository: {
      sdk: 'spaces.git.export',
      method: 'POST',
      path: '/spaces/{spaceId}/git/export',
      auth: ['user', 'integration', 'integration-installation', 'oauth:space:write'],
      params: SpacePath,
      body: ExportToGitRepository,
      success: [204],
      errors: [404, ...BODY_ERRORS],
    },
    getSpaceGitInfo: {
      sdk: 'spaces.git.info',
      method: 'GET',
      path: '/spaces/{spaceId}/git/info',
      auth: ['user', 'oauth:space:read'],
      params: SpacePath,
      response: (r) => r.GitSyncState,
      success: [200],
      errors: [404, ...TOKEN_ERRORS],
    },
    deleteLegacyGitInstallation: {
      sdk: 'spaces.git.deleteLegacyInstallation',
      method: 'DELETE',
      path: '/spaces/{spaceId}/git/legacy-installation',
      auth: ['user-internal'],
      params: SpacePath,
      success: [205, 204],
      errors: [404, ...TOKEN_ERRORS],
    },
    inviteToSpace: {
      sdk: 'spaces.permissions.invite',
      method: 'POST',
      path: '/spaces/{spaceId}/permissions',
      auth: ['user', 'oauth:space:permissions:write'],
      params: SpacePath,
      body: InviteUsersAndTeams,
      success: [204],
      errors: [404, ...BODY_ERRORS],
    },
    updateTeamPermissionInSpace: {
      sdk: 'spaces.permissions.updateTeam',
      method: 'PATCH',
      path: '/spaces/{spaceId}/permissions/teams/{teamId}',
      auth: ['user', 'oauth:space:permissions:write'],
      params: SpaceTeamPath,
      body: UpdatePermissionBody,
      success: [204],
      errors: [404, ...BODY_ERRORS],
    },
    removeTeamFromSpace: {
      sdk: 'spaces.permissions.removeTeam',
      method: 'DELETE',
      path: '/spaces/{spaceId}/permissions/teams/{teamId}',
      auth: ['user', 'oauth:space:permissions:write'],
      params: SpaceTeamPath,
      success: [205, 204],
      errors: [400, 404, ...TOKEN_ERRORS],
    },
    listTeamPermissionsInSpace: {
      sdk: 'spaces.permissions.listTeams',
      method: 'GET',
      path: '/spaces/{spaceId}/permissions/teams',
      auth: ['user', 'oauth:space:permissions:read'],
      params: SpacePath,
      query: ListQuery,
      response: (r) => r.TeamPermissionList,
      success: [200],
      errors: [404, ...QUERY_ERRORS],
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
      success: [200],
      errors: [404, ...QUERY_ERRORS],
      pagination: cursorPages('items'),
    },
    updateUserPermissionInSpace: {
      sdk: 'spaces.permissions.updateUser',
      method: 'PATCH',
      path: '/spaces/{spaceId}/permissions/users/{userId}',
      auth: ['user', 'oauth:space:permissions:write'],
      params: SpaceUserPath,
      body: UpdatePermissionBody,
      success: [204],
      errors: [404, ...BODY_ERRORS],
    },
    removeUserFromSpace: {
      sdk: 'spaces.permissions.removeUser',
      method: 'DELETE',
      path: '/spaces/{spaceId}/permissions/users/{userId}',
      auth: ['user', 'oauth:space:permissions:write'],
      params: SpaceUserPath,
      success: [205, 204],
      errors: [404, ...TOKEN_ERRORS],
    },
  },
});
