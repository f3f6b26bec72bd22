import type { MemberRole, SpacePermissions } from '@clientkit/contracts/docs';
import type { Principal } from './security';
import type { DocsState, StoredSpace } from './store';

/** Roles from least to most powerful: a role can do all that the ones before it can. */
const ranks: MemberRole[] = ['read', 'comment', 'review', 'edit', 'create', 'admin'];

const rankOf = (role: MemberRole | undefined) => (role === undefined ? -1 : ranks.indexOf(role));

/**
 * The role a user holds in a space: the strongest of their own role, the roles of the teams they
 * belong to, and the space's default level when they are in its organization.
 */
export function roleInSpace(
  state: DocsState,
  space: StoredSpace,
  userId: string,
): MemberRole | undefined {
  const candidates: (MemberRole | undefined)[] = [space.userPermissions[userId]];
  for (const team of state.teams) {
    if (team.members.includes(userId)) candidates.push(space.teamPermissions[team.id]);
  }
  const member = state.users
    .find((u) => u.id === userId)
    ?.organizations.includes(space.organization);
  const level = space.defaultLevel;
  if (member && level !== null && level !== 'inherit') candidates.push(level);
  return candidates.reduce<MemberRole | undefined>(
    (best, role) => (rankOf(role) > rankOf(best) ? role : best),
    undefined,
  );
}

/**
 * What the caller may do in a space, as the service reports it on every space record. Integration
 * tokens act for no user: they may read the spaces they can reach and nothing more.
 */
export function spacePermissions(
  state: DocsState,
  space: StoredSpace,
  principal: Principal,
): SpacePermissions {
  const role = principal.userId ? roleInSpace(state, space, principal.userId) : undefined;
  const rank = rankOf(role);
  const open = space.visibility === 'public' || space.visibility === 'unlisted';
  return {
    view: rank >= 0 || open || principal.userId === undefined,
    access: rank >= 0,
    admin: role === 'admin',
    viewInviteLinks: rank >= rankOf('create'),
    edit: rank >= rankOf('edit'),
    triggerGitSync: rank >= rankOf('edit'),
    comment: rank >= rankOf('comment'),
    merge: rank >= rankOf('edit'),
    review: rank >= rankOf('review'),
    installIntegration: role === 'admin',
  };
}
