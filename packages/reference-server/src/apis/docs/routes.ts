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
import { appUrlOf, embedOf, presentGit, presentSpace, presentUser } from './present';
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
  const spaceOf = (c: Context) => store.activeSpace(c.req.param('spaceId')!);

  app.get('/', (c) => {
    auth(c, 'getApiInformation');
    return c.json({ version: API_VERSION, build: API_BUILD });
  });

  app.get('/user', (c) => {
    const principal = auth(c, 'getAuthenticatedUser');
    const user = principal.userId ? store.user(principal.userId) : undefined;
    if (!user) throw new ApiProblem(404, 'This token does not belong to a user');
    return c.json(presentUser(user));
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
    auth(c, 'getUserById');
    const user = store.user(c.req.param('userId'));
    if (!user) throw new ApiProblem(404, `User "${c.req.param('userId')}" not found`);
    return c.json(presentUser(user));
  });

  app.patch('/users/:userId', async (c) => {
    const principal = auth(c, 'updateUserById');
    const changes = await validBody(c, UpdateUserBody);
    const user = store.user(c.req.param('userId'));
    if (!user) throw new ApiProblem(404, `User "${c.req.param('userId')}" not found`);
    if (principal.userId !== user.id)
      throw new ApiProblem(403, 'A user token may only update its own user');
    if (changes.displayName !== undefined) user.displayName = changes.displayName;
    if (changes.photoURL !== undefined) user.photoURL = changes.photoURL;
    return c.json(presentUser(user));
  });

  app.get('/spaces/:spaceId', (c) => {
    auth(c, 'getSpaceById');
    validQuery(c, GetSpaceQuery);
    return c.json(presentSpace(spaceOf(c)));
  });

  app.patch('/spaces/:spaceId', async (c) => {
    auth(c, 'updateSpaceById');
    const changes = await validBody(c, UpdateSpaceBody);
    const space = spaceOf(c);
    for (const [key, value] of Object.entries(changes)) {
      if (value !== undefined) (space as unknown as Record<string, unknown>)[key] = value;
    }
    store.touch(space);
    return c.json(presentSpace(space));
  });

  app.delete('/spaces/:spaceId', (c) => {
    auth(c, 'deleteSpaceById');
    return changed(c, store.trash(c.req.param('spaceId')));
  });

  app.post('/spaces/:spaceId/duplicate', (c) => {
    auth(c, 'duplicateSpace');
    const copy = store.duplicate(spaceOf(c));
    const origin = new URL(c.req.url).origin;
    c.header('Location', `${origin}${DOCS_BASE}/spaces/${copy.id}`);
    return c.json(presentSpace(copy), 201);
  });

  app.post('/spaces/:spaceId/restore', (c) => {
    auth(c, 'restoreSpace');
    return c.json(presentSpace(store.restore(c.req.param('spaceId'))));
  });

  app.post('/spaces/:spaceId/move', async (c) => {
    auth(c, 'moveSpace');
    const body = await validBody(c, MoveSpaceBody);
    const space = spaceOf(c);
    store.move(space, 'parent' in body ? body.parent : undefined, body.position);
    return c.json(presentSpace(space));
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
    const had = Object.hasOwn(space.teamPermissions, team.id);
    delete space.teamPermissions[team.id];
    return changed(c, had);
  });

  app.get('/spaces/:spaceId/permissions/teams', (c) => {
    auth(c, 'listTeamPermissionsInSpace');
    const query = validQuery(c, ListQuery);
    const space = spaceOf(c);
    const items = Object.entries(space.teamPermissions)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([teamId, permission]) => {
        const team = store.team(teamId);
        return team ? [{ permission, team: { id: team.id, title: team.title } }] : [];
      });
    return c.json(listPage(items, query));
  });

  app.get('/spaces/:spaceId/permissions/users', (c) => {
    auth(c, 'listUserPermissionsInSpace');
    const query = validQuery(c, ListQuery);
    const space = spaceOf(c);
    const items = Object.entries(space.userPermissions)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([userId, permission]) => {
        const user = store.user(userId);
        return user ? [{ permission, user: presentUser(user) }] : [];
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
    // Own properties only: an id such as `constructor` must not find what every object inherits.
    const had = Object.hasOwn(space.userPermissions, userId);
    delete space.userPermissions[userId];
    return changed(c, had);
  });

  return app;
}

/** Guests (role null) hold no permission of their own, so null removes the entry. */
function setRole(permissions: Record<string, string>, id: string, role: string | null): void {
  if (role === null) delete permissions[id];
  // Defined, not assigned: an id such as `__proto__` becomes an entry, not the object's prototype.
  else
    Object.defineProperty(permissions, id, {
      value: role,
      enumerable: true,
      writable: true,
      configurable: true,
    });
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
