import { createHmac } from 'node:crypto';
import type { docs } from '@clientkit/contracts/docs';
import type { Context } from 'hono';
import type { HandlersOf } from '../../operations';
import { ApiProblem } from '../../problem';
import { DOCS_BASE, listPage } from './listing';
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
import type { Principal } from './security';
import type { DocsStore, StoredSpace } from './store';

const API_VERSION = '0.0.1-beta';
const API_BUILD = '2026-11-01T00:00:00.000Z';

/** 205 when something changed, 204 when there was nothing to do; neither has a body. */
function changed(c: Context, didChange: boolean): Response {
  return c.body(null, didChange ? 205 : 204);
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

/** The behaviour of each docs operation, keyed by operationId; auth and input are checked before. */
export function docsHandlers(
  store: DocsStore,
  signingKey: string,
): HandlersOf<typeof docs, Principal> {
  const spaceOf = (c: Context) => store.activeSpace(c.req.param('spaceId')!);
  /** Whom and where the answer's records are presented to. */
  const viewer = (c: Context, principal: Principal): Viewer => ({
    apiUrl: `${new URL(c.req.url).origin}${DOCS_BASE}`,
    principal,
    state: store.state,
  });
  const userOr404 = (id: string) => {
    const user = store.user(id);
    if (!user) throw new ApiProblem(404, `User "${id}" not found`);
    return user;
  };

  return {
    getApiInformation: (c) => c.json({ version: API_VERSION, build: API_BUILD }),

    getAuthenticatedUser: (c, principal) => {
      const user = principal.userId ? store.user(principal.userId) : undefined;
      if (!user) throw new ApiProblem(404, 'This token does not belong to a user');
      return c.json(presentUser(user, viewer(c, principal)));
    },

    createUserNotificationsToken: (c, principal) => {
      const expiresAt = new Date(Date.parse(store.now()) + 3_600_000).toISOString();
      return c.json({
        token: notificationsJwt(principal.userId ?? '', expiresAt, signingKey),
        expiresAt,
      });
    },

    getUserById: (c, principal) =>
      c.json(presentUser(userOr404(c.req.param('userId')!), viewer(c, principal))),

    updateUserById: (c, principal, { body: changes }) => {
      const user = userOr404(c.req.param('userId')!);
      if (principal.userId !== user.id)
        throw new ApiProblem(403, 'A user token may only update its own user');
      if (changes.displayName !== undefined) user.displayName = changes.displayName;
      if (changes.photoURL !== undefined) user.photoURL = changes.photoURL;
      return c.json(presentUser(user, viewer(c, principal)));
    },

    getSpaceById: (c, principal) => c.json(presentSpace(spaceOf(c), viewer(c, principal))),

    updateSpaceById: (c, principal, { body: changes }) => {
      const space = spaceOf(c);
      for (const [key, value] of Object.entries(changes)) {
        if (value !== undefined) (space as unknown as Record<string, unknown>)[key] = value;
      }
      store.touch(space);
      return c.json(presentSpace(space, viewer(c, principal)));
    },

    deleteSpaceById: (c) => changed(c, store.trash(c.req.param('spaceId')!)),

    duplicateSpace: (c, principal) => {
      const copy = store.duplicate(spaceOf(c));
      const origin = new URL(c.req.url).origin;
      c.header('Location', `${origin}${DOCS_BASE}/spaces/${copy.id}`);
      return c.json(presentSpace(copy, viewer(c, principal)), 201);
    },

    restoreSpace: (c, principal) =>
      c.json(presentSpace(store.restore(c.req.param('spaceId')!), viewer(c, principal))),

    moveSpace: (c, principal, { body }) => {
      const space = spaceOf(c);
      store.move(space, 'parent' in body ? body.parent : undefined, body.position);
      return c.json(presentSpace(space, viewer(c, principal)));
    },

    getEmbedByUrlInSpace: (c, _principal, { query: { url } }) => {
      spaceOf(c);
      return c.json(embedOf(url));
    },

    searchSpaceContent: (c, _principal, { query }) => {
      const space = spaceOf(c);
      return c.json(listPage(searchSpace(space, query.query, appUrlOf(space)), query));
    },

    importGitRepository: (c, _principal, { body }) => {
      store.startGitOperation(spaceOf(c), 'import', body.url);
      return c.body(null, 204);
    },

    exportToGitRepository: (c, _principal, { body }) => {
      store.startGitOperation(spaceOf(c), 'export', body.url);
      return c.body(null, 204);
    },

    getSpaceGitInfo: (c) => {
      const space = spaceOf(c);
      if (!space.git) throw new ApiProblem(404, `Space "${space.id}" has no Git provider set up`);
      return c.json(presentGit(space.git));
    },

    deleteLegacyGitInstallation: (c) => {
      const space = spaceOf(c);
      const had = space.legacyGitInstallation;
      space.legacyGitInstallation = false;
      return changed(c, had);
    },

    inviteToSpace: (c, _principal, { body }) => {
      const space = spaceOf(c);
      const users = body.users ?? [];
      const teams = body.teams ?? [];
      for (const id of users) userOr404(id);
      for (const id of teams) teamInOrganization(store, space, id);
      for (const id of users) setRole(space.userPermissions, id, body.role);
      for (const id of teams) setRole(space.teamPermissions, id, body.role);
      store.touch(space);
      return c.body(null, 204);
    },

    updateTeamPermissionInSpace: (c, _principal, { body }) => {
      const space = spaceOf(c);
      const team = teamInOrganization(store, space, c.req.param('teamId')!);
      if (body.role !== undefined) setRole(space.teamPermissions, team.id, body.role);
      return c.body(null, 204);
    },

    removeTeamFromSpace: (c) => {
      const space = spaceOf(c);
      const team = teamInOrganization(store, space, c.req.param('teamId')!);
      const had = Object.hasOwn(space.teamPermissions, team.id);
      delete space.teamPermissions[team.id];
      return changed(c, had);
    },

    listTeamPermissionsInSpace: (c, principal, { query }) => {
      const space = spaceOf(c);
      const v = viewer(c, principal);
      const items = Object.entries(space.teamPermissions)
        .sort(([a], [b]) => a.localeCompare(b))
        .flatMap(([teamId, permission]) => {
          const team = store.team(teamId);
          return team ? [{ permission, team: presentTeam(team, v) }] : [];
        });
      return c.json(listPage(items, query));
    },

    listUserPermissionsInSpace: (c, principal, { query }) => {
      const space = spaceOf(c);
      const v = viewer(c, principal);
      const items = Object.entries(space.userPermissions)
        .sort(([a], [b]) => a.localeCompare(b))
        .flatMap(([userId, permission]) => {
          const user = store.user(userId);
          return user ? [{ permission, user: presentUser(user, v) }] : [];
        });
      return c.json(listPage(items, query));
    },

    updateUserPermissionInSpace: (c, _principal, { body }) => {
      const space = spaceOf(c);
      const user = userOr404(c.req.param('userId')!);
      if (body.role !== undefined) setRole(space.userPermissions, user.id, body.role);
      return c.body(null, 204);
    },

    removeUserFromSpace: (c) => {
      const space = spaceOf(c);
      const userId = c.req.param('userId')!;
      // Own properties only: an id such as `constructor` must not find what every object inherits.
      const had = Object.hasOwn(space.userPermissions, userId);
      delete space.userPermissions[userId];
      return changed(c, had);
    },
  };
}
