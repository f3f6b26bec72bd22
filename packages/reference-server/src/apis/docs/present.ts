import type { Embed, GitSyncState, Space, User } from '@clientkit/docs-client/schemas';
import type { DocsState, StoredSpace } from './store';

/** The wire form of a user. */
export function presentUser(user: DocsState['users'][number]): User {
  return {
    object: 'user',
    id: user.id,
    displayName: user.displayName,
    email: user.email,
    ...(user.photoURL ? { photoURL: user.photoURL } : {}),
  };
}

export function appUrlOf(space: StoredSpace): string {
  return `https://app.docs.example.test/o/${space.organization}/s/${space.id}`;
}

/** The wire form of a space. */
export function presentSpace(space: StoredSpace): Space {
  return {
    object: 'space',
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    icon: space.icon,
    organization: space.organization,
    parent: space.parent,
    visibility: space.visibility,
    editMode: space.editMode,
    defaultLevel: space.defaultLevel,
    language: space.language,
    mergeRules: space.mergeRules,
    urls: {
      location: `https://docs.example.test/${space.organization}/${space.id}`,
      app: appUrlOf(space),
    },
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    ...(space.deletedAt ? { deletedAt: space.deletedAt } : {}),
  };
}

/** The wire form of a space's Git sync state; repository URLs never carry credentials. */
export function presentGit(git: NonNullable<StoredSpace['git']>): GitSyncState {
  const operation = git.operation;
  return {
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
