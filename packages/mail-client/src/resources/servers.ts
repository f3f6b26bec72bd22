import { mail, type Server, type UpdateServerBody } from '@clientkit/contracts/mail';
import type { APIPromise, RequestOptions } from '@clientkit/core';
import type { ClientCore } from '@clientkit/core/internal';
import { redactApiTokens } from '../api-tokens';

type Core = ClientCore<typeof mail>;
const { operations } = mail;

/** Mail server records: read one, or change its settings. */
export class Servers {
  readonly #core: Core;

  constructor(core: Core) {
    this.#core = core;
  }

  /**
   * A server by ID (a whole number from 1). `InboundHookUrl` and the other hook URLs come back
   * without the password of any credentials they carry; `ApiTokens` print as `[redacted]`.
   *
   * @example
   * const server = await mail.servers.get(1);
   * console.log(server.InboundAddress);
   */
  get(serverId: number, options?: RequestOptions): APIPromise<Server> {
    return this.#core
      .call(operations.getServer, { path: { serverId } }, options)
      .map(redactApiTokens);
  }

  /**
   * Changes any subset of a server's writable settings (at least one) and resolves to the whole
   * record. Colours, spam threshold steps of 5 from 0 to 30, http(s) hook URLs and a single inbound
   * domain are checked before sending.
   *
   * @example
   * await mail.servers.update(1, {
   *   InboundHookUrl: webhookUrl('https://app.example.com/inbound', { username: 'mail', password }),
   *   InboundSpamThreshold: 10,
   * });
   */
  update(
    serverId: number,
    changes: UpdateServerBody,
    options?: RequestOptions,
  ): APIPromise<Server> {
    return this.#core
      .call(operations.updateServer, { path: { serverId }, body: changes }, options)
      .map(redactApiTokens);
  }
}
