import { defineContract } from '@clientkit/core/contract';
import { ServerPath, UpdateServerBody } from './request-schemas';
import { Server } from './response-schemas';

/**
 * The inbound mail server interface: each operation keyed by its operationId, in the order of the
 * specification's endpoint table. Paths are relative to `/servers`.
 */
export const mail = defineContract({
  name: 'mail',
  base: '/servers',
  operations: {
    getServer: {
      sdk: 'servers.get',
      method: 'GET',
      path: '/{serverId}',
      params: ServerPath,
      response: Server,
    },
    updateServer: {
      sdk: 'servers.update',
      method: 'PUT',
      path: '/{serverId}',
      params: ServerPath,
      body: UpdateServerBody,
      response: Server,
    },
  },
});
