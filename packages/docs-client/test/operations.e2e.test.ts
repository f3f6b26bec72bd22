import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  PermissionDeniedError,
} from '../src/index';
import { useDocsServer } from './support/e2e';

const h = useDocsServer();

async function errorOf(promise: PromiseLike<unknown>): Promise<unknown> {
  return Promise.resolve(promise).then(
    () => undefined,
    (error: unknown) => error,
  );
}

async function expectStatus(response: Promise<Response>, status: number, message?: string) {
  const res = await response;
  expect(res.status).toBe(status);
  if (message !== undefined) {
    const body = (await res.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(status);
    expect(body.error.message).toContain(message);
  }
}

describe('authentication', () => {
  it('answers 401 in the interface error format when no token is sent', async () => {
    const res = await fetch(`${h.url}/v1/spaces/space_handbook`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: 401, message: 'Authentication required: send Authorization: Bearer <token>' },
    });
  });

  it('answers 401 to an unknown token', async () => {
    expect(await errorOf(h.client('not-a-token').spaces.get('space_handbook'))).toBeInstanceOf(
      AuthenticationError,
    );
  });

  it('answers 403 when the operation does not accept the token scheme', async () => {
    const error = await errorOf(
      h.client('docs-dev-integration').spaces.update('space_handbook', { title: 'x' }),
    );
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as Error).message).toContain('does not accept integration tokens');
  });

  it('answers 403 when an OAuth token lacks the scope the operation needs', async () => {
    const token = h.server.docs.mintToken({ scheme: 'oauth', scopes: ['space:read'] });
    const error = await errorOf(h.client(token).spaces.update('space_handbook', { title: 'x' }));
    expect(error).toBeInstanceOf(PermissionDeniedError);
    expect((error as Error).message).toContain('lacks the scope space:write');
  });

  it('puts an x-request-id on every response, errors included', async () => {
    const ok = await h.client().getApiInformation().withResponse();
    expect(ok.requestId).toMatch(/^req_/);
    const failed = await h.raw('GET', '/spaces/nope');
    expect(failed.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers unknown routes under /v1 with 404 in the interface error format', async () => {
    await expectStatus(h.raw('GET', '/organizations'), 404, 'No route for GET /v1/organizations');
  });
});

describe('API information and users', () => {
  it('getApiInformation answers the version label 0.0.1-beta and a build date', async () => {
    const info = await h.client().getApiInformation();
    expect(info.version).toBe('0.0.1-beta');
    expect(Number.isNaN(Date.parse(info.build))).toBe(false);
  });

  it('getAuthenticatedUser answers the user of the token', async () => {
    expect((await h.client().user.get()).id).toBe('usr_ada');
    expect((await h.client('docs-dev-user-brian').user.get()).displayName).toBe('Brian Kernighan');
  });

  it('getAuthenticatedUser answers 404 when the token belongs to no existing user', async () => {
    const token = h.server.docs.mintToken({ scheme: 'user', userId: 'usr_ghost' });
    expect(await errorOf(h.client(token).user.get())).toBeInstanceOf(NotFoundError);
  });

  it('createUserNotificationsToken answers a JWT that expires an hour later on the server clock', async () => {
    const { token, expiresAt } = await h
      .client('docs-dev-user-internal')
      .user.createNotificationsToken();
    expect(token.split('.')).toHaveLength(3);
    expect(Date.parse(expiresAt) - h.server.clock.now()).toBe(3_600_000);
  });

  it('getUserById answers the user, and 404 for an unknown id', async () => {
    expect((await h.client().users.get('usr_chloe')).email).toBe('chloe@acme.test');
    expect(await errorOf(h.client().users.get('usr_nobody'))).toBeInstanceOf(NotFoundError);
  });

  it('updateUserById changes displayName and photoURL of the own user', async () => {
    const user = await h
      .client()
      .users.update('usr_ada', { displayName: 'Countess Ada', photoURL: 'https://x.test/a.png' });
    expect(user).toMatchObject({ displayName: 'Countess Ada', photoURL: 'https://x.test/a.png' });
    expect((await h.client().users.get('usr_ada')).displayName).toBe('Countess Ada');
  });

  it('updateUserById refuses a displayName outside 1 to 64 characters with 400', async () => {
    await expectStatus(
      h.raw('PATCH', '/users/usr_ada', { body: { displayName: 'x'.repeat(65) } }),
      400,
      'displayName must be at most 64',
    );
    await expectStatus(
      h.raw('PATCH', '/users/usr_ada', { body: { displayName: '' } }),
      400,
      'displayName must not be empty',
    );
    expect(
      (await h.client().users.update('usr_ada', { displayName: 'x'.repeat(64) })).displayName,
    ).toHaveLength(64);
  });

  it('updateUserById refuses a body with no properties with 400', async () => {
    await expectStatus(
      h.raw('PATCH', '/users/usr_ada', { body: {} }),
      400,
      'must set displayName or photoURL',
    );
  });

  it('updateUserById refuses malformed JSON with 400, not 500', async () => {
    await expectStatus(
      h.raw('PATCH', '/users/usr_ada', { rawBody: '{"displayName":' }),
      400,
      'not valid JSON',
    );
  });

  it('updateUserById answers 404 for an unknown user and 403 for another user', async () => {
    expect(
      await errorOf(h.client().users.update('usr_nobody', { displayName: 'x' })),
    ).toBeInstanceOf(NotFoundError);
    expect(
      await errorOf(h.client().users.update('usr_brian', { displayName: 'x' })),
    ).toBeInstanceOf(PermissionDeniedError);
  });
});

