import { createHmac } from 'node:crypto';
import {
  EmbedQuery,
  ExportToGitRepository,
  GetSpaceQuery,
  ImportGitRepository,
  InviteUsersAndTeams,
  ListQuery,
  MoveSpaceBody,
  SearchQuery,
  UpdatePermissionBody,
  UpdateSpaceBody,
  UpdateUserBody,
} from '@clientkit/docs-client/schemas';
import { type Context, Hono } from 'hono';
import { ApiProblem, validBody, validQuery } from '../../problem';
import type { SecretMap } from '../../secret-map';
import {
  appUrlOf,
  embedOf,
  presentGit,
  presentSpace,
  presentTeam,
  presentUser,
  type Viewer,
} from './present';
import { searchSpace } from './search';
import { authorize, type DocsOperation, type Principal } from './security';
import type { DocsStore, StoredSpace } from './store';

export const DOCS_BASE = '/v1';
const API_VERSION = '0.0.1-beta';
const API_BUILD = '2026-11-01T00:00:00.000Z';
const DEFAULT_LIMIT = 50;

/** 205 when something changed, 204 when there was nothing to do; neither has a body. */
function changed(c: Context, didChange: boolean): Response {
  return c.body(null, didChange ? 205 : 204);
}

/** One page of a listing, with an opaque cursor to the next. */
function listPage<T>(all: T[], query: { limit?: number; page?: string }) {
  const offset = query.page === undefined ? 0 : decodeCursor(query.page);
  const limit = query.limit ?? DEFAULT_LIMIT;
  const items = all.slice(offset, offset + limit);
  const end = offset + items.length;
  return {
    items,
    ...(limit > 0 && end < all.length ? { next: { page: encodeCursor(end) } } : {}),
    count: all.length,
  };
}

function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

function decodeCursor(cursor: string): number {
  try {
    const offset = (
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown }
    ).o;
    if (typeof offset === 'number' && Number.isInteger(offset) && offset >= 0) return offset;
  } catch {
    // fall through to the 400 below
  }
  throw new ApiProblem(
    400,
    'Invalid page cursor: pass the next.page value of the previous response unchanged',
  );
}

