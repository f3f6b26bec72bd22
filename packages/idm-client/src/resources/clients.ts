import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import type { CheckpointListParams, OffsetListParams } from '../pagination';
import { type ListingContext, listing } from '../pagination';
import type { MutationOptions } from '../requester';
import {
  type CheckpointList,
  Client,
  ClientCheckpointList,
  ClientOffsetList,
  type CreateClientBody,
  CreateClientBody as CreateClientBodySchema,
  ListQuery,
  MAX_PAGE_SIZE,
  type OffsetList,
  type UpdateClientBody,
  UpdateClientBody as UpdateClientBodySchema,
} from '../schemas';

/** Applications registered with the tenant. */
export class Clients {
  readonly #context: ListingContext;

  constructor(context: ListingContext) {
    this.#context = context;
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
      this.#context,
      {
        path: 'clients',
        operation: 'idm.clients.list',
        itemsKey: 'clients',
        querySchema: ListQuery(MAX_PAGE_SIZE[this.#context.tenant]),
        offsetSchema: ClientOffsetList,
        checkpointSchema: ClientCheckpointList,
      },
      params,
      options,
    );
  }

  /** A client by id; `NotFoundError` when there is none. */
  get(clientId: string, options?: RequestOptions): APIPromise<Client> {
    return this.#context.requester.send({
      method: 'GET',
      path: 'clients/{clientId}',
      pathParams: { clientId },
      responseSchema: Client,
      operation: 'idm.clients.get',
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
    return this.#context.requester.send({
      method: 'POST',
      path: 'clients',
      body,
      bodySchema: CreateClientBodySchema,
      responseSchema: Client,
      operation: 'idm.clients.create',
      ...options,
    });
  }

  /** Changes a client (at least one property) and resolves to it. */
  update(
    clientId: string,
    changes: UpdateClientBody,
    options?: MutationOptions,
  ): APIPromise<Client> {
    return this.#context.requester.send({
      method: 'PATCH',
      path: 'clients/{clientId}',
      pathParams: { clientId },
      body: changes,
      bodySchema: UpdateClientBodySchema,
      responseSchema: Client,
      operation: 'idm.clients.update',
      ...options,
    });
  }

  /** Deletes a client (204); deleting one that does not exist also succeeds, so a retry is harmless. */
  delete(clientId: string, options?: MutationOptions): APIPromise<void> {
    return this.#context.requester.send({
      method: 'DELETE',
      path: 'clients/{clientId}',
      pathParams: { clientId },
      operation: 'idm.clients.delete',
      ...options,
    });
  }
}
