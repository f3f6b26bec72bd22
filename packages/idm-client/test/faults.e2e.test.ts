/**
 * Each network fault of the reference server, met by a read and a write of the idm client: the
 * error it fails with and what it carries, whether it is retried, and whether the write took effect.
 */
import { describe } from 'vitest';
import { type CallOptions, describeFaults } from '../../../test-support/faults';
import {
  APIConnectionError,
  APIResponseParseError,
  APITimeoutError,
  InternalServerError,
} from '../src/index';
import { useServer } from './support/e2e';

const e2e = useServer();
const SEEDED_CLIENTS = 30;
/** A seeded client's id, the same on every run: the seed is fixed. */
const SEEDED_ID = 'DbU9AejbVB0dCHSbZThvwmJ4NfQbyg31';

const clients = () => (e2e.server.inspect('idm') as { clients: unknown[] }).clients;
const client = (options: CallOptions) => e2e.client(options);

describe('network faults', () => {
  describeFaults(
    () => e2e.server,
    { APIConnectionError, APITimeoutError, APIResponseParseError, InternalServerError },
    [
      {
        name: 'a GET of a client',
        method: 'GET',
        path: `/api/v2/clients/${SEEDED_ID}`,
        operation: 'idm.clients.get',
        repeatable: true,
        run: async (options) => (await client(options)).clients.get(SEEDED_ID),
      },
      {
        name: 'a POST creating a client',
        method: 'POST',
        path: '/api/v2/clients',
        operation: 'idm.clients.create',
        repeatable: false,
        run: async (options) =>
          (await client(options)).clients.create({ name: 'Billing', app_type: 'spa' }),
        effects: () => clients().length - SEEDED_CLIENTS,
      },
    ],
  );
});
