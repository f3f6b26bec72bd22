import type { docs } from './operations';

/** The security schemes of the documentation interface: the kinds of token it takes. */
export const docsSchemes = [
  'user',
  'user-internal',
  'user-staff',
  'integration',
  'integration-installation',
  'oauth',
] as const;

/** A security scheme of the documentation interface. */
export type DocsScheme = (typeof docsSchemes)[number];

/** The OAuth scopes of the documentation interface. */
export const docsScopes = [
  'user:read',
  'space:read',
  'space:write',
  'space:permissions:read',
  'space:permissions:write',
] as const;

/** An OAuth scope of the documentation interface. */
export type DocsScope = (typeof docsScopes)[number];

/** One way to be allowed to call an operation: a token scheme, or an OAuth token with one scope. */
export type DocsAccess = DocsScheme | `oauth:${DocsScope}`;

/** Every token scheme but OAuth. */
const ANY_TOKEN: readonly DocsAccess[] = docsSchemes.filter((scheme) => scheme !== 'oauth');

/**
 * Who may call each operation of the documentation interface: the ways in, any one of which will
 * do. The reference server authorizes and documents its security by it; clients never read it.
 */
export const docsAccess: Record<keyof typeof docs.operations, readonly DocsAccess[]> = {
  getApiInformation: ANY_TOKEN,
  getAuthenticatedUser: ['user', 'oauth:user:read'],
  createUserNotificationsToken: ['user-internal'],
  getUserById: ['user'],
  updateUserById: ['user'],
  getSpaceById: ['user', 'integration', 'integration-installation', 'oauth:space:read'],
  updateSpaceById: ['user', 'oauth:space:write'],
  deleteSpaceById: ['user', 'oauth:space:write'],
  duplicateSpace: ['user', 'oauth:space:write'],
  restoreSpace: ['user', 'oauth:space:write'],
  moveSpace: ['user', 'oauth:space:write'],
  getEmbedByUrlInSpace: ['user', 'oauth:space:read'],
  searchSpaceContent: ['user', 'oauth:space:read'],
  importGitRepository: ['user', 'integration', 'integration-installation', 'oauth:space:write'],
  exportToGitRepository: ['user', 'integration', 'integration-installation', 'oauth:space:write'],
  getSpaceGitInfo: ['user', 'oauth:space:read'],
  deleteLegacyGitInstallation: ['user-internal'],
  inviteToSpace: ['user', 'oauth:space:permissions:write'],
  updateTeamPermissionInSpace: ['user', 'oauth:space:permissions:write'],
  removeTeamFromSpace: ['user', 'oauth:space:permissions:write'],
  listTeamPermissionsInSpace: ['user', 'oauth:space:permissions:read'],
  listUserPermissionsInSpace: ['user', 'oauth:space:permissions:read'],
  updateUserPermissionInSpace: ['user', 'oauth:space:permissions:write'],
  removeUserFromSpace: ['user', 'oauth:space:permissions:write'],
};
