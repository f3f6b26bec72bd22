import {
  type APITemporaryToken,
  docs,
  type UpdateUserBody,
  type User,
} from '@clientkit/contracts/docs';
import type { APIPromise, RequestOptions } from '@clientkit/core';
import type { ClientCore } from '@clientkit/core/internal';

type Core = ClientCore<typeof docs>;
const { operations } = docs;

/** The user the client's token belongs to. */
export class CurrentUser {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /**
   * The authenticated user (user tokens, or OAuth with `user:read`).
   *
   * @example
   * const me = await docs.user.get();
   * console.log(`${me.displayName} <${me.email}>`);
   */
  get(options?: RequestOptions): APIPromise<User> {
    return this.#core.call(operations.getAuthenticatedUser, {}, options);
  }

  /** A short-lived JWT for the in-app notifications client (user-internal tokens only). */
  createNotificationsToken(options?: RequestOptions): APIPromise<APITemporaryToken> {
    return this.#core.call(operations.createUserNotificationsToken, {}, options);
  }
}

/** Users by id. */
export class Users {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /** A user by id. */
  get(userId: string, options?: RequestOptions): APIPromise<User> {
    return this.#core.call(operations.getUserById, { path: { userId } }, options);
  }

  /**
   * Changes a user's display name (1 to 64 characters) or photo URL; at least one is required. A
   * user token may only change its own user.
   */
  update(userId: string, changes: UpdateUserBody, options?: RequestOptions): APIPromise<User> {
    return this.#core.call(operations.updateUserById, { path: { userId }, body: changes }, options);
  }
}
