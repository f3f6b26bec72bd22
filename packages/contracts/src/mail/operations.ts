import { defineContract } from '@clientkit/core';
import { ServerPath, UpdateServerBody } from './request-schemas';

/** Who may call a mail operation: every one takes the account token (`X-Mail-Account-Token`). */
export type MailAuth = 'account';

/**
 * The inbound mail server interface: each operation keyed by its operationId, in the order of the
 * specification's endpoint table. Paths are relative to `/servers`.
 */
export const mail = defineContract<MailAuth>()({
  name: 'mail',
  base: '/servers',
  responses: () => import('./response-schemas'),
  operations: {
    getServer: {
      sdk: 'servers.get',
      method: 'GET',
      path: '/{serverId}',
      auth: 'account',
      params: ServerPath,
      response: (r) => r.Server,
    },
    updateServer: {
      sdk: 'servers.update',
      method: 'PUT',
      path: '/{serverId}',
      auth: 'account',
      params: ServerPath,
      body: UpdateServerBody,
      response: (r) => r.Server,
    },
  },
});
