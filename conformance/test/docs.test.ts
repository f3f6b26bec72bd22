import { MemberRole } from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { type Answer, useDocsConformance } from './docs-harness';

/**
 * Every operation of our docs specification that the official SDK (@gitbook/api) offers, called
 * through the SDK unchanged; each answer must validate against the OpenAPI document the SDK ships.
 * deleteLegacyGitInstallation is in our specification but neither in the SDK nor in its document.
 */
const docs = useDocsConformance();

function conforms(answer: Answer, status: number): void {
  expect(answer.problems).toEqual([]);
  expect(answer.ownProblems).toEqual([]);
  expect(answer.status).toBe(status);
}

const gitRepository = { url: 'https://github.com/acme/robot-handbook', ref: 'refs/heads/main' };

describe('@gitbook/api against the docs interface: users', () => {
  it('getApiInformation answers the release and build the published document describes', async () => {
    conforms(await docs.call('getApiInformation', () => docs.sdk().getApiInformation()), 200);
  });

  it('getAuthenticatedUser answers a full user record, urls included', async () => {
    const answer = await docs.call('getAuthenticatedUser', () =>
      docs.sdk().user.getAuthenticatedUser(),
    );
    conforms(answer, 200);
    expect(answer.body).toMatchObject({ id: 'usr_ada', urls: { location: expect.any(String) } });
  });

  it('createUserNotificationsToken answers a temporary token to a user-internal token', async () => {
    const sdk = docs.sdk('docs-dev-user-internal');
    conforms(
      await docs.call('createUserNotificationsToken', () =>
        sdk.user.createUserNotificationsToken(),
      ),
      200,
    );
  });

  it('getUserById answers a full user record', async () => {
    conforms(await docs.call('getUserById', () => docs.sdk().users.getUserById('usr_brian')), 200);
  });

  it('getUserById of an unknown user answers the published 404 error body', async () => {
    conforms(await docs.call('getUserById', () => docs.sdk().users.getUserById('usr_nobody')), 404);
  });

  it('updateUserById answers the updated user record', async () => {
    const answer = await docs.call('updateUserById', () =>
      docs.sdk().users.updateUserById('usr_ada', { displayName: 'Ada L.' }),
    );
    conforms(answer, 200);
    expect(answer.body).toMatchObject({ displayName: 'Ada L.' });
  });
});

describe('@gitbook/api against the docs interface: spaces', () => {
  it('getSpaceById answers a space with revision, urls, permissions and counts', async () => {
    const answer = await docs.call('getSpaceById', () =>
      docs.sdk().spaces.getSpaceById('space_handbook'),
    );
    conforms(answer, 200);
    expect(answer.body).toMatchObject({
      revision: expect.any(String),
      permissions: expect.any(Object),
      comments: expect.any(Number),
      changeRequests: expect.any(Number),
      changeRequestsOpen: expect.any(Number),
      changeRequestsDraft: expect.any(Number),
    });
  });

  it('getSpaceById of a space at the top level leaves parent out rather than null', async () => {
    docs.server.docs.store.state.spaces[0]!.parent = null;
    conforms(
      await docs.call('getSpaceById', () => docs.sdk().spaces.getSpaceById('space_handbook')),
      200,
    );
  });

  it('updateSpaceById answers the updated space', async () => {
    const answer = await docs.call('updateSpaceById', () =>
      docs.sdk().spaces.updateSpaceById('space_handbook', { title: 'Handbook', emoji: '1f4d6' }),
    );
    conforms(answer, 200);
    expect(answer.body).toMatchObject({ title: 'Handbook' });
  });

  it('getSpaceById answers what the caller may do: an editor may edit but not administer', async () => {
    const answer = await docs.call('getSpaceById', () =>
      docs.sdk('docs-dev-user-brian').spaces.getSpaceById('space_handbook'),
    );
    conforms(answer, 200);
    expect(answer.body).toMatchObject({ permissions: { edit: true, admin: false, view: true } });
  });

  it('deleteSpaceById answers 205 for an existing space and 204 for an absent one, without bodies', async () => {
    conforms(
      await docs.call('deleteSpaceById', () => docs.sdk().spaces.deleteSpaceById('space_api')),
      205,
    );
    conforms(
      await docs.call('deleteSpaceById', () => docs.sdk().spaces.deleteSpaceById('space_api')),
      204,
    );
  });

  it('duplicateSpace answers 201 with the new space', async () => {
    conforms(
      await docs.call('duplicateSpace', () => docs.sdk().spaces.duplicateSpace('space_handbook')),
      201,
    );
  });

  it('restoreSpace answers the restored space', async () => {
    await docs.sdk().spaces.deleteSpaceById('space_handbook');
    conforms(
      await docs.call('restoreSpace', () => docs.sdk().spaces.restoreSpace('space_handbook')),
      200,
    );
  });

  it('a space without an emoji answers emoji null: our spec allows it, the published document does not', async () => {
    const answer = await docs.call('getSpaceById', () =>
      docs.sdk().spaces.getSpaceById('space_api'),
    );
    expect(answer.status).toBe(200);
    expect(answer.problems).toEqual(['/emoji must be string {"type":"string"}']);
    expect(answer.ownProblems).toEqual([]);
  });

  it('moveSpace answers the moved space', async () => {
    conforms(
      await docs.call('moveSpace', () =>
        docs.sdk().spaces.moveSpace('space_handbook', { parent: 'col_api' }),
      ),
      200,
    );
  });

  it('moveSpace that changes nothing answers the published 409 error body', async () => {
    conforms(
      await docs.call('moveSpace', () =>
        docs.sdk().spaces.moveSpace('space_handbook', { parent: 'col_guides' }),
      ),
      409,
    );
  });

  it('getEmbedByUrlInSpace answers an embed', async () => {
    const url = 'https://www.youtube.com/watch?v=robot';
    conforms(
      await docs.call('getEmbedByUrlInSpace', () =>
        docs.sdk().spaces.getEmbedByUrlInSpace('space_handbook', { url }),
      ),
      200,
    );
  });

  it('searchSpaceContent answers ranked pages whose sections carry urls', async () => {
    const answer = await docs.call('searchSpaceContent', () =>
      docs.sdk().spaces.searchSpaceContent('space_handbook', { query: 'battery' }),
    );
    conforms(answer, 200);
    const sections = (
      answer.body as { items: { sections?: { urls?: unknown }[] }[] }
    ).items.flatMap((page) => page.sections ?? []);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) expect(section.urls).toMatchObject({ app: expect.any(String) });
  });
});

