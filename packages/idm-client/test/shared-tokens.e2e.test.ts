import { inProcessCoordination } from '@clientkit/core/coordination';
import { describe, expect, it } from 'vitest';
import { clientCredentials } from '../src/index';
import { useServer } from './support/e2e';

const e2e = useServer();

/** Client credentials of the full-access development application, a fresh object each time. */
function credentials() {
  const [machine] = e2e.server.idm.machineClients;
  return clientCredentials({
    clientId: machine!.clientId,
    clientSecret: machine!.clientSecret,
    audience: e2e.server.idm.audience,
  });
}

describe('client credentials tokens shared through a coordination', () => {
  it('cost one exchange for the clients given one coordination, and one more when all are refused at once', async () => {
    const coordination = inProcessCoordination();
    const clients = await Promise.all(
      [1, 2, 3, 4].map(() => e2e.client({ auth: credentials(), coordination })),
    );
    await Promise.all(clients.map((client) => client.clients.list({ take: 1 })));
    expect(e2e.server.idm.exchangedTokens()).toBe(1);
    const tokens = await Promise.all(clients.map((client) => client.accessToken()));
    expect(new Set(tokens).size).toBe(1);

    e2e.server.idm.revokeTokens();
    await Promise.all(clients.map((client) => client.clients.list({ take: 1 })));
    expect(e2e.server.idm.exchangedTokens()).toBe(2);
  });

  it('are each client’s own without a coordination', async () => {
    const clients = await Promise.all([1, 2, 3, 4].map(() => e2e.client({ auth: credentials() })));
    await Promise.all(clients.map((client) => client.clients.list({ take: 1 })));
    expect(e2e.server.idm.exchangedTokens()).toBe(4);
  });
});
