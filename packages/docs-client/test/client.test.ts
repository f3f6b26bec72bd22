import { inspect } from 'node:util';
import nock from 'nock';
import { describe, expect, it, vi } from 'vitest';
import { useNock } from '../../../test-support/unit';
import {
  APIResponseValidationError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  DocsClient,
  NotFoundError,
  PermissionDeniedError,
  RequestValidationError,
  tokenProvider,
} from '../src/index';

const ORIGIN = 'http://docs.test';
const TOKEN = 'tok_unit_secret_123';
const docs = new DocsClient({ baseUrl: ORIGIN, token: TOKEN, retry: 0 });
const api = () => nock(ORIGIN, { reqheaders: { authorization: `Bearer ${TOKEN}` } });

const space = {
  object: 'space',
  id: 's1',
  title: 'Handbook',
  organization: 'org_1',
  visibility: 'public',
  editMode: 'live',
  defaultLevel: 'inherit',
  language: 'en',
  mergeRules: { type: 'inherit' },
  revision: 'rev_1',
  urls: { location: 'https://x/s1', app: 'https://app/s1' },
  permissions: {
    view: true,
    access: true,
    admin: false,
    viewInviteLinks: false,
    edit: true,
    triggerGitSync: true,
    comment: true,
    merge: true,
    review: true,
    installIntegration: false,
  },
  comments: 2,
  changeRequests: 5,
  changeRequestsOpen: 1,
  changeRequestsDraft: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const user = {
  object: 'user',
  id: 'u1',
  displayName: 'Ada',
  urls: { location: `${ORIGIN}/v1/users/u1` },
};

useNock();

/** Expects a RequestValidationError with these issue texts, and no request (nock refuses any). */
async function refused(promise: PromiseLike<unknown>, issues: string[]) {
  const error = await Promise.resolve(promise).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RequestValidationError);
  expect(
    (error as RequestValidationError).issues.map((i) => `${i.path} ${i.message}`.trim()),
  ).toEqual(issues);
}

