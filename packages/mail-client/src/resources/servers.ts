import type { APIPromise, RequestOptions, Transport } from '@clientkit/core';
import { redactApiTokens } from '../api-tokens';
import {
  type UpdateServerBody,
  UpdateServerBody as UpdateServerBodySchema,
} from '../request-schemas';
import type { Server } from '../response-schemas';

/** Mail server records: read one, or change its settings. */
export class Servers {
  readonly #transport: Transport;

  constructor(transport: Transport) {
    this.#transport = transport;
  }

  /**
   * A server by id. `InboundHookUrl` and the other hook URLs come back without the password of
   * any credentials they carry; `ApiTokens` print as `[redacted]` (see `redactApiTokens`).
   *
   * @example
   * const server = await mail.servers.get(1);
   * console.log(server.InboundAddress);
   */
  get(serverId: string | number, options?: RequestOptions): APIPromise<Server> {
    return this.#transport
      .request<Server>({
        method: 'GET',
        path: 'servers/{serverId}',
        pathParams: { serverId },
        response: 'Server',
        operation: 'mail.servers.get',
        ...options,
      })
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
    serverId: string | number,
    changes: UpdateServerBody,
    options?: RequestOptions,
  ): APIPromise<Server> {
    return this.#transport
      .request<Server>({
        method: 'PUT',
        path: 'servers/{serverId}',
        pathParams: { serverId },
        body: changes,
        bodySchema: UpdateServerBodySchema,
        response: 'Server',
        operation: 'mail.servers.update',
        ...options,
      })
      .map(redactApiTokens);
  }
}
