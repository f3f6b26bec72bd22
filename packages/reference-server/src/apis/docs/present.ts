import type { Embed, GitSyncState, OrganizationTeam, Space, User } from '@clientkit/contracts/docs';
import type { Principal } from './security';
import { spacePermissions } from './space-permissions';
import type { DocsState, StoredSpace } from './store';

/**
 * Who a record is presented to and where: the API's own URL (records link to themselves), the
 * caller (spaces and teams say what the caller may do) and the state to look roles up in.
 */
export interface Viewer {
  /** The origin and base path of the interface as the caller reached it, e.g. `http://host/v1`. */
  apiUrl: string;
  principal: Principal;
  state: DocsState;
}

/** The wire form of a user. */
export function presentUser(user: DocsState['users'][number], viewer: Viewer): User {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
    urls: { location: `${viewer.apiUrl}/users/${encodeURIComponent(user.id)}` },
  };
}

export function appUrlOf(space: StoredSpace): string {
  return `https://app.docs.example.test/o/${space.organization}/s/${space.id}`;
}

/** The wire form of a space, with what the viewer may do in it. */
export function presentSpace(space: StoredSpace, viewer: Viewer): Space {
  return {
    object: 'space',
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    icon: space.icon,
    organization: space.organization,
    // At the top level the field is left out: the service describes it as a collection id only.
    ...(space.parent === null ? {} : { parent: space.parent }),
    visibility: space.visibility,
    editMode: space.editMode,
    defaultLevel: space.defaultLevel,
    language: space.language,
    mergeRules: space.mergeRules,
    revision: space.revision,
    urls: {
      location: `${viewer.apiUrl}/spaces/${encodeURIComponent(space.id)}`,
      app: appUrlOf(space),
      ...(space.visibility === 'private'
        ? {}
        : { published: `https://docs.example.test/${space.organization}/${space.id}` }),
    },
    permissions: spacePermissions(viewer.state, space, viewer.principal),
    comments: space.comments,
    changeRequests: space.changeRequests.total,
    changeRequestsOpen: space.changeRequests.open,
    changeRequestsDraft: space.changeRequests.draft,
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    ...(space.deletedAt ? { deletedAt: space.deletedAt } : {}),
  };
}

/**
 * The wire form of a team: its member and space counts, and what the viewer may do with it (see
 * it when in its organization, manage it when a member of it).
 */
export function presentTeam(team: DocsState['teams'][number], viewer: Viewer): OrganizationTeam {
  const userId = viewer.principal.userId;
  const inOrganization = userId
    ? viewer.state.users.find((u) => u.id === userId)?.organizations.includes(team.organization)
    : true;
  const spaces = viewer.state.spaces.filter(
    (space) => !space.deletedAt && team.id in space.teamPermissions,
  ).length;
  return {
    object: 'team',
    id: team.id,
    title: team.title,
    members: team.members.length,
    spaces,
    createdAt: team.createdAt,
    permissions: {
      view: inOrganization === true,
      admin: userId !== undefined && team.members.includes(userId),
    },
  };
}

/** The wire form of a space's Git sync state; repository URLs never carry credentials. */
export function presentGit(git: NonNullable<StoredSpace['git']>): GitSyncState {
  const operation = git.operation;
  return {
    installationId: git.installationId,
    installationProvider: git.provider,
    installationStatus: git.status,
    ...(git.repoName ? { repoName: git.repoName } : {}),
    ...(git.url ? { url: git.url } : {}),
    ...(git.updatedAt ? { updatedAt: git.updatedAt } : {}),
    ...(operation
      ? {
          operation: {
            state: operation.state,
            direction: operation.direction,
            startedAt: operation.startedAt,
            ...(operation.endedAt ? { endedAt: operation.endedAt } : {}),
            ...(operation.error ? { error: operation.error } : {}),
          },
        }
      : {}),
  };
}

/** A path segment decoded, or as it stands when its percent-encoding is not valid UTF-8. */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const richSites = new Set(['youtube.com', 'youtu.be', 'vimeo.com', 'codepen.io', 'figma.com']);

/** An oEmbed-style description of a URL: rich (with an iframe) for known media sites, a link otherwise. */
export function embedOf(url: string): Embed {
  const parsed = new URL(url);
  const site = parsed.hostname.replace(/^www\./, '');
  const last = parsed.pathname.split('/').filter(Boolean).pop();
  const title = last ? decodedSegment(last).replace(/[-_]+/g, ' ') : site;
  const icon = `${parsed.protocol}//${parsed.host}/favicon.ico`;
  if (!richSites.has(site)) return { type: 'link', title, site, icon };
  const safe = parsed.toString().replace(/"/g, '&quot;');
  return {
    type: 'rich',
    title,
    site,
    icon,
    html: `<iframe src="${safe}" width="640" height="360" allowfullscreen></iframe>`,
  };
}