describe('DocsClient requests', () => {
  it('getApiInformation sends GET /v1/ with the bearer token', async () => {
    api().get('/v1/').reply(200, { version: '0.0.1-beta', build: 'b' });
    expect(await docs.getApiInformation()).toEqual({ version: '0.0.1-beta', build: 'b' });
  });

  it('user.get sends GET /v1/user', async () => {
    api().get('/v1/user').reply(200, user);
    expect(await docs.user.get()).toEqual(user);
  });

  it('user.createNotificationsToken sends POST /v1/user/notifications/token', async () => {
    api().post('/v1/user/notifications/token').reply(200, { token: 'jwt', expiresAt: 'x' });
    expect(await docs.user.createNotificationsToken()).toEqual({ token: 'jwt', expiresAt: 'x' });
  });

  it('users.get sends GET /v1/users/{userId} with the id percent-encoded', async () => {
    api().get('/v1/users/a%2Fb').reply(200, user);
    await docs.users.get('a/b');
  });

  it('users.update sends PATCH /v1/users/{userId} with the changes', async () => {
    api().patch('/v1/users/u1', { displayName: 'Ada L.' }).reply(200, user);
    await docs.users.update('u1', { displayName: 'Ada L.' });
  });

  it('spaces.get sends GET /v1/spaces/{spaceId} with shareKey when given', async () => {
    api().get('/v1/spaces/s1').query({ shareKey: 'k' }).reply(200, space);
    expect(await docs.spaces.get('s1', { shareKey: 'k' })).toEqual(space);
  });

  it('spaces.update sends PATCH /v1/spaces/{spaceId}', async () => {
    api().patch('/v1/spaces/s1', { title: 'New', emoji: null, icon: null }).reply(200, space);
    await docs.spaces.update('s1', { title: 'New', emoji: null, icon: null });
  });

  it('spaces.delete resolves true on 205 and false on 204', async () => {
    api().delete('/v1/spaces/s1').reply(205).delete('/v1/spaces/s2').reply(204);
    expect(await docs.spaces.delete('s1')).toBe(true);
    expect(await docs.spaces.delete('s2')).toBe(false);
  });

  it('spaces.duplicate sends POST and exposes the Location header through withResponse', async () => {
    api()
      .post('/v1/spaces/s1/duplicate')
      .reply(201, { ...space, id: 's9' }, { location: `${ORIGIN}/v1/spaces/s9` });
    const { data, response } = await docs.spaces.duplicate('s1').withResponse();
    expect(data.id).toBe('s9');
    expect(response.headers.get('location')).toBe(`${ORIGIN}/v1/spaces/s9`);
  });

  it('spaces.restore sends POST /v1/spaces/{spaceId}/restore', async () => {
    api().post('/v1/spaces/s1/restore').reply(200, space);
    await docs.spaces.restore('s1');
  });

  it('spaces.move sends POST /v1/spaces/{spaceId}/move with parent and position', async () => {
    const body = { parent: null, position: { after: { type: 'collection', collection: 'c1' } } };
    api().post('/v1/spaces/s1/move', body).reply(200, space);
    await docs.spaces.move('s1', body as never);
  });

  it('spaces.getEmbed sends GET /v1/spaces/{spaceId}/embed?url=', async () => {
    api()
      .get('/v1/spaces/s1/embed')
      .query({ url: 'https://example.com/a' })
      .reply(200, { type: 'link', title: 'a', site: 'example.com' });
    expect((await docs.spaces.getEmbed('s1', { url: 'https://example.com/a' })).type).toBe('link');
  });

  it('spaces.search follows next.page cursors until the last page', async () => {
    const hit = (id: string) => ({
      id,
      title: id,
      description: '',
      path: id,
      score: 1,
      rank: 1,
      ancestors: [],
      urls: { app: 'x' },
    });
    api()
      .get('/v1/spaces/s1/search')
      .query({ query: 'battery', limit: '2' })
      .reply(200, { items: [hit('a'), hit('b')], next: { page: 'c2' } });
    api()
      .get('/v1/spaces/s1/search')
      .query({ query: 'battery', limit: '2', page: 'c2' })
      .reply(200, { items: [hit('c')] });
    const ids = (await docs.spaces.search('s1', { query: 'battery', limit: 2 }).toArray()).map(
      (r) => r.id,
    );
    expect(ids).toEqual(['a', 'b', 'c']);
  });

  it('spaces.git.import and export send POST with the body and resolve to undefined on 204', async () => {
    api()
      .post('/v1/spaces/s1/git/import', { url: 'https://github.com/a/b', ref: 'main' })
      .reply(204);
    api()
      .post('/v1/spaces/s1/git/export', {
        url: 'https://github.com/a/b',
        ref: 'main',
        commitMessage: 'm',
      })
      .reply(204);
    expect(
      await docs.spaces.git.import('s1', { url: 'https://github.com/a/b', ref: 'main' }),
    ).toBeUndefined();
    await docs.spaces.git.export('s1', {
      url: 'https://github.com/a/b',
      ref: 'main',
      commitMessage: 'm',
    });
  });

  it('spaces.git.info sends GET /v1/spaces/{spaceId}/git/info', async () => {
    api()
      .get('/v1/spaces/s1/git/info')
      .reply(200, { installationProvider: 'github', installationStatus: 'active' });
    expect((await docs.spaces.git.info('s1')).installationProvider).toBe('github');
  });

  it('spaces.git.deleteLegacyInstallation resolves true on 205 and false on 204', async () => {
    api().delete('/v1/spaces/s1/git/legacy-installation').reply(205);
    api().delete('/v1/spaces/s1/git/legacy-installation').reply(204);
    expect(await docs.spaces.git.deleteLegacyInstallation('s1')).toBe(true);
    expect(await docs.spaces.git.deleteLegacyInstallation('s1')).toBe(false);
  });

  it('permissions.invite sends POST /v1/spaces/{spaceId}/permissions', async () => {
    api()
      .post('/v1/spaces/s1/permissions', { role: 'edit', users: ['u1'], teams: ['t1'] })
      .reply(204);
    await docs.spaces.permissions.invite('s1', { role: 'edit', users: ['u1'], teams: ['t1'] });
  });

  it('permissions.updateTeam and updateUser send PATCH with the role', async () => {
    api().patch('/v1/spaces/s1/permissions/teams/t1', { role: 'read' }).reply(204);
    api().patch('/v1/spaces/s1/permissions/users/u1', { role: null }).reply(204);
    await docs.spaces.permissions.updateTeam('s1', 't1', { role: 'read' });
    await docs.spaces.permissions.updateUser('s1', 'u1', { role: null });
  });

  it('permissions.removeTeam and removeUser resolve true on 205 and false on 204', async () => {
    api().delete('/v1/spaces/s1/permissions/teams/t1').reply(205);
    api().delete('/v1/spaces/s1/permissions/users/u1').reply(204);
    expect(await docs.spaces.permissions.removeTeam('s1', 't1')).toBe(true);
    expect(await docs.spaces.permissions.removeUser('s1', 'u1')).toBe(false);
  });

  it('permissions.listTeams and listUsers page with limit and the cursor', async () => {
    const team = (id: string) => ({ permission: 'edit', team: { id, title: id } });
    api()
      .get('/v1/spaces/s1/permissions/teams')
      .query({ limit: '1' })
      .reply(200, { items: [team('t1')], next: { page: 'p2' } });
    api()
      .get('/v1/spaces/s1/permissions/teams')
      .query({ limit: '1', page: 'p2' })
      .reply(200, { items: [team('t2')] });
    const first = await docs.spaces.permissions.listTeams('s1', { limit: 1 });
    expect(first.items[0]?.team.id).toBe('t1');
    expect(first.hasNextPage()).toBe(true);
    expect((await first.getNextPage()).items[0]?.team.id).toBe('t2');
    api()
      .get('/v1/spaces/s1/permissions/users')
      .reply(200, { items: [{ permission: 'admin', user }] });
    expect(await docs.spaces.permissions.listUsers('s1').toArray()).toEqual([
      { permission: 'admin', user },
    ]);
  });

  it('accepts a token provider and asks it for every request', async () => {
    let calls = 0;
    const provider = tokenProvider({
      fetchToken: async () => ({ token: `t${++calls}`, expiresIn: 0 }),
      renewBeforeExpiryMs: 0,
    });
    const client = new DocsClient({ baseUrl: ORIGIN, token: provider });
    nock(ORIGIN, { reqheaders: { authorization: 'Bearer t1' } })
      .get('/v1/user')
      .reply(200, user);
    nock(ORIGIN, { reqheaders: { authorization: 'Bearer t2' } })
      .get('/v1/user')
      .reply(200, user);
    await client.user.get();
    await client.user.get();
  });
});

