import type { APIPromise, RequestOptions, Transport } from '@clientkit/core';
import { type UpdateUserBody, UpdateUserBody as UpdateUserBodySchema } from '../request-schemas';
import type { APITemporaryToken, User } from '../response-schemas';

/** The user the client's token belongs to. */
export class CurrentUser {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * The authenticated user (user tokens, or OAuth with `user:read`).
   *
   * @example
   * const me = await docs.user.get();
   * console.log(`${me.displayName} <${me.email}>`);
   */
  get(options?: RequestOptions): APIPromise<User> {
    return this.#transport.request<User>({
      method: 'GET',
      path: 'user',
      response: 'User',
      operation: 'docs.user.get',
      ...options,
    });
  }

  /** A short-lived JWT for the in-app notifications client (user-internal tokens only). */
  createNotificationsToken(options?: RequestOptions): APIPromise<APITemporaryToken> {
    return this.#transport.request<APITemporaryToken>({
      method: 'POST',
      path: 'user/notifications/token',
      response: 'APITemporaryToken',
      operation: 'docs.user.createNotificationsToken',
      ...options,
    });
  }
}

/** Users by id. */
export class Users {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /** A user by id. */
  get(userId: string, options?: RequestOptions): APIPromise<User> {
    return this.#transport.request<User>({
      method: 'GET',
      path: 'users/{userId}',
      pathParams: { userId },
      response: 'User',
      operation: 'docs.users.get',
      ...options,
    });
  }

  /**
   * Changes a user's display name (1 to 64 characters) or photo URL; at least one is required. A
   * user token may only change its own user.
   */
  update(userId: string, changes: UpdateUserBody, options?: RequestOptions): APIPromise<User> {
    return this.#transport.request<User>({
      method: 'PATCH',
      path: 'users/{userId}',
      pathParams: { userId },
      body: changes,
      bodySchema: UpdateUserBodySchema,
      response: 'User',
      operation: 'docs.users.update',
      ...options,
    });
  }
}
