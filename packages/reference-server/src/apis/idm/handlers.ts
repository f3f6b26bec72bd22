import { defaultPageSize, type idm, type Tenant } from '@clientkit/contracts/idm';
import type { HandlersOf } from '../../operations';
import { ApiProblem } from '../../problem';
import { type Checkpoints, listPage } from './pagination';
import type { IdmStore } from './store';
import { exchange, type TokenIssuing } from './token-exchange';
import type { Caller } from './tokens';

/**
 * The behaviour of each operation, once its caller is authorized and its input checked: nothing
 * here writes before every check of the request has passed.
 */
export function idmHandlers(
  store: IdmStore,
  checkpoints: Checkpoints,
  tenant: Tenant,
  issuing: TokenIssuing,
): HandlersOf<typeof idm, Caller | undefined> {
  const pageSize = defaultPageSize(tenant);
  const clientOf = (clientId: string) => {
    const client = store.client(clientId);
    if (!client) throw new ApiProblem(404, 'The client does not exist', 'inexistent_client');
    return client;
  };

  return {
    getClients: (c, _caller, { query }) => {
      const listing = { records: store.clients(), order: 'ascending', key: 'clients' } as const;
      return c.json(listPage({ ...listing, defaultPageSize: pageSize }, query, checkpoints));
    },
    getClient: (c) => c.json(clientOf(c.req.param('clientId')!)),
    createClient: (c, _caller, { body }) => c.json(store.createClient(body), 201),
    updateClient: (c, _caller, { body }) => {
      const id = c.req.param('clientId')!;
      clientOf(id);
      return c.json(store.updateClient(id, body));
    },
    deleteClient: (c) => {
      store.deleteClient(c.req.param('clientId')!);
      return c.body(null, 204);
    },
    getLogs: (c, _caller, { query }) => {
      const listing = {
        records: store.logs(),
        order: 'descending',
        key: 'logs',
        recordIds: {
          placeOf: (id: string) => store.logPlace(id),
          idOf: (log: { log_id: string }) => log.log_id,
        },
      } as const;
      return c.json(listPage({ ...listing, defaultPageSize: pageSize }, query, checkpoints));
    },
    getLog: (c) => {
      const event = store.log(c.req.param('logId')!);
      if (!event) throw new ApiProblem(404, 'The log event does not exist', 'inexistent_log');
      return c.json(event);
    },
    getToken: (c, _caller, { body }) => exchange(c, body, issuing),
  };
}