describe('spaces', () => {
  it('getSpaceById answers the space, with or without a share key', async () => {
    const space = await h.client().spaces.get('space_handbook');
    expect(space).toMatchObject({
      object: 'space',
      id: 'space_handbook',
      organization: 'org_acme',
      parent: 'col_guides',
    });
    expect((await h.client().spaces.get('space_handbook', { shareKey: 'share-123' })).id).toBe(
      'space_handbook',
    );
  });

  it('getSpaceById answers 404 for an unknown space', async () => {
    expect(await errorOf(h.client().spaces.get('space_nope'))).toBeInstanceOf(NotFoundError);
  });

  it('updateSpaceById changes the updatable fields and updatedAt', async () => {
    await h.server.clock.advance('1h');
    const space = await h.client().spaces.update('space_handbook', {
      title: 'Handbook 2',
      editMode: 'locked',
      defaultLevel: 'read',
      language: 'pt-br',
      mergeRules: { type: 'none' },
    });
    expect(space).toMatchObject({
      title: 'Handbook 2',
      editMode: 'locked',
      defaultLevel: 'read',
      language: 'pt-br',
    });
    expect(space.updatedAt).toBe(h.server.clock.date().toISOString());
  });

  it('updateSpaceById refuses a body with no properties with 400', async () => {
    await expectStatus(
      h.raw('PATCH', '/spaces/space_handbook', { body: {} }),
      400,
      'must change at least one of editMode, title, defaultLevel, language, mergeRules, emoji, icon',
    );
  });

  it('updateSpaceById refuses emoji and icon in one update with 400', async () => {
    await expectStatus(
      h.raw('PATCH', '/spaces/space_handbook', {
        body: { emoji: '1f600', icon: 'https://x.test/i.svg' },
      }),
      400,
      'may set emoji or icon, not both',
    );
  });

  it('updateSpaceById with emoji and icon both null removes them', async () => {
    const space = await h.client().spaces.update('space_handbook', { emoji: null, icon: null });
    expect(space.emoji).toBeNull();
    expect(space.icon).toBeNull();
  });

  it('updateSpaceById sets an emoji alone or an icon alone', async () => {
    expect((await h.client().spaces.update('space_api', { emoji: '1f680' })).emoji).toBe('1f680');
    expect(
      (await h.client().spaces.update('space_handbook', { icon: 'https://x.test/i.svg' })).icon,
    ).toBe('https://x.test/i.svg');
  });

  it('updateSpaceById refuses a title over 50 characters with 400', async () => {
    await expectStatus(
      h.raw('PATCH', '/spaces/space_handbook', { body: { title: 't'.repeat(51) } }),
      400,
      'title must be at most 50',
    );
  });

  it('deleteSpaceById answers 205 for an existing space and moves it to the trash', async () => {
    const res = await h.raw('DELETE', '/spaces/space_api');
    expect(res.status).toBe(205);
    expect(await res.text()).toBe('');
    expect(await errorOf(h.client().spaces.get('space_api'))).toBeInstanceOf(NotFoundError);
  });

  it('deleteSpaceById answers 204 when the space did not exist', async () => {
    const res = await h.raw('DELETE', '/spaces/space_never');
    expect(res.status).toBe(204);
    expect(await h.client().spaces.delete('space_never')).toBe(false);
  });

  it('deleteSpaceById answers 204 for a space already in the trash', async () => {
    expect(await h.client().spaces.delete('space_api')).toBe(true);
    expect(await h.client().spaces.delete('space_api')).toBe(false);
  });

  it('a trashed space answers 404 to get, update and move', async () => {
    await h.client().spaces.delete('space_api');
    expect(await errorOf(h.client().spaces.get('space_api'))).toBeInstanceOf(NotFoundError);
    expect(await errorOf(h.client().spaces.update('space_api', { title: 'x' }))).toBeInstanceOf(
      NotFoundError,
    );
    expect(await errorOf(h.client().spaces.move('space_api', { parent: null }))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('restoreSpace brings back a space deleted within the last 7 days', async () => {
    await h.client().spaces.delete('space_api');
    await h.server.clock.advance('7d');
    const restored = await h.client().spaces.restore('space_api');
    expect(restored.id).toBe('space_api');
    expect(restored.deletedAt).toBeUndefined();
    expect((await h.client().spaces.get('space_api')).title).toBe('Robot API reference');
  });

  it('a space deleted more than 7 days ago is permanently removed and cannot be restored', async () => {
    await h.client().spaces.delete('space_api');
    await h.server.clock.advance(7 * 24 * 3_600_000 + 1);
    expect(await errorOf(h.client().spaces.restore('space_api'))).toBeInstanceOf(NotFoundError);
    expect(await h.client().spaces.delete('space_api')).toBe(false);
  });

  it('restoreSpace on an active space answers 200 with the space unchanged', async () => {
    const before = await h.client().spaces.get('space_handbook');
    expect(await h.client().spaces.restore('space_handbook')).toEqual(before);
  });

  it('restoreSpace answers 404 for an unknown space', async () => {
    expect(await errorOf(h.client().spaces.restore('space_nope'))).toBeInstanceOf(NotFoundError);
  });

  it('duplicateSpace answers 201 with the copy and a Location header holding its API URL', async () => {
    const { data: copy, response } = await h
      .client()
      .spaces.duplicate('space_handbook')
      .withResponse();
    expect(response.status).toBe(201);
    expect(copy.id).not.toBe('space_handbook');
    expect(copy.organization).toBe('org_acme');
    const location = response.headers.get('location');
    expect(location).toBe(`${h.url}/v1/spaces/${copy.id}`);
    const viaLocation = await fetch(location!, {
      headers: { authorization: 'Bearer docs-dev-user-ada' },
    });
    expect(((await viaLocation.json()) as { id: string }).id).toBe(copy.id);
  });

  it('duplicateSpace copies all pages and content', async () => {
    const copy = await h.client().spaces.duplicate('space_handbook');
    const original = await h
      .client()
      .spaces.search('space_handbook', { query: 'battery' })
      .toArray();
    const copied = await h.client().spaces.search(copy.id, { query: 'battery' }).toArray();
    expect(copied.map((r) => [r.title, r.score])).toEqual(original.map((r) => [r.title, r.score]));
  });

  it('duplicateSpace answers 404 for an unknown space', async () => {
    expect(await errorOf(h.client().spaces.duplicate('space_nope'))).toBeInstanceOf(NotFoundError);
  });
});

describe('moving a space', () => {
  it('moves a space into another collection of its organization', async () => {
    expect((await h.client().spaces.move('space_handbook', { parent: 'col_api' })).parent).toBe(
      'col_api',
    );
  });

  it('moves a space to the top level with parent null; the moved space then has no parent field', async () => {
    const moved = await h.client().spaces.move('space_handbook', { parent: null });
    expect(moved).not.toHaveProperty('parent');
    expect(
      (h.server.inspect('docs') as { spaces: { id: string; parent: string | null }[] }).spaces.find(
        (s) => s.id === 'space_handbook',
      )?.parent,
    ).toBeNull();
  });

  it('positions a space before or after a sibling', async () => {
    await h.client().spaces.move('space_handbook', { parent: 'col_api' });
    const order = () =>
      (
        h.server.inspect('docs') as {
          spaces: { id: string; parent: string | null; order: number }[];
        }
      ).spaces
        .filter((s) => s.parent === 'col_api')
        .sort((a, b) => a.order - b.order)
        .map((s) => s.id);
    expect(order()).toEqual(['space_api', 'space_handbook']);
    await h.client().spaces.move('space_handbook', {
      position: { before: { type: 'space', space: 'space_api' } },
    });
    expect(order()).toEqual(['space_handbook', 'space_api']);
    await h.client().spaces.move('space_handbook', {
      position: { after: { type: 'space', space: 'space_api' } },
    });
    expect(order()).toEqual(['space_api', 'space_handbook']);
  });

  it('answers 400 for a collection that does not exist or belongs to another organization', async () => {
    expect(
      await errorOf(h.client().spaces.move('space_handbook', { parent: 'col_missing' })),
    ).toBeInstanceOf(BadRequestError);
    expect(
      await errorOf(h.client().spaces.move('space_handbook', { parent: 'col_globex' })),
    ).toBeInstanceOf(BadRequestError);
  });

  it('answers 400 for a position pointing at content outside the target location', async () => {
    const error = await errorOf(
      h.client().spaces.move('space_handbook', {
        position: { before: { type: 'space', space: 'space_globex' } },
      }),
    );
    expect(error).toBeInstanceOf(BadRequestError);
  });

  it('answers 409 when the move would change nothing', async () => {
    expect(
      await errorOf(h.client().spaces.move('space_handbook', { parent: 'col_guides' })),
    ).toBeInstanceOf(ConflictError);
    await h
      .client()
      .spaces.move('space_changelog', {
        position: { after: { type: 'collection', collection: 'col_api' } },
      })
      .then(
        () => expect.unreachable('the changelog already follows col_api'),
        (error: unknown) => expect(error).toBeInstanceOf(ConflictError),
      );
  });

  it('answers 404 for an unknown space', async () => {
    expect(await errorOf(h.client().spaces.move('space_nope', { parent: null }))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('refuses a move body with no properties with 400', async () => {
    await expectStatus(
      h.raw('POST', '/spaces/space_handbook/move', { body: {} }),
      400,
      'must set parent or position',
    );
  });
});

describe('embeds and search', () => {
  it('getEmbedByUrlInSpace describes a page link with its title and site', async () => {
    const embed = await h
      .client()
      .spaces.getEmbed('space_handbook', { url: 'https://www.example.com/guides/getting-started' });
    expect(embed).toEqual({
      type: 'link',
      title: 'getting started',
      site: 'example.com',
      icon: 'https://www.example.com/favicon.ico',
    });
  });

  it('getEmbedByUrlInSpace gives media sites a rich embed with HTML', async () => {
    const embed = await h
      .client()
      .spaces.getEmbed('space_handbook', { url: 'https://youtube.com/watch/robot-demo' });
    expect(embed.type).toBe('rich');
    expect(embed.html).toContain('<iframe src="https://youtube.com/watch/robot-demo"');
  });

  it('getEmbedByUrlInSpace requires the url query parameter (400)', async () => {
    await expectStatus(h.raw('GET', '/spaces/space_handbook/embed'), 400, 'url is required');
  });

  it('searchSpaceContent ranks matching published pages best first', async () => {
    const results = await h
      .client()
      .spaces.search('space_handbook', { query: 'battery' })
      .toArray();
    expect(results.map((r) => r.title)).toEqual(['Maintenance', 'Calibration', 'Installation']);
    expect(results.map((r) => r.rank)).toEqual([1, 2, 3]);
    const scores = results.map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(results[1]?.ancestors).toEqual([{ title: 'Installation' }]);
    expect(results[0]?.sections?.[0]?.title).toBe('Battery replacement');
  });

  it('searchSpaceContent leaves out unpublished pages', async () => {
    const titles = (
      await h.client().spaces.search('space_handbook', { query: 'next model' }).toArray()
    ).map((r) => r.title);
    expect(titles).not.toContain('Roadmap (draft)');
  });

  it('searchSpaceContent pages through the results with limit and the next.page cursor', async () => {
    const pages = [];
    for await (const page of h
      .client()
      .spaces.search('space_handbook', { query: 'battery', limit: 1 })
      .pages()) {
      pages.push(page.items.map((r) => r.rank));
    }
    expect(pages).toEqual([[1], [2], [3]]);
  });

  it('searchSpaceContent refuses a query over 512 characters with 400', async () => {
    await expectStatus(
      h.raw('GET', `/spaces/space_handbook/search?query=${'q'.repeat(513)}`),
      400,
      'query must be at most 512',
    );
    const ok = await h.raw('GET', `/spaces/space_handbook/search?query=${'q'.repeat(512)}`);
    expect(ok.status).toBe(200);
  });

  it('searchSpaceContent requires a query and refuses a malformed cursor with 400', async () => {
    await expectStatus(h.raw('GET', '/spaces/space_handbook/search'), 400, 'query is required');
    await expectStatus(
      h.raw('GET', '/spaces/space_handbook/search?query=a&page=garbage'),
      400,
      'Invalid page cursor',
    );
  });

  it('list limits accept 0 to 1000 and refuse more with 400', async () => {
    await expectStatus(
      h.raw('GET', '/spaces/space_handbook/search?query=a&limit=1001'),
      400,
      'limit must be at most 1000',
    );
    await expectStatus(
      h.raw('GET', '/spaces/space_handbook/permissions/users?limit=-1'),
      400,
      'limit must be at least 0',
    );
    const none = await (
      await h.raw('GET', '/spaces/space_handbook/permissions/users?limit=0')
    ).json();
    expect(none).toEqual({ items: [], count: 2 });
  });
});

describe('Git sync', () => {
  const repo = { url: 'https://github.com/acme/robot-handbook-v2', ref: 'main' };

  it('importGitRepository answers 204 and runs in the background, visible in git info', async () => {
    await h.client().spaces.git.import('space_handbook', repo);
    const running = await h.client().spaces.git.info('space_handbook');
    expect(running.operation).toMatchObject({ state: 'running', direction: 'import' });
    await h.server.clock.advance('2s');
    const done = await h.client().spaces.git.info('space_handbook');
    expect(done.operation).toMatchObject({
      state: 'success',
      direction: 'import',
      endedAt: h.server.clock.date().toISOString(),
    });
    expect(done.repoName).toBe('acme/robot-handbook-v2');
  });

  it('exportToGitRepository answers 204 and records an export operation', async () => {
    await h
      .client()
      .spaces.git.export('space_handbook', { ...repo, commitMessage: 'Sync from docs' });
    expect((await h.client().spaces.git.info('space_handbook')).operation?.direction).toBe(
      'export',
    );
  });

  it('exportToGitRepository requires a commit message (400)', async () => {
    await expectStatus(
      h.raw('POST', '/spaces/space_handbook/git/export', { body: repo }),
      400,
      'commitMessage is required',
    );
  });

  it('never echoes credentials found in a repository URL', async () => {
    await h.client().spaces.git.import('space_handbook', {
      url: 'https://bot:s3cret-pat@github.com/acme/private.git',
      ref: 'main',
    });
    await h.server.clock.advance('2s');
    const info = await h.client().spaces.git.info('space_handbook');
    expect(JSON.stringify(info)).not.toContain('s3cret-pat');
    expect(info.url).toBe('https://github.com/acme/private.git');
    expect(JSON.stringify(h.server.inspect('docs'))).not.toContain('s3cret-pat');
  });

  it('import and export answer 404 for a space without a Git provider', async () => {
    expect(await errorOf(h.client().spaces.git.import('space_api', repo))).toBeInstanceOf(
      NotFoundError,
    );
    expect(
      await errorOf(h.client().spaces.git.export('space_api', { ...repo, commitMessage: 'm' })),
    ).toBeInstanceOf(NotFoundError);
  });

  it('getSpaceGitInfo answers 404 when no Git provider is set up', async () => {
    expect(await errorOf(h.client().spaces.git.info('space_api'))).toBeInstanceOf(NotFoundError);
  });

  it('an import with an unauthenticated installation ends in failure with the reason', async () => {
    const token = h.server.docs.mintToken({ scheme: 'user', userId: 'usr_dan' });
    await h
      .client(token)
      .spaces.git.import('space_globex', { url: 'https://gitlab.com/globex/ops', ref: 'main' });
    const info = await h.client(token).spaces.git.info('space_globex');
    expect(info.installationStatus).toBe('unauthenticated');
    expect(info.operation).toMatchObject({
      state: 'failure',
      error: 'The Git provider installation is not authenticated',
    });
  });

  it('deleteLegacyGitInstallation answers 205 when it removed one and 204 when none was left', async () => {
    const internal = h.client('docs-dev-user-internal');
    expect(await internal.spaces.git.deleteLegacyInstallation('space_changelog')).toBe(true);
    expect(await internal.spaces.git.deleteLegacyInstallation('space_changelog')).toBe(false);
    expect(await internal.spaces.git.deleteLegacyInstallation('space_handbook')).toBe(false);
  });
});

describe('permissions', () => {
  const users = async () =>
    (await h.client().spaces.permissions.listUsers('space_handbook').toArray()).map(
      (p) => `${p.user.id}:${p.permission}`,
    );
  const teams = async () =>
    (await h.client().spaces.permissions.listTeams('space_handbook').toArray()).map(
      (p) => `${p.team.id}:${p.permission}`,
    );

  it('inviteToSpace gives users and teams the role, answering 204', async () => {
    await h.client().spaces.permissions.invite('space_handbook', {
      role: 'comment',
      users: ['usr_chloe'],
      teams: ['team_support'],
    });
    expect(await users()).toContain('usr_chloe:comment');
    expect(await teams()).toContain('team_support:comment');
  });

  it('inviteToSpace answers 404 for an unknown user or team and applies nothing', async () => {
    const before = [await users(), await teams()];
    const error = await errorOf(
      h.client().spaces.permissions.invite('space_handbook', {
        role: 'read',
        users: ['usr_chloe', 'usr_ghost'],
        teams: ['team_support'],
      }),
    );
    expect(error).toBeInstanceOf(NotFoundError);
    expect(
      await errorOf(
        h
          .client()
          .spaces.permissions.invite('space_handbook', { role: 'read', teams: ['team_ghost'] }),
      ),
    ).toBeInstanceOf(NotFoundError);
    expect([await users(), await teams()]).toEqual(before);
  });

  it('inviteToSpace refuses an invitation without users or teams (400)', async () => {
    await expectStatus(
      h.raw('POST', '/spaces/space_handbook/permissions', { body: { role: 'read', users: [] } }),
      400,
      'must name at least one user or team',
    );
  });

  it('inviting with role null makes a guest, who holds no role of their own', async () => {
    await h
      .client()
      .spaces.permissions.invite('space_handbook', { role: null, users: ['usr_brian'] });
    expect(await users()).toEqual(['usr_ada:admin']);
  });

  it('updateTeamPermissionInSpace changes the role (204) and answers 404 for an unknown team', async () => {
    await h
      .client()
      .spaces.permissions.updateTeam('space_handbook', 'team_reviewers', { role: 'admin' });
    expect(await teams()).toContain('team_reviewers:admin');
    expect(
      await errorOf(
        h.client().spaces.permissions.updateTeam('space_handbook', 'team_ghost', { role: 'read' }),
      ),
    ).toBeInstanceOf(NotFoundError);
  });

  it('removeTeamFromSpace answers 205 when the team was removed', async () => {
    expect(await h.client().spaces.permissions.removeTeam('space_handbook', 'team_writers')).toBe(
      true,
    );
    expect(await teams()).toEqual(['team_reviewers:review']);
  });

  it('removeTeamFromSpace answers 204 when the team of the organization held no permission', async () => {
    expect(
      (await h.raw('DELETE', '/spaces/space_handbook/permissions/teams/team_support')).status,
    ).toBe(204);
  });

  it('removeTeamFromSpace answers 400 for a team of another organization, which can have no access', async () => {
    await expectStatus(
      h.raw('DELETE', '/spaces/space_handbook/permissions/teams/team_globex_ops'),
      400,
      'another organization',
    );
  });

  it('removeTeamFromSpace answers 404 for a team that does not exist', async () => {
    expect(
      await errorOf(h.client().spaces.permissions.removeTeam('space_handbook', 'team_ghost')),
    ).toBeInstanceOf(NotFoundError);
  });

  it('listTeamPermissionsInSpace lists permission and team, a page at a time', async () => {
    const first = await h.client().spaces.permissions.listTeams('space_handbook', { limit: 1 });
    expect(first.items).toEqual([
      {
        permission: 'review',
        team: {
          object: 'team',
          id: 'team_reviewers',
          title: 'Reviewers',
          members: 1,
          spaces: 1,
          createdAt: '2026-01-15T09:00:00.000Z',
          permissions: { view: true, admin: false },
        },
      },
    ]);
    expect(first.body.count).toBe(2);
    expect(await teams()).toEqual(['team_reviewers:review', 'team_writers:edit']);
  });

  it('listUserPermissionsInSpace lists permission and user, and answers 404 for no such space', async () => {
    expect(await users()).toEqual(['usr_ada:admin', 'usr_brian:edit']);
    expect(
      await errorOf(h.client().spaces.permissions.listUsers('space_nope').toArray()),
    ).toBeInstanceOf(NotFoundError);
  });

  it('updateUserPermissionInSpace changes the role (204) and answers 404 for an unknown user', async () => {
    await h.client().spaces.permissions.updateUser('space_handbook', 'usr_brian', { role: 'read' });
    expect(await users()).toContain('usr_brian:read');
    expect(
      await errorOf(
        h.client().spaces.permissions.updateUser('space_handbook', 'usr_ghost', { role: 'read' }),
      ),
    ).toBeInstanceOf(NotFoundError);
  });

  it('removeUserFromSpace answers 205 when the user was removed and 204 when the user had no permission', async () => {
    expect(await h.client().spaces.permissions.removeUser('space_handbook', 'usr_brian')).toBe(
      true,
    );
    expect(await h.client().spaces.permissions.removeUser('space_handbook', 'usr_brian')).toBe(
      false,
    );
    expect(
      (await h.raw('DELETE', '/spaces/space_handbook/permissions/users/usr_chloe')).status,
    ).toBe(204);
  });
});

describe('server robustness', () => {
  it('answers CORS preflight requests so browser clients can call it', async () => {
    const res = await fetch(`${h.url}/v1/spaces/space_handbook`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
  });

  it('answers a body of the wrong type with 400, not 500', async () => {
    await expectStatus(
      h.raw('PATCH', '/spaces/space_handbook', { rawBody: '[1,2,3]' }),
      400,
      'Invalid body',
    );
    await expectStatus(
      h.raw('POST', '/spaces/space_handbook/permissions', { rawBody: '"x"' }),
      400,
      'Invalid body',
    );
  });
});
