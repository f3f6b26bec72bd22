/**
 * Each network fault of the reference server, met by a read and a write of the mail client: the
 * error it fails with and what it carries, whether it is retried, and whether the write took effect.
 * The write is a PUT, which the retry rules repeat like a read: it sets the same fields again.
 */
import { describe } from 'vitest';
import { type CallOptions, describeFaults } from '../../../test-support/faults';
import {
  APIConnectionError,
  APIResponseParseError,
  APITimeoutError,
  InternalServerError,
  MailClient,
} from '../src/index';
import { ACCOUNT_TOKEN, useMailServer } from './support/e2e';

const mail = useMailServer();

const client = (options: CallOptions) =>
  new MailClient({ baseUrl: mail.url, accountToken: ACCOUNT_TOKEN, ...options });

describe('network faults', () => {
  describeFaults(
    () => mail.server,
    { APIConnectionError, APITimeoutError, APIResponseParseError, InternalServerError },
    [
      {
        name: 'a GET of a server',
        method: 'GET',
        path: '/servers/1',
        operation: 'mail.servers.get',
        repeatable: true,
        run: (options) => client(options).servers.get(1),
      },
      {
        name: 'a PUT changing a server',
        method: 'PUT',
        path: '/servers/1',
        operation: 'mail.servers.update',
        repeatable: true,
        run: (options) => client(options).servers.update(1, { Color: 'Orange' }),
        effects: () => {
          const [first] = (mail.server.inspect('mail') as { servers: { Color: string }[] }).servers;
          return first?.Color === 'Orange' ? 1 : 0;
        },
      },
    ],
  );
});
