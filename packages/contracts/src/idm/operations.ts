import { BadRequestError } from '@clientkit/core';
import {
  checkpointPages,
  defineContract,
  offsetPages,
  type Pagination,
} from '@clientkit/core/contract';
import {
  CHECKPOINT_VALIDITY_MS,
  CreateClientBody,
  ListQuery,
  MAX_PAGE_SIZE,
  OFFSET_REACH,
  OFFSET_REACH_MESSAGE,
  type Tenant,
  TokenRequest,
  UpdateClientBody,
} from './request-schemas';
import {
  Client,
  ClientCheckpointList,
  LogCheckpointList,
  LogEvent,
  TokenResponse,
} from './response-schemas';

/**
 * Offset pages as the interface serves them: only its first 1000 records are reachable this way,
 * and the page that reaches past them is cut short, so a longer listing would seem to end before
 * its total. The page past the reach is refused instead, before it is sent, with the interface's
 * own 400 (`invalid_paging`), pointing to checkpoint pages.
 */
export function offsetPagesWithinReach(items: string): Pagination {
  const offset = offsetPages(items);
  return {
    ...offset,
    strategy() {
      const pages = offset.strategy();
      const pastReach = new WeakMap<object, number>();
      return {
        ...pages,
        next(body, params, found) {
          const total = (body as { total?: unknown } | null)?.total;
          const page = Number(params.page ?? 0);
          const pastTheReach =
            found.length > 0 &&
            typeof total === 'number' &&
            total > OFFSET_REACH &&
            (page + 1) * Number(params.per_page) >= OFFSET_REACH;
          if (!pastTheReach) return pages.next(body, params, found);
          const next = { ...params, page: page + 1 };
          pastReach.set(next, total);
          return next;
        },
        beforeRequest(params) {
          const total = pastReach.get(params);
          if (total === undefined) return;
          throw new BadRequestError({
            status: 400,
            code: 'invalid_paging',
            message: `${OFFSET_REACH_MESSAGE}; this listing has ${total}: list with checkpoint pagination (from and take) to reach them all`,
            method: 'GET',
          });
        },
      };
    },
  };
}

/**
 * How every listing of the interface pages, given the key of its items: both ways, checkpoint
 * first (the one used when the query names neither), each checkpoint good for 24 hours by the
 * clock given (a client's own; `Date.now()` by default), and offset within its reach.
 */
export const listingPages = (items: string, now?: () => number) =>
  [checkpointPages(items, CHECKPOINT_VALIDITY_MS, now), offsetPagesWithinReach(items)] as const;

/**
 * The identity management interface: the management API under `/api/v2`, each operation needing
 * one scope (`idmAccess`), and the client credentials exchange at the site's `/oauth/token`, which
 * belongs to the authentication API and answers OAuth's error bodies (`OAuthErrorBody`). A list's
 * `response` is its checkpoint page, the default way to page; offset pages are `ClientTotalsList`
 * (with `include_totals`) or `ClientPlainList` (without), and the same for logs (`OffsetPages`). The
 * list queries take pages of up to 100, the largest any tenant takes: `idmFor(tenant)` narrows them
 * to a tenant's.
 */
export const idm = defineContract({
  name: 'idm',
  base: '/api/v2',
  operations: {
    getClients: {
      sdk: 'clients.list',
      method: 'GET',
      path: '/clients',
      query: ListQuery(MAX_PAGE_SIZE.private),
      response: ClientCheckpointList,
      pagination: listingPages('clients'),
    },
    getClient: {
      sdk: 'clients.get',
      method: 'GET',
      path: '/clients/{clientId}',
      response: Client,
    },
    createClient: {
      sdk: 'clients.create',
      method: 'POST',
      path: '/clients',
      body: CreateClientBody,
      response: Client,
    },
    updateClient: {
      sdk: 'clients.update',
      method: 'PATCH',
      path: '/clients/{clientId}',
      body: UpdateClientBody,
      response: Client,
    },
    deleteClient: {
      sdk: 'clients.delete',
      method: 'DELETE',
      path: '/clients/{clientId}',
    },
    getLogs: {
      sdk: 'logs.list',
      method: 'GET',
      path: '/logs',
      query: ListQuery(MAX_PAGE_SIZE.private),
      response: LogCheckpointList,
      pagination: listingPages('logs'),
    },
    getLog: {
      sdk: 'logs.get',
      method: 'GET',
      path: '/logs/{logId}',
      response: LogEvent,
    },
    getToken: {
      sdk: 'oauth.token',
      method: 'POST',
      base: '',
      path: '/oauth/token',
      body: TokenRequest,
      response: TokenResponse,
    },
  },
});

/**
 * The contract as one side uses it: the listings' page sizes (`per_page`, `take`) up to the
 * tenant's maximum, 50 (public) or 100 (private), and, for a client that keeps its own clock, their
 * checkpoints aged by it.
 *
 * @example
 * const { operations } = idmFor('public', () => clock.now());
 */
export function idmFor(tenant: Tenant, now?: () => number): typeof idm {
  const query = ListQuery(MAX_PAGE_SIZE[tenant]);
  const { getClients, getLogs } = idm.operations;
  return {
    ...idm,
    operations: {
      ...idm.operations,
      getClients: { ...getClients, query, pagination: listingPages('clients', now) },
      getLogs: { ...getLogs, query, pagination: listingPages('logs', now) },
    },
  };
}