describe('@gitbook/api against the docs interface: Git sync', () => {
  it('importGitRepository answers 204 without a body', async () => {
    conforms(
      await docs.call('importGitRepository', () =>
        docs.sdk().spaces.importGitRepository('space_handbook', gitRepository),
      ),
      204,
    );
  });

  it('exportToGitRepository answers 204 without a body', async () => {
    const body = { ...gitRepository, commitMessage: 'Export from the conformance suite' };
    conforms(
      await docs.call('exportToGitRepository', () =>
        docs.sdk().spaces.exportToGitRepository('space_handbook', body),
      ),
      204,
    );
  });

  it('getSpaceGitInfo answers the Git sync state with its installationId', async () => {
    const answer = await docs.call('getSpaceGitInfo', () =>
      docs.sdk().spaces.getSpaceGitInfo('space_handbook'),
    );
    conforms(answer, 200);
    expect(answer.body).toMatchObject({ installationId: expect.any(String) });
  });

  it('getSpaceGitInfo without a Git provider answers the published 404 error body', async () => {
    conforms(
      await docs.call('getSpaceGitInfo', () => docs.sdk().spaces.getSpaceGitInfo('space_api')),
      404,
    );
  });
});

describe('@gitbook/api against the docs interface: permissions', () => {
  it('inviteToSpace answers 204 without a body', async () => {
    conforms(
      await docs.call('inviteToSpace', () =>
        docs
          .sdk()
          .spaces.inviteToSpace('space_api', { role: MemberRole.Read, users: ['usr_brian'] }),
      ),
      204,
    );
  });

  it('updateTeamPermissionInSpace answers 204 without a body', async () => {
    conforms(
      await docs.call('updateTeamPermissionInSpace', () =>
        docs.sdk().spaces.updateTeamPermissionInSpace('space_handbook', 'team_writers', {
          role: MemberRole.Admin,
        }),
      ),
      204,
    );
  });

  it('removeTeamFromSpace answers 205 when the team had access and 204 when it had none', async () => {
    const remove = () => docs.sdk().spaces.removeTeamFromSpace('space_handbook', 'team_writers');
    conforms(await docs.call('removeTeamFromSpace', remove), 205);
    conforms(await docs.call('removeTeamFromSpace', remove), 204);
  });

  it('listTeamPermissionsInSpace answers each team as a full team record', async () => {
    const answer = await docs.call('listTeamPermissionsInSpace', () =>
      docs.sdk().spaces.listTeamPermissionsInSpace('space_handbook', { limit: 1 }),
    );
    conforms(answer, 200);
    expect((answer.body as { items: unknown[] }).items[0]).toMatchObject({
      team: { object: 'team', members: expect.any(Number), permissions: expect.any(Object) },
    });
  });

  it('listUserPermissionsInSpace answers users as full user records', async () => {
    conforms(
      await docs.call('listUserPermissionsInSpace', () =>
        docs.sdk().spaces.listUserPermissionsInSpace('space_handbook', {}),
      ),
      200,
    );
  });

  it('updateUserPermissionInSpace answers 204 without a body', async () => {
    conforms(
      await docs.call('updateUserPermissionInSpace', () =>
        docs.sdk().spaces.updateUserPermissionInSpace('space_handbook', 'usr_brian', {
          role: MemberRole.Review,
        }),
      ),
      204,
    );
  });

  it('removeUserFromSpace answers 205 when the user had a role and 204 when not', async () => {
    const remove = () => docs.sdk().spaces.removeUserFromSpace('space_handbook', 'usr_brian');
    conforms(await docs.call('removeUserFromSpace', remove), 205);
    conforms(await docs.call('removeUserFromSpace', remove), 204);
  });
});
