import { defineContract } from '@clientkit/core';
import { ServerPath, UpdateServerBody } from './request-schemas';

/** Who may call a mail operation: every one takes the account token (`X-Mail-Account-Token`). */
export type MailAuth = 'account';

const NEGOTIATION = {
  401: 'No account token, or a wrong one',
  404: 'No server with this ID in the account',
  406: 'Accept does not admit application/json',
} as const;

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
      summary: 'A server record; hook URLs are shown without their passwords',
      auth: 'account',
      params: ServerPath,
      response: (r) => r.Server,
      success: { 200: 'The server' },
      errors: NEGOTIATION,
    },
    updateServer: {
      sdk: 'servers.update',
      method: 'PUT',
      path: '/{serverId}',
      summary: "Change some of a server's settings",
      auth: 'account',
      params: ServerPath,
      body: UpdateServerBody,
      response: (r) => r.Server,
      success: { 200: 'The server as changed' },
      errors: {
        ...NEGOTIATION,
        415: 'The body is not sent as application/json',
        422: 'The body is not JSON, changes nothing, or breaks a rule (its ErrorCode says which)',
      },
    },
  },
});
