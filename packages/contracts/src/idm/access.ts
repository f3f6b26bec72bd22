import type { idm } from './operations';
import type { IdmScope } from './scopes';

/**
 * Who may call an operation: a bearer token granting the one scope named (the management API), or
 * an application authenticating with its own client credentials (the token exchange).
 */
export type IdmAuth = IdmScope | 'client credentials';

/**
 * Who may call each operation of the identity management interface: the scope it needs, or the
 * client's own credentials. The reference server authorizes and documents its security by it, and
 * the client's opt-in scope check (`checkScopes`) reads it.
 */
export const idmAccess: Record<keyof typeof idm.operations, IdmAuth> = {
  getClients: 'read:clients',
  getClient: 'read:clients',
  createClient: 'create:clients',
  updateClient: 'update:clients',
  deleteClient: 'delete:clients',
  getLogs: 'read:logs',
  getLog: 'read:logs',
  getToken: 'client credentials',
};
