import {
  type CheckpointList,
  type Client,
  type CreateClientBody,
  idm,
  type OffsetList,
  type UpdateClientBody,
} from '@clientkit/contracts/idm';
import type { APIPromise, PagePromise, RequestOptions } from '@clientkit/core';
import type { ClientCore } from '@clientkit/core/internal';
import type { MutationOptions } from '../correlation';
import type { CheckpointListParams, Listings, OffsetListParams } from '../listing';

type Core = ClientCore<typeof idm>;
const { operations } = idm;

/** Applications registered with the tenant. */
export class Clients {
  readonly #core: Core;
  readonly #listings: Listings;

  constructor(core: Core, listings: Listings) {
    this.#core = core;
    this.#listings = listings;
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
    params?: CheckpointListParams | OffsetListParams,
    options?: RequestOptions,
  ): PagePromise<Client, unknown> {
    return this.#listings.list<Client, unknown>('getClients', params, options);
  }

  /** A client by id; `NotFoundError` when there is none. */
  get(clientId: string, options?: RequestOptions): APIPromise<Client> {
    return this.#core.call(operations.getClient, { path: { clientId } }, options);
  }

  /**
   * Registers a client and resolves to it (201).
   *
   * @example
   * const app = await idm.clients.create({ name: 'Billing' }, { correlationId: 'deploy-42' });
   */
  create(body: CreateClientBody, options?: MutationOptions): APIPromise<Client> {
    return this.#core.call(operations.createClient, { body }, options);
  }

  /** Changes a client (at least one property) and resolves to it. */
  update(
    clientId: string,
    changes: UpdateClientBody,
    options?: MutationOptions,
  ): APIPromise<Client> {
    return this.#core.call(operations.updateClient, { path: { clientId }, body: changes }, options);
  }

  /** Deletes a client (204); deleting one that does not exist also succeeds, so a retry is harmless. */
  delete(clientId: string, options?: MutationOptions): APIPromise<void> {
    return this.#core.call(operations.deleteClient, { path: { clientId } }, options);
  }
}
