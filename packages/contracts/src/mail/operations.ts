import { defineContract } from '@clientkit/core';
import { ServerPath, UpdateServerBody } from './request-schemas';

/**
 * The inbound mail server interface: each operation keyed by its operationId, in the order of the
 * specification's endpoint table. Paths are relative to `/servers`.
 */
export const mail = defineContract({
  name: 'mail',
  base: '/servers',
  responses: () => import('./response-schemas'),
  operations: {
    getServer: {
      sdk: 'servers.get',
      method: 'GET',
      path: '/{serverId}',
      params: ServerPath,
      response: (r) => r.Server,
    },
    updateServer: {
      sdk: 'servers.update',
      method: 'PUT',
      path: '/{serverId}',
      params: ServerPath,
      body: UpdateServerBody,
      response: (r) => r.Server,
    },
  },
});