describe('DocsClient errors', () => {
  const cases = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
  ] as const;
  for (const [status, ErrorClass] of cases) {
    it(`maps {"error": {"code": ${status}, "message"}} to ${ErrorClass.name} with the message and request id`, async () => {
      api()
        .post('/v1/spaces/s1/move')
        .reply(
          status,
          { error: { code: status, message: `why ${status}` } },
          { 'x-request-id': 'req_9' },
        );
      const error = await docs.spaces.move('s1', { parent: null }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErrorClass);
      expect((error as InstanceType<typeof ErrorClass>).message).toContain(`why ${status}`);
      expect((error as InstanceType<typeof ErrorClass>).requestId).toBe('req_9');
    });
  }

  it('never shows the token in errors or when the client is inspected', async () => {
    api()
      .get('/v1/user')
      .reply(401, { error: { code: 401, message: 'The token is not valid' } });
    const error = await docs.user.get().catch((e: unknown) => e);
    const text = [
      String(error),
      inspect(error, { depth: 8 }),
      inspect(docs, { depth: 8 }),
      JSON.stringify(docs),
    ].join('\n');
    expect(text).not.toContain(TOKEN);
  });
});

describe('DocsClient validation, before any request', () => {
  it('refuses a displayName longer than 64 characters', async () => {
    await refused(docs.users.update('u1', { displayName: 'x'.repeat(65) }), [
      'displayName must be at most 64 characters long',
    ]);
  });

  it('refuses an empty displayName and a photoURL that is not a URL', async () => {
    await refused(docs.users.update('u1', { displayName: '', photoURL: 'not a url' }), [
      'displayName must not be empty',
      'photoURL must be a valid URL',
    ]);
  });

  it('refuses a user update with no property', async () => {
    await refused(docs.users.update('u1', {}), ['must set displayName or photoURL']);
  });

  it('refuses a space update with no property', async () => {
    await refused(docs.spaces.update('s1', {}), [
      'must change at least one of editMode, title, defaultLevel, language, mergeRules, emoji, icon',
    ]);
  });

  it('refuses setting emoji and icon together unless both are null', async () => {
    await refused(docs.spaces.update('s1', { emoji: '1f600', icon: 'https://x/i.png' }), [
      'may set emoji or icon, not both (both null removes them)',
    ]);
    await refused(docs.spaces.update('s1', { emoji: null, icon: 'https://x/i.png' }), [
      'may set emoji or icon, not both (both null removes them)',
    ]);
  });

  it('refuses a title over 50 characters, an unknown edit mode and a bad language code', async () => {
    await refused(
      docs.spaces.update('s1', {
        title: 't'.repeat(51),
        editMode: 'frozen' as never,
        language: 'English',
      }),
      [
        'editMode must be one of "live", "locked"',
        'title must be at most 50 characters long',
        'language must be a language code such as en, fr or pt-br',
      ],
    );
  });

  it('refuses a move with neither parent nor position', async () => {
    await refused(docs.spaces.move('s1', {}), ['must set parent or position']);
  });

  it('refuses a position pointer of an unknown type', async () => {
    await refused(
      docs.spaces.move('s1', { position: { before: { type: 'page', page: 'p' } as never } }),
      ['position.before.type must be one of "space", "collection"'],
    );
  });

  it('refuses a search query longer than 512 characters or empty, and a limit over 1000', async () => {
    await refused(docs.spaces.search('s1', { query: 'q'.repeat(513) }), [
      'query must be at most 512 characters long',
    ]);
    await refused(docs.spaces.search('s1', { query: '' }), ['query must not be empty']);
    await refused(docs.spaces.search('s1', { query: 'a', limit: 1001 }), [
      'limit must be at most 1000',
    ]);
  });

  it('refuses an embed url that is not a URL', async () => {
    await refused(docs.spaces.getEmbed('s1', { url: 'nope' }), ['url must be a valid URL']);
  });

  it('refuses an invitation without users or teams, and an unknown role', async () => {
    await refused(docs.spaces.permissions.invite('s1', { role: 'edit', users: [], teams: [] }), [
      'must name at least one user or team',
    ]);
    await refused(docs.spaces.permissions.updateUser('s1', 'u1', { role: 'owner' as never }), [
      'role must be one of "admin", "create", "edit", "review", "comment", "read"',
    ]);
  });

  it('refuses a Git import without url or ref and an export without commitMessage', async () => {
    await refused(docs.spaces.git.import('s1', { url: 'https://github.com/a/b' } as never), [
      'ref is required',
    ]);
    await refused(
      docs.spaces.git.export('s1', { url: 'https://github.com/a/b', ref: 'main' } as never),
      ['commitMessage is required'],
    );
  });

  it('refuses an empty id, and one over 256 characters', async () => {
    await refused(docs.spaces.get(''), ['spaceId must not be empty']);
    await refused(docs.spaces.permissions.removeTeam('s1', ''), ['teamId must not be empty']);
    await refused(docs.users.get('u'.repeat(257)), ['userId must be at most 256 characters long']);
  });

  it('refuses to construct without a token (in code or CLIENTKIT_DOCS_TOKEN) or with a bad base URL', () => {
    vi.stubEnv('CLIENTKIT_DOCS_TOKEN', undefined);
    expect(() => new DocsClient({ baseUrl: ORIGIN })).toThrow(
      'Invalid options of DocsClient: token is required: pass it or set CLIENTKIT_DOCS_TOKEN',
    );
    vi.unstubAllEnvs();
    expect(() => new DocsClient({ baseUrl: ORIGIN, token: '' })).toThrow(
      'Invalid options of DocsClient: token must be a non-empty string or a function that returns one',
    );
    expect(() => new DocsClient({ baseUrl: 'docs.test', token: 't' })).toThrow(
      'baseUrl must be an absolute http(s) URL',
    );
  });
});

