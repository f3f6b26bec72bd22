import {
  docs,
  type InviteUsersAndTeams,
  type List,
  type ListQuery,
  type TeamPermission,
  type UpdatePermissionBody,
  type UserContentPermission,
} from '@clientkit/contracts/docs';
import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import type { ClientCore } from '@clientkit/core/internal';
import { changed } from '../changed';

const { operations } = docs;

/** Who may do what in a space: users and teams with their roles. */
export class Permissions {
  readonly #core: ClientCore<typeof docs>;

  constructor(core: ClientCore<typeof docs>) {
    this.#core = core;
  }

  /**
   * Gives users and teams a role in the space (`null` makes them guests, with no role of their own).
   * Any unknown user or team fails the whole invitation, and nothing is applied.
   *
   * @example
   * await docs.spaces.permissions.invite('space_handbook', { role: 'comment', users: ['usr_chloe'], teams: ['team_support'] });
   */
  invite(spaceId: string, body: InviteUsersAndTeams, options?: RequestOptions): APIPromise<void> {
    return this.#core.call(operations.inviteToSpace, { path: { spaceId }, body }, options);
  }

  /** Changes a team's role in the space. */
  updateTeam(
    spaceId: string,
    teamId: string,
    body: UpdatePermissionBody,
    options?: RequestOptions,
  ): APIPromise<void> {
    const path = { spaceId, teamId };
    return this.#core.call(operations.updateTeamPermissionInSpace, { path, body }, options);
  }

  /**
   * Takes a team's role away: true when it had one (205), false when it had none (204). A team of
   * another organization is a `BadRequestError`.
   */
  removeTeam(spaceId: string, teamId: string, options?: RequestOptions): APIPromise<boolean> {
    const path = { spaceId, teamId };
    return this.#core.call(operations.removeTeamFromSpace, { path }, options).map(changed);
  }

  /** The teams with a role in the space. */
  listTeams(
    spaceId: string,
    params: Omit<ListQuery, 'page'> = {},
    options?: RequestOptions,
  ): PagePromise<TeamPermission, List<TeamPermission>> {
    const input = { path: { spaceId }, query: params };
    return this.#core.list(operations.listTeamPermissionsInSpace, input, options);
  }

  /**
   * The users with a role in the space.
   *
   * @example
   * const people = await docs.spaces.permissions.listUsers('space_handbook').toArray();
   * console.log(people.map((p) => `${p.user.displayName} (${p.permission})`));
   */
  listUsers(
    spaceId: string,
    params: Omit<ListQuery, 'page'> = {},
    options?: RequestOptions,
  ): PagePromise<UserContentPermission, List<UserContentPermission>> {
    const input = { path: { spaceId }, query: params };
    return this.#core.list(operations.listUserPermissionsInSpace, input, options);
  }

  /** Changes a user's role in the space. */
  updateUser(
    spaceId: string,
    userId: string,
    body: UpdatePermissionBody,
    options?: RequestOptions,
  ): APIPromise<void> {
    const path = { spaceId, userId };
    return this.#core.call(operations.updateUserPermissionInSpace, { path, body }, options);
  }

  /** Takes a user's role away: true when they had one (205), false when they had none (204). */
  removeUser(spaceId: string, userId: string, options?: RequestOptions): APIPromise<boolean> {
    const path = { spaceId, userId };
    return this.#core.call(operations.removeUserFromSpace, { path }, options).map(changed);
  }
}
