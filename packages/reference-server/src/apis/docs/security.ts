import type { Context } from 'hono';
import { ApiProblem } from '../../problem';
import type { SecretMap } from '../../secret-map';

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

/** Who a token speaks for. */
export interface Principal {
  scheme: DocsScheme;
  userId?: string;
  scopes?: DocsScope[];
}

type Alternative = DocsScheme | `oauth:${DocsScope}`;

const U = 'user';
const I = 'integration';
const II = 'integration-installation';
const UI = 'user-internal';
const O = (scope: DocsScope): Alternative => `oauth:${scope}`;
const GLOBAL: Alternative[] = [
  'user',
  'user-internal',
  'user-staff',
  'integration',
  'integration-installation',
];

/** The security alternatives of each operation: any one of them is enough. */
export const operationSecurity = {
  getApiInformation: GLOBAL,
  getAuthenticatedUser: [U, O('user:read')],
  createUserNotificationsToken: [UI],
  getUserById: [U],
  updateUserById: [U],
  getSpaceById: [U, I, II, O('space:read')],
  updateSpaceById: [U, O('space:write')],
  deleteSpaceById: [U, O('space:write')],
  duplicateSpace: [U, O('space:write')],
  restoreSpace: [U, O('space:write')],
  moveSpace: [U, O('space:write')],
  getEmbedByUrlInSpace: [U, O('space:read')],
  searchSpaceContent: [U, O('space:read')],
  importGitRepository: [U, I, II, O('space:write')],
  exportToGitRepository: [U, I, II, O('space:write')],
  getSpaceGitInfo: [U, O('space:read')],
  deleteLegacyGitInstallation: [UI],
  inviteToSpace: [U, O('space:permissions:write')],
  updateTeamPermissionInSpace: [U, O('space:permissions:write')],
  removeTeamFromSpace: [U, O('space:permissions:write')],
  listTeamPermissionsInSpace: [U, O('space:permissions:read')],
  listUserPermissionsInSpace: [U, O('space:permissions:read')],
  updateUserPermissionInSpace: [U, O('space:permissions:write')],
  removeUserFromSpace: [U, O('space:permissions:write')],
} satisfies Record<string, Alternative[]>;

export type DocsOperation = keyof typeof operationSecurity;

/** True when the principal satisfies one of the operation's alternatives. */
export function allows(operation: DocsOperation, principal: Principal): boolean {
  return operationSecurity[operation].some((alternative: Alternative) => {
    if (!alternative.startsWith('oauth:')) return alternative === principal.scheme;
    const scope = alternative.slice('oauth:'.length) as DocsScope;
    return principal.scheme === 'oauth' && (principal.scopes ?? []).includes(scope);
  });
}

/**
 * The principal of the request's bearer token, or a 401 when there is none or it is unknown, or a
 * 403 when the operation accepts neither its scheme nor its scopes.
 */
export function authorize(
  c: Context,
  operation: DocsOperation,
  tokens: SecretMap<Principal>,
): Principal {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match)
    throw new ApiProblem(401, 'Authentication required: send Authorization: Bearer <token>');
  const principal = tokens.get(match[1]!);
  if (!principal) throw new ApiProblem(401, 'The token is not valid');
  if (allows(operation, principal)) return principal;
  if (
    principal.scheme === 'oauth' &&
    operationSecurity[operation].some((a: Alternative) => a.startsWith('oauth:'))
  ) {
    const needed = operationSecurity[operation]
      .filter((a: Alternative) => a.startsWith('oauth:'))
      .map((a) => a.slice(6));
    throw new ApiProblem(403, `The token lacks the scope ${needed.join(' or ')}`);
  }
  throw new ApiProblem(403, `This operation does not accept ${principal.scheme} tokens`);
}