/** The documentation interface's routes, in the order of the specification's endpoint table. */
export function docsRoutes(
  store: DocsStore,
  tokens: SecretMap<Principal>,
  signingKey: string,
): Hono {
  const app = new Hono({ strict: false }).basePath(DOCS_BASE);
  const auth = (c: Context, operation: DocsOperation) => authorize(c, operation, tokens);
  /** Authorizes the request and says whom and where the answer's records are presented to. */
  const viewer = (c: Context, operation: DocsOperation): Viewer => ({
    apiUrl: `${new URL(c.req.url).origin}${DOCS_BASE}`,
    principal: auth(c, operation),
    state: store.state,
  });
  const spaceOf = (c: Context) => store.activeSpace(c.req.param('spaceId')!);

  app.get('/', (c) => {
    auth(c, 'getApiInformation');
    return c.json({ version: API_VERSION, build: API_BUILD });
  });

  app.get('/user', (c) => {
    const v = viewer(c, 'getAuthenticatedUser');
    const user = v.principal.userId ? store.user(v.principal.userId) : undefined;
    if (!user) throw new ApiProblem(404, 'This token does not belong to a user');
    return c.json(presentUser(user, v));
  });

  app.post('/user/notifications/token', (c) => {
    const principal = auth(c, 'createUserNotificationsToken');
    const expiresAt = new Date(Date.parse(store.now()) + 3_600_000).toISOString();
    return c.json({
      token: notificationsJwt(principal.userId ?? '', expiresAt, signingKey),
      expiresAt,
    });
  });

  app.get('/users/:userId', (c) => {
    const v = viewer(c, 'getUserById');
    const user = store.user(c.req.param('userId'));
    if (!user) throw new ApiProblem(404, `User "${c.req.param('userId')}" not found`);
    return c.json(presentUser(user, v));
  });

  app.patch('/users/:userId', async (c) => {
    const v = viewer(c, 'updateUserById');
    const changes = await validBody(c, UpdateUserBody);
    const user = store.user(c.req.param('userId'));
    if (!user) throw new ApiProblem(404, `User "${c.req.param('userId')}" not found`);
    if (v.principal.userId !== user.id)
      throw new ApiProblem(403, 'A user token may only update its own user');
    if (changes.displayName !== undefined) user.displayName = changes.displayName;
    if (changes.photoURL !== undefined) user.photoURL = changes.photoURL;
    return c.json(presentUser(user, v));
  });

  app.get('/spaces/:spaceId', (c) => {
    const v = viewer(c, 'getSpaceById');
    validQuery(c, GetSpaceQuery);
    return c.json(presentSpace(spaceOf(c), v));
  });

  app.patch('/spaces/:spaceId', async (c) => {
    const v = viewer(c, 'updateSpaceById');
    const changes = await validBody(c, UpdateSpaceBody);
    const space = spaceOf(c);
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined) (space as unknown as Record<string, unknown>)[key] = value;
    }
    store.touch(space);
    return c.json(presentSpace(space, v));
  });

  app.delete('/spaces/:spaceId', (c) => {
    auth(c, 'deleteSpaceById');
    return changed(c, store.trash(c.req.param('spaceId')));
  });

  app.post('/spaces/:spaceId/duplicate', (c) => {
    const v = viewer(c, 'duplicateSpace');
    const copy = store.duplicate(spaceOf(c));
    const origin = new URL(c.req.url).origin;
    c.header('Location', `${origin}${DOCS_BASE}/spaces/${copy.id}`);
    return c.json(presentSpace(copy, v), 201);
  });

  app.post('/spaces/:spaceId/restore', (c) => {
    const v = viewer(c, 'restoreSpace');
    return c.json(presentSpace(store.restore(c.req.param('spaceId')), v));
  });

  app.post('/spaces/:spaceId/move', async (c) => {
    const v = viewer(c, 'moveSpace');
    const body = await validBody(c, MoveSpaceBody);
    const space = spaceOf(c);
    store.move(space, 'parent' in body ? body.parent : undefined, body.position);
    return c.json(presentSpace(space, v));
  });

  app.get('/spaces/:spaceId/embed', (c) => {
    auth(c, 'getEmbedByUrlInSpace');
    const { url } = validQuery(c, EmbedQuery);
    spaceOf(c);
    return c.json(embedOf(url));
  });

  app.get('/spaces/:spaceId/search', (c) => {
    auth(c, 'searchSpaceContent');
    const query = validQuery(c, SearchQuery);
    const space = spaceOf(c);
    return c.json(listPage(searchSpace(space, query.query, appUrlOf(space)), query));
  });

  app.post('/spaces/:spaceId/git/import', async (c) => {
    auth(c, 'importGitRepository');
    const body = await validBody(c, ImportGitRepository);
    store.startGitOperation(spaceOf(c), 'import', body.url);
    return c.body(null, 204);
  });

  app.post('/spaces/:spaceId/git/export', async (c) => {
    auth(c, 'exportToGitRepository');
    const body = await validBody(c, ExportToGitRepository);
    store.startGitOperation(spaceOf(c), 'export', body.url);
    return c.body(null, 204);
  });

  app.get('/spaces/:spaceId/git/info', (c) => {
    auth(c, 'getSpaceGitInfo');
    const space = spaceOf(c);
    if (!space.git) throw new ApiProblem(404, `Space "${space.id}" has no Git provider set up`);
    return c.json(presentGit(space.git));
  });

  app.delete('/spaces/:spaceId/git/legacy-installation', (c) => {
    auth(c, 'deleteLegacyGitInstallation');
    const space = spaceOf(c);
    const had = space.legacyGitInstallation;
    space.legacyGitInstallation = false;
    return changed(c, had);
  });

  app.post('/spaces/:spaceId/permissions', async (c) => {
    auth(c, 'inviteToSpace');
    const body = await validBody(c, InviteUsersAndTeams);
    const space = spaceOf(c);
    const users = body.users ?? [];
    const teams = body.teams ?? [];
    for (const id of users)
      if (!store.user(id)) throw new ApiProblem(404, `User "${id}" not found`);
    for (const id of teams) teamInOrganization(store, space, id);
    for (const id of users) setRole(space.userPermissions, id, body.role);
    for (const id of teams) setRole(space.teamPermissions, id, body.role);
    store.touch(space);
    return c.body(null, 204);
  });

  app.patch('/spaces/:spaceId/permissions/teams/:teamId', async (c) => {
    auth(c, 'updateTeamPermissionInSpace');
    const body = await validBody(c, UpdatePermissionBody);
    const space = spaceOf(c);
    const team = teamInOrganization(store, space, c.req.param('teamId'));
    if (body.role !== undefined) setRole(space.teamPermissions, team.id, body.role);
    return c.body(null, 204);
  });

  app.delete('/spaces/:spaceId/permissions/teams/:teamId', (c) => {
    auth(c, 'removeTeamFromSpace');
    const space = spaceOf(c);
    const team = teamInOrganization(store, space, c.req.param('teamId'));
    const had = team.id in space.teamPermissions;
    delete space.teamPermissions[team.id];
    return changed(c, had);
  });

  app.get('/spaces/:spaceId/permissions/teams', (c) => {
    const v = viewer(c, 'listTeamPermissionsInSpace');
    const query = validQuery(c, ListQuery);
    const space = spaceOf(c);
    const items = Object.entries(space.teamPermissions)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([teamId, permission]) => {
        const team = store.team(teamId);
        return team ? [{ permission, team: presentTeam(team, v) }] : [];
      });
    return c.json(listPage(items, query));
  });

  app.get('/spaces/:spaceId/permissions/users', (c) => {
    const v = viewer(c, 'listUserPermissionsInSpace');
    const query = validQuery(c, ListQuery);
    const space = spaceOf(c);
    const items = Object.entries(space.userPermissions)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([userId, permission]) => {
        const user = store.user(userId);
        return user ? [{ permission, user: presentUser(user, v) }] : [];
      });
    return c.json(listPage(items, query));
  });

  app.patch('/spaces/:spaceId/permissions/users/:userId', async (c) => {
    auth(c, 'updateUserPermissionInSpace');
    const body = await validBody(c, UpdatePermissionBody);
    const space = spaceOf(c);
    const user = store.user(c.req.param('userId'));
    if (!user) throw new ApiProblem(404, `User "${c.req.param('userId')}" not found`);
    if (body.role !== undefined) setRole(space.userPermissions, user.id, body.role);
    return c.body(null, 204);
  });

  app.delete('/spaces/:spaceId/permissions/users/:userId', (c) => {
    auth(c, 'removeUserFromSpace');
    const space = spaceOf(c);
    const userId = c.req.param('userId');
    const had = userId in space.userPermissions;
    delete space.userPermissions[userId];
    return changed(c, had);
  });

  return app;
}

/** Guests (role null) hold no permission of their own, so null removes the entry. */
function setRole(permissions: Record<string, string>, id: string, role: string | null): void {
  if (role === null) delete permissions[id];
  else permissions[id] = role;
}

/** The team, when it is in the space's organization: 404 when it does not exist, 400 when it is foreign. */
function teamInOrganization(store: DocsStore, space: StoredSpace, teamId: string) {
  const team = store.team(teamId);
  if (!team) throw new ApiProblem(404, `Team "${teamId}" not found`);
  if (team.organization !== space.organization) {
    throw new ApiProblem(
      400,
      `Team "${teamId}" belongs to another organization and can have no access to this space`,
    );
  }
  return team;
}

/** A short-lived HS256 JWT for the notifications client. */
function notificationsJwt(userId: string, expiresAt: string, key: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: userId, aud: 'notifications', exp: Math.floor(Date.parse(expiresAt) / 1000) })}`;
  const signature = createHmac('sha256', key).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}
