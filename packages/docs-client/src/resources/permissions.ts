import type { APIPromise, PagePromise, RequestOptions, Transport } from '@clientkit/core';
import { listing } from '../listing';
import {
  InviteUsersAndTeams as InviteSchema,
  type InviteUsersAndTeams,
  ListQuery,
  type MemberRoleOrGuest,
  UpdatePermissionBody,
} from '../request-schemas';
import type { List, TeamPermission, UserContentPermission } from '../response-schemas';
import { wasChanged } from '../was-changed';

/** Who may do what in a space: users and teams with their roles. */
export class Permissions {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * Gives users and teams a role in the space (`null` makes them guests, with no role of their own).
   * Any unknown user or team fails the whole invitation, and nothing is applied.
   *
   * @example
   * await docs.spaces.permissions.invite('space_handbook', { role: 'comment', users: ['usr_chloe'], teams: ['team_support'] });
   */
  invite(spaceId: string, body: InviteUsersAndTeams, options?: RequestOptions): APIPromise<void> {
    return this.#transport.request({
      method: 'POST',
      path: 'spaces/{spaceId}/permissions',
      pathParams: { spaceId },
      body,
      bodySchema: InviteSchema,
      operation: 'docs.spaces.permissions.invite',
      ...options,
    });
  }

  /** Changes a team's role in the space. */
  updateTeam(
    spaceId: string,
    teamId: string,
    body: { role?: MemberRoleOrGuest },
    options?: RequestOptions,
  ): APIPromise<void> {
    return this.#transport.request({
      method: 'PATCH',
      path: 'spaces/{spaceId}/permissions/teams/{teamId}',
      pathParams: { spaceId, teamId },
      body,
      bodySchema: UpdatePermissionBody,
      operation: 'docs.spaces.permissions.updateTeam',
      ...options,
    });
  }

  /**
   * Takes a team's role away: true when it had one (205), false when it had none (204). A team of
   * another organization is a `BadRequestError`.
   */
  removeTeam(spaceId: string, teamId: string, options?: RequestOptions): APIPromise<boolean> {
    return this.#transport.request({
      method: 'DELETE',
      path: 'spaces/{spaceId}/permissions/teams/{teamId}',
      pathParams: { spaceId, teamId },
      parse: wasChanged,
      operation: 'docs.spaces.permissions.removeTeam',
      ...options,
    });
  }

  /** The teams with a role in the space. */
  listTeams(
    spaceId: string,
    params: { limit?: number } = {},
    options?: RequestOptions,
  ): PagePromise<TeamPermission, List<TeamPermission>> {
    return listing(
      this.#transport,
      {
        path: 'spaces/{spaceId}/permissions/teams',
        pathParams: { spaceId },
        querySchema: ListQuery,
        response: 'TeamPermissionList',
        operation: 'docs.spaces.permissions.listTeams',
        ...options,
      },
      { ...params },
    );
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
    params: { limit?: number } = {},
    options?: RequestOptions,
  ): PagePromise<UserContentPermission, List<UserContentPermission>> {
    return listing(
      this.#transport,
      {
        path: 'spaces/{spaceId}/permissions/users',
        pathParams: { spaceId },
        querySchema: ListQuery,
        response: 'UserPermissionList',
        operation: 'docs.spaces.permissions.listUsers',
        ...options,
      },
      { ...params },
    );
  }

  /** Changes a user's role in the space. */
  updateUser(
    spaceId: string,
    userId: string,
    body: { role?: MemberRoleOrGuest },
    options?: RequestOptions,
  ): APIPromise<void> {
    return this.#transport.request({
      method: 'PATCH',
      path: 'spaces/{spaceId}/permissions/users/{userId}',
      pathParams: { spaceId, userId },
      body,
      bodySchema: UpdatePermissionBody,
      operation: 'docs.spaces.permissions.updateUser',
      ...options,
    });
  }

  /** Takes a user's role away: true when they had one (205), false when they had none (204). */
  removeUser(spaceId: string, userId: string, options?: RequestOptions): APIPromise<boolean> {
    return this.#transport.request({
      method: 'DELETE',
      path: 'spaces/{spaceId}/permissions/users/{userId}',
      pathParams: { spaceId, userId },
      parse: wasChanged,
      operation: 'docs.spaces.permissions.removeUser',
      ...options,
    });
  }
}
