import {
  CreateClientBody,
  defaultPageSize,
  ListQuery,
  type LogEvent,
  MAX_PAGE_SIZE,
  type Tenant,
  UpdateClientBody,
} from '@clientkit/idm-client/schemas';
import type { Hono } from 'hono';
import { ApiProblem, validBody, validQuery } from '../../problem';
import { type Checkpoints, listPage } from './pagination';
import type { IdmStore } from './store';

export const IDM_BASE = '/api/v2';

const queryStyle = { status: 400, code: 'invalid_query_string' };
const bodyStyle = { status: 400, code: 'invalid_body' };

/** The clients and logs routes, in the order of the interface's resource table. */
export function managementRoutes(
  app: Hono,
  store: IdmStore,
  checkpoints: Checkpoints,
  tenant: Tenant,
): Hono {
  const listQuery = ListQuery(MAX_PAGE_SIZE[tenant]);
  const pageSize = defaultPageSize(tenant);
  const clientOf = (clientId: string) => {
    const client = store.client(clientId);
    if (!client) throw new ApiProblem(404, 'The client does not exist', 'inexistent_client');
    return client;
  };

  app.get(`${IDM_BASE}/clients`, (c) => {
    const query = validQuery(c, listQuery, queryStyle);
    const listing = { records: store.clients(), order: 'ascending', key: 'clients' } as const;
    return c.json(listPage({ ...listing, defaultPageSize: pageSize }, query, checkpoints));
  });

  app.get(`${IDM_BASE}/clients/:id`, (c) => c.json(clientOf(c.req.param('id'))));

  app.post(`${IDM_BASE}/clients`, async (c) => {
    const body = await validBody(c, CreateClientBody, bodyStyle);
    return c.json(store.createClient(body), 201);
  });

  app.patch(`${IDM_BASE}/clients/:id`, async (c) => {
    const changes = await validBody(c, UpdateClientBody, bodyStyle);
    clientOf(c.req.param('id'));
    return c.json(store.updateClient(c.req.param('id'), changes));
  });

  // Deleting is idempotent: a client that is already gone answers 204 too, so retries are safe.
  app.delete(`${IDM_BASE}/clients/:id`, (c) => {
    store.deleteClient(c.req.param('id'));
    return c.body(null, 204);
  });

  app.get(`${IDM_BASE}/logs`, (c) => {
    const query = validQuery(c, listQuery, queryStyle);
    const listing = {
      records: store.logs(),
      order: 'descending',
      key: 'logs',
      recordIds: {
        placeOf: (id: string) => store.logPlace(id),
        idOf: (log: LogEvent) => log.log_id,
      },
    } as const;
    return c.json(listPage({ ...listing, defaultPageSize: pageSize }, query, checkpoints));
  });

  app.get(`${IDM_BASE}/logs/:id`, (c) => {
    const event = store.log(c.req.param('id'));
    if (!event) throw new ApiProblem(404, 'The log event does not exist', 'inexistent_log');
    return c.json(event);
  });

  return app;
}
