import { Socket } from 'node:net';
import {
  APITimeoutError,
  AuthenticationError,
  InternalServerError,
  PermissionDeniedError,
} from '@clientkit/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createReferenceServer,
  IN_PROCESS_ORIGIN,
  type ReferenceServerWithClients,
} from '../src/testing';

const CLIENTS = ['docs', 'calendar', 'metering', 'mail', 'idm'] as const;

let server: ReferenceServerWithClients;
beforeAll(async () => {
  server = await createReferenceServer({ clock: { frozen: true } });
});
afterAll(() => server.close());
afterEach(() => {
  server.reset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** One call of each client that needs its development credentials to succeed. */
async function oneCallEach(clients: ReturnType<ReferenceServerWithClients['clients']>) {
  const venue = await clients.calendar.venues.create({ venue: 'Kit Hall', status: 'publish' });
  const session = await clients.metering.sessions.create();
  const mailServer = await clients.mail.servers.get(1);
  const created = await clients.idm.clients.create({ name: 'Kit App', app_type: 'spa' });
  return {
    docs: (await clients.docs.user.get()).id,
    calendar: venue.venue,
    metering: typeof session.authentication_token,
    mail: mailServer.ID,
    idm: created.name,
  };
}

describe('server.clients() from @clientkit/reference-server/testing', () => {
  it('builds the five clients with the development credentials: one call of each succeeds', async () => {
    expect(await oneCallEach(server.clients())).toEqual({
      docs: 'usr_ada',
      calendar: 'Kit Hall',
      metering: 'string',
      mail: 1,
      idm: 'Kit App',
    });
  });

  it('reaches the server in-process: no socket is opened, global fetch is never called, and the server does not listen', async () => {
    const connect = vi.spyOn(Socket.prototype, 'connect');
    const globalFetch = vi.fn(() => Promise.reject(new Error('global fetch was called')));
    vi.stubGlobal('fetch', globalFetch);
    const clients = server.clients();
    await oneCallEach(clients);
    expect(connect).not.toHaveBeenCalled();
    expect(globalFetch).not.toHaveBeenCalled();
    expect(server.url).toBeUndefined();
  });

  it('addresses an origin that never resolves until the server listens', async () => {
    const seen: string[] = [];
    const { docs } = server.clients({
      docs: { hooks: { beforeRequest: [(request) => void seen.push(request.url)] } },
    });
    await docs.user.get();
    expect(seen).toEqual([`${IN_PROCESS_ORIGIN}/v1/user`]);
  });

  it('lays each client’s overrides over its defaults: a header and a hook given to every client reach its requests, in-process', async () => {
    const headers = new Map<string, string | null>();
    const overrides = Object.fromEntries(
      CLIENTS.map((name) => [
        name,
        {
          headers: { 'x-kit-client': name },
          hooks: {
            beforeRequest: [
              (request: Request) => void headers.set(name, request.headers.get('x-kit-client')),
            ],
          },
        },
      ]),
    );
    vi.stubGlobal('fetch', () => Promise.reject(new Error('global fetch was called')));
    await oneCallEach(server.clients(overrides));
    expect(Object.fromEntries(headers)).toEqual(
      Object.fromEntries(CLIENTS.map((name) => [name, name])),
    );
  });

  it.each([
    ['docs', { docs: { token: 'docs-not-a-token' } }, (c: Clients) => c.docs.user.get()],
    [
      'metering',
      { metering: { apiKey: 'sk_test_not_a_key' } },
      (c: Clients) => c.metering.sessions.create(),
    ],
    [
      'mail',
      { mail: { accountToken: 'not-an-account-token' } },
      (c: Clients) => c.mail.servers.get(1),
    ],
  ] as const)(
    'applies a credentials override of %s: the server refuses the given secret with 401',
    async (_name, overrides, call) => {
      await expect(call(server.clients(overrides))).rejects.toBeInstanceOf(AuthenticationError);
    },
  );

  it('gives an anonymous calendar client when auth is overridden with undefined: a write is refused', async () => {
    const { calendar } = server.clients({ calendar: { auth: undefined } });
    await expect(calendar.venues.create({ venue: 'Nobody Hall' })).rejects.toBeInstanceOf(
      AuthenticationError,
    );
    expect((await calendar.categories.list()).items.length).toBeGreaterThan(0);
  });

  it('drops the default calendar baseUrl when apiRoot is given', async () => {
    const seen: string[] = [];
    const { calendar } = server.clients({
      calendar: {
        apiRoot: `${IN_PROCESS_ORIGIN}/wp-json`,
        hooks: { beforeRequest: [(request) => void seen.push(new URL(request.url).pathname)] },
      },
    });
    await calendar.categories.list();
    expect(seen).toEqual(['/wp-json/calendar/events/v1/categories']);
  });

  it('replaces the idm client credentials with a given token: its scopes apply', async () => {
    const token = await server.idm.mintToken({ scopes: ['read:clients'] });
    const { idm } = server.clients({ idm: { token } });
    expect((await idm.clients.list({ page: 0, per_page: 5 })).items.length).toBeGreaterThan(0);
    await expect(idm.clients.create({ name: 'Refused', app_type: 'spa' })).rejects.toBeInstanceOf(
      PermissionDeniedError,
    );
  });

  it('applies an idm timeout override: a stalled answer fails with APITimeoutError', async () => {
    server.faults.add({ path: '/api/v2/clients', kind: 'stall' });
    const { idm } = server.clients({ idm: { timeout: 2_000, retry: 0 } });
    const failure = await idm.clients.list({ page: 0, per_page: 5 }).catch((error) => error);
    expect(failure).toBeInstanceOf(APITimeoutError);
  });

  it('mints idm tokens for the clients’ origin while the server does not listen', async () => {
    const token = await server.idm.mintToken();
    const { idm } = server.clients({ idm: { token } });
    expect((await idm.clients.create({ name: 'Minted', app_type: 'spa' })).name).toBe('Minted');
  });

  it.each([
    ['a list', [], /overrides must be an object keyed by client name/],
    [
      'an unknown client name',
      { dcos: {} },
      /"dcos" is not a client; the clients are docs, calendar/,
    ],
    ['options that are not an object', { idm: 'token' }, /overrides\.idm must be an object/],
  ])('refuses %s as overrides with a TypeError naming it', (_name, overrides, message) => {
    expect(() => server.clients(overrides as never)).toThrow(TypeError);
    expect(() => server.clients(overrides as never)).toThrow(message);
  });

  it('builds clients that do not retry: a one-shot 503 fails the call it meets, for every client', async () => {
    const calls: [string, (c: Clients) => Promise<unknown>][] = [
      ['/v1/user', (c) => c.docs.user.get()],
      ['/wp-json/calendar/events/v1/categories', (c) => c.calendar.categories.list()],
      ['/v2/billing/meter_event_session', (c) => c.metering.sessions.create()],
      ['/servers/1', (c) => c.mail.servers.get(1)],
      ['/api/v2/clients', (c) => c.idm.clients.list({ take: 1 })],
    ];
    const clients = server.clients();
    for (const [path, call] of calls) {
      server.faults.add({ path, status: 503 });
      await expect(call(clients)).rejects.toBeInstanceOf(InternalServerError);
    }
    expect(server.faults.injected()).toHaveLength(calls.length);
  });

  it('gives a client its retries back when its overrides say so: the one-shot 503 is retried away', async () => {
    server.faults.add({ path: '/v1/user', status: 503, retryAfter: 0 });
    const { docs } = server.clients({ docs: { retry: 2 } });
    expect((await docs.user.get()).id).toBe('usr_ada');
    expect(server.faults.injected()).toHaveLength(1);
  });

  it('leaves the metering stream its own retries: a batch that meets a one-shot 503 is delivered', async () => {
    server.faults.add({ path: '/v2/billing/meter_event_stream', status: 503, retryAfter: 0 });
    const failed: unknown[] = [];
    const stream = server.clients().metering.createStream({
      onBatchError: (error) => void failed.push(error),
    });
    stream.push({ event_name: 'kit_call', payload: { stripe_customer_id: 'cus_kit', value: '1' } });
    await stream.close();
    expect(failed).toEqual([]);
    expect(stream.stats).toMatchObject({ sent: 1, retried: 1, failed: 0 });
  });

  it('builds new clients at each call', () => {
    expect(server.clients().docs).not.toBe(server.clients().docs);
  });
});

type Clients = ReturnType<ReferenceServerWithClients['clients']>;

describe('a listening kit server', () => {
  it('gives its clients its own origin once it listens, still in-process, and mints idm tokens for it', async () => {
    await using listening = await createReferenceServer({ clock: { frozen: true } });
    const { url } = await listening.listen(0, '127.0.0.1');
    const connect = vi.spyOn(Socket.prototype, 'connect');
    const seen: string[] = [];
    const token = await listening.idm.mintToken();
    const { idm } = listening.clients({
      idm: { token, hooks: { beforeRequest: [(request) => void seen.push(request.url)] } },
    });
    await idm.clients.list({ page: 0, per_page: 1 });
    expect(seen.every((address) => address.startsWith(`${url}/`))).toBe(true);
    expect(connect).not.toHaveBeenCalled();
  });
});

describe('Symbol.asyncDispose of the kit server', () => {
  it('closes the server at the end of an `await using` block: its port refuses connections', async () => {
    let url: string;
    {
      await using kit = await createReferenceServer({ clock: { frozen: true } });
      ({ url } = await kit.listen(0, '127.0.0.1'));
      expect((await fetch(`${url}/v1/`)).status).toBe(401);
    }
    const refused = await fetch(`${url}/v1/`).catch((error: Error) => error);
    expect((refused as Error & { cause?: { code?: string } }).cause?.code).toBe('ECONNREFUSED');
  });

  it('is the server’s close', async () => {
    const kit = await createReferenceServer({ clock: { frozen: true } });
    expect(kit[Symbol.asyncDispose]).toBe(kit.close);
    await kit[Symbol.asyncDispose]();
  });
});
