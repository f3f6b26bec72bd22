import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import { correlated, type MutationOptions } from '../correlation';
import {
  type CheckpointListParams,
  type IdmTransport,
  listing,
  type OffsetListParams,
} from '../pagination';
import { CreateClientBody, ListQuery, UpdateClientBody } from '../request-schemas';
import type { CheckpointList, Client, OffsetList } from '../response-schemas';

/** Applications registered with the tenant. */
export class Clients {
  readonly #transport: IdmTransport;

  constructor(transport: IdmTransport) {
    this.#transport = transport;
  }

  /**
   * Lists clients, oldest first. Checkpoint pagination by default (`{ from?, take? }`); offset
   * pagination with `{ page?, per_page?, include_totals? }`. Page sizes go up to the tenant's maximum.
   *
   * @example
   * for await (const client of idm.clients.list({ take: 50 })) console.log(client.name);
   */
  list(
    params?: CheckpointListParams,
    options?: RequestOptions,
  ): PagePromise<Client, CheckpointList<'clients', Client>>;
  list(
    params: OffsetListParams,
    options?: RequestOptions,
  ): PagePromise<Client, OffsetList<'clients', Client>>;
  list(
    params: CheckpointListParams | OffsetListParams = {},
    options?: RequestOptions,
  ): PagePromise<Client, unknown> {
    return listing<Client>(
      this.#transport,
      {
        operation: 'idm.clients.list',
        path: 'clients',
        itemsKey: 'clients',
        querySchema: ListQuery,
        responses: {
          checkpoint: 'ClientCheckpointList',
          plain: 'ClientPlainList',
          totals: 'ClientTotalsList',
        },
      },
      params,
      options,
    );
  }

  /** A client by id; `NotFoundError` when there is none. */
  get(clientId: string, options?: RequestOptions): APIPromise<Client> {
    return this.#transport.request<Client>({
      operation: 'idm.clients.get',
      method: 'GET',
      path: 'clients/{clientId}',
      pathParams: { clientId },
      response: 'Client',
      ...options,
    });
  }

  /**
   * Registers a client and resolves to it (201).
   *
   * @example
   * const app = await idm.clients.create({ name: 'Billing' }, { correlationId: 'deploy-42' });
   */
  create(body: CreateClientBody, options?: MutationOptions): APIPromise<Client> {
    return this.#transport.request<Client>({
      operation: 'idm.clients.create',
      method: 'POST',
      path: 'clients',
      body,
      bodySchema: CreateClientBody,
      response: 'Client',
      ...correlated(options),
    });
  }

  /** Changes a client (at least one property) and resolves to it. */
  update(
    clientId: string,
    changes: UpdateClientBody,
    options?: MutationOptions,
  ): APIPromise<Client> {
    return this.#transport.request<Client>({
      operation: 'idm.clients.update',
      method: 'PATCH',
      path: 'clients/{clientId}',
      pathParams: { clientId },
      body: changes,
      bodySchema: UpdateClientBody,
      response: 'Client',
      ...correlated(options),
    });
  }

  /** Deletes a client (204); deleting one that does not exist also succeeds, so a retry is harmless. */
  delete(clientId: string, options?: MutationOptions): APIPromise<void> {
    return this.#transport.request({
      operation: 'idm.clients.delete',
      method: 'DELETE',
      path: 'clients/{clientId}',
      pathParams: { clientId },
      ...correlated(options),
    });
  }
}