describe('DocsClient records carry the fields the service marks required', () => {
  const checked = new DocsClient({
    baseUrl: ORIGIN,
    token: TOKEN,
    retry: 0,
    validateResponses: true,
  });
  const team = {
    object: 'team',
    id: 't1',
    title: 'Writers',
    members: 2,
    spaces: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    permissions: { view: true, admin: false },
  };

  it('a space with revision, urls, permissions and counts passes response validation', async () => {
    api().get('/v1/spaces/s1').reply(200, space);
    const read = await checked.spaces.get('s1');
    expect(read.revision).toBe('rev_1');
    expect(read.permissions.edit).toBe(true);
    expect(read.changeRequestsOpen).toBe(1);
  });

  it('a space without revision, permissions or change-request counts fails response validation', async () => {
    const { revision, permissions, changeRequestsDraft, ...partial } = space;
    api().get('/v1/spaces/s1').reply(200, partial);
    const error = await checked.spaces.get('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).issues.map((i) => i.path).sort()).toEqual([
      'changeRequestsDraft',
      'permissions',
      'revision',
    ]);
  });

  it('a user without urls.location fails response validation', async () => {
    api().get('/v1/users/u1').reply(200, { object: 'user', id: 'u1', displayName: 'Ada' });
    const error = await checked.users.get('u1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).issues.map((i) => i.path)).toEqual(['urls']);
  });

  it('a team permission whose team is not a full team record fails response validation', async () => {
    api()
      .get('/v1/spaces/s1/permissions/teams')
      .reply(200, { items: [{ permission: 'edit', team: { id: 't1', title: 'Writers' } }] });
    const error = await checked.spaces.permissions
      .listTeams('s1')
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIResponseValidationError);
  });

  it('a team permission with a full team record reads its member and space counts', async () => {
    api()
      .get('/v1/spaces/s1/permissions/teams')
      .reply(200, { items: [{ permission: 'edit', team }] });
    const [item] = await checked.spaces.permissions.listTeams('s1').toArray();
    expect(item?.team).toEqual(team);
  });

  it('a Git sync state without installationId fails response validation', async () => {
    api()
      .get('/v1/spaces/s1/git/info')
      .reply(200, { installationProvider: 'github', installationStatus: 'active' });
    const error = await checked.spaces.git.info('s1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).issues.map((i) => i.path)).toEqual([
      'installationId',
    ]);
  });

  it('a search section without urls.app fails response validation', async () => {
    const hit = {
      id: 'p1',
      title: 'Battery',
      description: '',
      path: 'battery',
      score: 2,
      rank: 1,
      ancestors: [],
      urls: { app: 'https://app/p1' },
      sections: [{ id: 's', title: 'S', path: 'battery#s', score: 1, body: 'b' }],
    };
    api()
      .get('/v1/spaces/s1/search')
      .query({ query: 'battery' })
      .reply(200, { items: [hit] });
    const error = await checked.spaces
      .search('s1', { query: 'battery' })
      .toArray()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIResponseValidationError);
    expect((error as APIResponseValidationError).issues.map((i) => i.path)).toEqual([
      'items[0].sections[0].urls',
    ]);
  });
});
