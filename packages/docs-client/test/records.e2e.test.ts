import { describe, expect, it } from 'vitest';
import { useDocsServer } from './support/e2e';

const h = useDocsServer();

describe('records: the fields the service marks required', () => {
  it("a user's urls.location is the user's URL in the API and reads the same user", async () => {
    const me = await h.client().user.get();
    expect(me.urls.location).toBe(`${h.url}/v1/users/usr_ada`);
    const again = await fetch(me.urls.location, {
      headers: { authorization: 'Bearer docs-dev-user-ada' },
    });
    expect(((await again.json()) as { id: string }).id).toBe('usr_ada');
  });

  it("a space's urls.location is the space's URL in the API; a private space has no published URL", async () => {
    const space = await h.client().spaces.get('space_handbook');
    expect(space.urls.location).toBe(`${h.url}/v1/spaces/space_handbook`);
    expect(space.urls.published).toBeDefined();
    const dan = h.server.docs.mintToken({ scheme: 'user', userId: 'usr_dan' });
    expect((await h.client(dan).spaces.get('space_globex')).urls.published).toBeUndefined();
  });

  it("a space's permissions follow the caller's role: admin, editor, and a reviewer through a team", async () => {
    const ada = await h.client().spaces.get('space_handbook');
    expect(ada.permissions).toMatchObject({ admin: true, edit: true, installIntegration: true });
    const brian = await h.client('docs-dev-user-brian').spaces.get('space_handbook');
    expect(brian.permissions).toMatchObject({ admin: false, edit: true, merge: true });
    const chloe = h.server.docs.mintToken({ scheme: 'user', userId: 'usr_chloe' });
    expect((await h.client(chloe).spaces.get('space_handbook')).permissions).toMatchObject({
      access: true,
      review: true,
      edit: false,
      admin: false,
    });
  });

  it('an integration token may view a space and do nothing else in it', async () => {
    const space = await h.client('docs-dev-integration').spaces.get('space_handbook');
    expect(Object.entries(space.permissions).filter(([, allowed]) => allowed)).toEqual([
      ['view', true],
    ]);
  });

  it('a successful Git import makes a new revision live; an export leaves the revision alone', async () => {
    const repository = { url: 'https://github.com/acme/robot-handbook', ref: 'refs/heads/main' };
    const before = (await h.client().spaces.get('space_handbook')).revision;
    await h.client().spaces.git.export('space_handbook', { ...repository, commitMessage: 'm' });
    await h.server.clock.advance('2s');
    expect((await h.client().spaces.get('space_handbook')).revision).toBe(before);
    await h.client().spaces.git.import('space_handbook', repository);
    await h.server.clock.advance('2s');
    expect((await h.client().spaces.get('space_handbook')).revision).not.toBe(before);
  });

  it('a duplicated space starts with a new revision and no comments or change requests', async () => {
    const original = await h.client().spaces.get('space_handbook');
    expect(original.changeRequests).toBeGreaterThan(0);
    const copy = await h.client().spaces.duplicate('space_handbook');
    expect(copy.revision).not.toBe(original.revision);
    expect(copy).toMatchObject({
      comments: 0,
      changeRequests: 0,
      changeRequestsOpen: 0,
      changeRequestsDraft: 0,
    });
  });

  it("search sections link to themselves in the application (the page's URL and the section id)", async () => {
    const [page] = await h.client().spaces.search('space_handbook', { query: 'battery' }).toArray();
    for (const section of page?.sections ?? [])
      expect(section.urls.app).toBe(`${page?.urls.app}#${section.id}`);
  });

  it("a Git sync state names its installation's id", async () => {
    expect((await h.client().spaces.git.info('space_handbook')).installationId).toBe(
      'gitinst_acme_github',
    );
  });

  it('a team record counts its members and the spaces it has a role in', async () => {
    const items = await h.client().spaces.permissions.listTeams('space_changelog').toArray();
    expect(items.map((item) => item.team)).toEqual([
      expect.objectContaining({ id: 'team_support', members: 2, spaces: 1 }),
    ]);
  });
});
