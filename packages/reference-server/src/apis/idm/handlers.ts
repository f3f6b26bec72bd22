import {
  CreateClientBody,
  defaultPageSize,
  ListQuery,
  type LogEvent,
  MAX_PAGE_SIZE,
  type Tenant,
  UpdateClientBody,
} from '@clientkit/idm-client/schemas';
import { bodyOf, type CheckedInput, type OperationHandler, queryOf } from '../../operations';
import { ApiProblem } from '../../problem';
import { type Checkpoints, listPage } from './pagination';
import type { IdmStore } from './store';
import { exchange, type TokenIssuing } from './token-exchange';
import type { Caller } from './tokens';

type Handler = OperationHandler<Caller | undefined>;

/**
 * The behaviour of each operation, once its caller is authorized and its input checked: nothing
 * here writes before every check of the request has passed.
 */
export function idmHandlers(
  store: IdmStore,
  checkpoints: Checkpoints,
  tenant: Tenant,
  issuing: TokenIssuing,
): Record<string, Handler> {
  const pageSize = defaultPageSize(tenant);
  const clientOf = (clientId: string) => {
    const client = store.client(clientId);
    if (!client) throw new ApiProblem(404, 'The client does not exist', 'inexistent_client');
    return client;
  };
  const listQuery = (input: CheckedInput) => queryOf(input, ListQuery(MAX_PAGE_SIZE[tenant]));

  return {
    getClients: (c, _caller, input) => {
      const listing = { records: store.clients(), order: 'ascending', key: 'clients' } as const;
      return c.json(
        listPage({ ...listing, defaultPageSize: pageSize }, listQuery(input), checkpoints),
      );
    },
    getClient: (c) => c.json(clientOf(c.req.param('id')!)),
    createClient: (c, _caller, input) =>
      c.json(store.createClient(bodyOf(input, CreateClientBody)), 201),
    updateClient: (c, _caller, input) => {
      const id = c.req.param('id')!;
      clientOf(id);
      return c.json(store.updateClient(id, bodyOf(input, UpdateClientBody)));
    },
    deleteClient: (c) => {
      store.deleteClient(c.req.param('id')!);
      return c.body(null, 204);
    },
    getLogs: (c, _caller, input) => {
      const listing = {
        records: store.logs(),
        order: 'descending',
        key: 'logs',
        recordIds: {
          placeOf: (id: string) => store.logPlace(id),
          idOf: (log: LogEvent) => log.log_id,
        },
      } as const;
      return c.json(
        listPage({ ...listing, defaultPageSize: pageSize }, listQuery(input), checkpoints),
      );
    },
    getLog: (c) => {
      const event = store.log(c.req.param('id')!);
      if (!event) throw new ApiProblem(404, 'The log event does not exist', 'inexistent_log');
      return c.json(event);
    },
    getToken: (c, _caller, input) => exchange(c, input, issuing),
  };
}
