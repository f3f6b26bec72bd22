import { docs } from '@clientkit/contracts/docs';
import type { DocsScheme, DocsScope } from '@clientkit/reference-server';
import { describe, expect, it } from 'vitest';
import { type DocsClient, PermissionDeniedError } from '../src/index';
import { useDocsServer } from './support/e2e';

const h = useDocsServer();

/**
 * The Security column of the specification's endpoint table, written out again here so that the test
 * checks the server against the specification rather than against itself.
 * U user, I integration, II integration-installation, UI user-internal, O(scope) oauth with that scope;
 * "global" is any of the first five schemes.
 */
const securityColumn: Record<string, string> = {
  getApiInformation: 'global',
  getAuthenticatedUser: 'U, O(user:read)',
  createUserNotificationsToken: 'UI',
  getUserById: 'U',
  updateUserById: 'U',
  getSpaceById: 'U, I, II, O(space:read)',
  updateSpaceById: 'U, O(space:write)',
  deleteSpaceById: 'U, O(space:write)',
  duplicateSpace: 'U, O(space:write)',
  restoreSpace: 'U, O(space:write)',
  moveSpace: 'U, O(space:write)',
  getEmbedByUrlInSpace: 'U, O(space:read)',
  searchSpaceContent: 'U, O(space:read)',
  importGitRepository: 'U, I, II, O(space:write)',
  exportToGitRepository: 'U, I, II, O(space:write)',
  getSpaceGitInfo: 'U, O(space:read)',
  deleteLegacyGitInstallation: 'UI',
  inviteToSpace: 'U, O(space:permissions:write)',
  updateTeamPermissionInSpace: 'U, O(space:permissions:write)',
  removeTeamFromSpace: 'U, O(space:permissions:write)',
  listTeamPermissionsInSpace: 'U, O(space:permissions:read)',
  listUserPermissionsInSpace: 'U, O(space:permissions:read)',
  updateUserPermissionInSpace: 'U, O(space:permissions:write)',
  removeUserFromSpace: 'U, O(space:permissions:write)',
};

/** Each operation, called with arguments that succeed for an allowed principal. */
const calls: Record<string, (docs: DocsClient) => PromiseLike<unknown>> = {
  getApiInformation: (d) => d.getApiInformation(),
  getAuthenticatedUser: (d) => d.user.get(),
  createUserNotificationsToken: (d) => d.user.createNotificationsToken(),
  getUserById: (d) => d.users.get('usr_ada'),
  updateUserById: (d) => d.users.update('usr_ada', { displayName: 'Ada' }),
  getSpaceById: (d) => d.spaces.get('space_handbook'),
  updateSpaceById: (d) => d.spaces.update('space_handbook', { title: 'Handbook' }),
  deleteSpaceById: (d) => d.spaces.delete('space_api'),
  duplicateSpace: (d) => d.spaces.duplicate('space_handbook'),
  restoreSpace: (d) => d.spaces.restore('space_handbook'),
  moveSpace: (d) => d.spaces.move('space_handbook', { parent: null }),
  getEmbedByUrlInSpace: (d) =>
    d.spaces.getEmbed('space_handbook', { url: 'https://example.com/x' }),
  searchSpaceContent: (d) => d.spaces.search('space_handbook', { query: 'battery' }),
  importGitRepository: (d) =>
    d.spaces.git.import('space_handbook', { url: 'https://github.com/a/b', ref: 'main' }),
  exportToGitRepository: (d) =>
    d.spaces.git.export('space_handbook', {
      url: 'https://github.com/a/b',
      ref: 'main',
      commitMessage: 'm',
    }),
  getSpaceGitInfo: (d) => d.spaces.git.info('space_handbook'),
  deleteLegacyGitInstallation: (d) => d.spaces.git.deleteLegacyInstallation('space_changelog'),
  inviteToSpace: (d) =>
    d.spaces.permissions.invite('space_handbook', { role: 'read', users: ['usr_chloe'] }),
  updateTeamPermissionInSpace: (d) =>
    d.spaces.permissions.updateTeam('space_handbook', 'team_writers', { role: 'read' }),
  removeTeamFromSpace: (d) => d.spaces.permissions.removeTeam('space_handbook', 'team_writers'),
  listTeamPermissionsInSpace: (d) => d.spaces.permissions.listTeams('space_handbook'),
  listUserPermissionsInSpace: (d) => d.spaces.permissions.listUsers('space_handbook'),
  updateUserPermissionInSpace: (d) =>
    d.spaces.permissions.updateUser('space_handbook', 'usr_brian', { role: 'read' }),
  removeUserFromSpace: (d) => d.spaces.permissions.removeUser('space_handbook', 'usr_brian'),
};

const abbreviations: Record<string, DocsScheme> = {
  U: 'user',
  I: 'integration',
  II: 'integration-installation',
  UI: 'user-internal',
};
const globalSchemes: DocsScheme[] = [
  'user',
  'user-internal',
  'user-staff',
  'integration',
  'integration-installation',
];
const scopes: DocsScope[] = [
  'user:read',
  'space:read',
  'space:write',
  'space:permissions:read',
  'space:permissions:write',
];

/** Every principal the matrix tries: each scheme, and an OAuth token with each single scope. */
const principals: { label: string; scheme: DocsScheme; scopes?: DocsScope[] }[] = [
  ...globalSchemes.map((scheme) => ({ label: scheme, scheme })),
  ...scopes.map((scope) => ({
    label: `oauth(${scope})`,
    scheme: 'oauth' as const,
    scopes: [scope],
  })),
];

function allowed(column: string, principal: (typeof principals)[number]): boolean {
  if (column === 'global') return globalSchemes.includes(principal.scheme);
  return column.split(', ').some((alternative) => {
    const oauth = /^O\((.+)\)$/.exec(alternative);
    if (oauth)
      return (
        principal.scheme === 'oauth' && principal.scopes?.includes(oauth[1] as DocsScope) === true
      );
    return abbreviations[alternative] === principal.scheme;
  });
}

describe('security matrix: every operation with every scheme and scope', () => {
  it('covers every operation of the contract, all 24 of the specification', () => {
    expect(Object.keys(securityColumn)).toHaveLength(24);
    expect(Object.keys(securityColumn).sort()).toEqual(Object.keys(docs.operations).sort());
    expect(Object.keys(calls).sort()).toEqual(Object.keys(securityColumn).sort());
  });

  for (const [operation, column] of Object.entries(securityColumn)) {
    it(`${operation} (${column}) answers 2xx to the listed alternatives and 403 to every other scheme or scope`, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const principal of principals) {
        h.server.reset();
        const token = h.server.docs.mintToken({
          scheme: principal.scheme,
          ...(principal.scopes ? { scopes: principal.scopes } : {}),
        });
        const outcome = await Promise.resolve(calls[operation]!(h.client(token))).then(
          () => '2xx',
          (error: unknown) =>
            error instanceof PermissionDeniedError ? '403' : `unexpected ${String(error)}`,
        );
        outcomes.push(`${principal.label}: ${outcome}`);
        expected.push(`${principal.label}: ${allowed(column, principal) ? '2xx' : '403'}`);
      }
      expect(outcomes).toEqual(expected);
    });
  }
});
