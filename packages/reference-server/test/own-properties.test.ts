import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceServer, type ReferenceServer } from '../src/index';

/** Names every plain object answers to through its prototype; as ids they must find nothing. */
const INHERITED = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];
const ORIGIN = 'http://reference.test';

let server: ReferenceServer;

beforeAll(async () => {
  server = await createReferenceServer({ admin: true, clock: { frozen: true } });
});
afterAll(() => server.close());

function call(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return server.fetch(`${ORIGIN}${path}`, {
    method,
    headers: { accept: 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  });
}

describe.each(INHERITED)('an id named %s finds nothing', (id) => {
  const path = encodeURIComponent(id);

  it('docs: removing a permission that never existed answers 204 (not changed), reading the user 404', async () => {
    const docs = { authorization: 'Bearer docs-dev-user-ada' };
    const before = server.inspect('docs');
    const user = await call('DELETE', `/v1/spaces/space_handbook/permissions/users/${path}`, docs);
    expect(user.status).toBe(204);
    const team = await call('DELETE', `/v1/spaces/space_handbook/permissions/teams/${path}`, docs);
    expect(team.status).toBe(404);
    expect((await call('GET', `/v1/users/${path}`, docs)).status).toBe(404);
    expect((await call('GET', `/v1/spaces/${path}`, docs)).status).toBe(404);
    expect(server.inspect('docs')).toEqual(before);
  });

  it('calendar: reading or deleting a category, venue or event by that id is refused, nothing changes', async () => {
    const editor = {
      authorization: `Basic ${Buffer.from('editor:EdiT oRPa ssW0 rdCa lEnD ar01').toString('base64')}`,
    };
    const before = server.inspect('calendar');
    for (const kind of ['categories', 'tags', 'venues', 'organizers', 'events']) {
      const read = await call('GET', `/wp-json/calendar/events/v1/${kind}/${path}`, editor);
      expect([400, 404]).toContain(read.status);
      const removed = await call('DELETE', `/wp-json/calendar/events/v1/${kind}/${path}`, editor);
      expect([400, 404]).toContain(removed.status);
    }
    expect(server.inspect('calendar')).toEqual(before);
  });

  it('metering: no counted event has that identifier until one is sent, then it counts once', async () => {
    expect((await call('GET', `/__admin/metering/events/${path}`)).status).toBe(404);
    const session = (await (
      await call('POST', '/v2/billing/meter_event_session', {
        authorization: 'Bearer sk_test_clientkit_dev_key',
      })
    ).json()) as { authentication_token: string };
    const stream = {
      authorization: `Bearer ${session.authentication_token}`,
      'content-type': 'application/json',
    };
    const event = { event_name: 'api_call', identifier: id, payload: { stripe_customer_id: 'c' } };
    const before = server.metering.counted().total;
    for (let i = 0; i < 2; i++) {
      const sent = await call(
        'POST',
        '/v2/billing/meter_event_stream',
        stream,
        JSON.stringify({ events: [event] }),
      );
      expect(sent.status).toBe(200);
    }
    await server.clock.advance('1s');
    expect(server.metering.counted().total).toBe(before + 1);
    expect((await call('GET', `/__admin/metering/events/${path}`)).status).toBe(200);
  });

  it('mail: no server and no inbound message has that id', async () => {
    const mail = { 'x-mail-account-token': 'mail-dev-account-token' };
    expect((await call('GET', `/servers/${path}`, mail)).status).toBe(404);
    expect((await call('GET', `/__admin/mail/messages/${path}`)).status).toBe(404);
  });

  it('idm: reading a client or a log by that id is 404, deleting it 204 with nothing removed', async () => {
    const token = await server.idm.mintToken({ origin: ORIGIN });
    const idm = { authorization: `Bearer ${token}` };
    const clients = (server.inspect('idm') as { clients: unknown[] }).clients;
    expect((await call('GET', `/api/v2/clients/${path}`, idm)).status).toBe(404);
    expect((await call('GET', `/api/v2/logs/${path}`, idm)).status).toBe(404);
    expect((await call('DELETE', `/api/v2/clients/${path}`, idm)).status).toBe(204);
    expect((server.inspect('idm') as { clients: unknown[] }).clients).toEqual(clients);
  });
});
