import { inProcessCoordination } from '@clientkit/core/coordination';
import { describe, expect, it } from 'vitest';
import { useMeteringServer } from './support/e2e';

const harness = useMeteringServer();
const event = { event_name: 'api_call', payload: { stripe_customer_id: 'cus_1', value: '1' } };

describe('a metering session shared through a coordination', () => {
  it('is created once for the clients with the same API key, and renewed once when it expires', async () => {
    const coordination = inProcessCoordination();
    const clients = [1, 2, 3].map(() => harness.client({ coordination }));
    await Promise.all(clients.map((client) => client.events.send([event])));
    expect(harness.server.metering.sessions().created).toBe(1);
    expect(clients.map((client) => client.sessionsCreated).sort()).toEqual([0, 0, 1]);

    // Past the session's 15 minutes on the server clock, every client is refused at once.
    await harness.server.clock.advance('16m');
    await Promise.all(clients.map((client) => client.events.send([event])));
    expect(harness.server.metering.sessions().created).toBe(2);
    expect(await harness.countedTotal()).toBe(6);
  });
});
