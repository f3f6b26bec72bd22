/**
 * What the conventions suite needs to know of each client: how to build it, where its interface
 * lives, one typed read and one typed write, and the interface's own error body. Everything else
 * the suite asserts is the same for all five.
 */
import { basicAuth, CalendarClient } from '@clientkit/calendar-client';
import { DocsClient } from '@clientkit/docs-client';
import { IdmClient } from '@clientkit/idm-client';
import { MailClient } from '@clientkit/mail-client';
import { MeteringClient } from '@clientkit/metering-client';
import { developmentClientOptions } from '@clientkit/reference-server/development-options';

/** The methods the suite calls, which every client has. */
export interface AnyClient {
  request(
    method: string,
    path: string,
    init?: unknown,
    options?: unknown,
  ): Promise<unknown> & {
    withResponse(): Promise<{ data: unknown; requestId: string | null }>;
  };
  paginate?(
    path: string,
    params?: Record<string, unknown>,
  ): AsyncIterable<unknown> & {
    toArray(): Promise<unknown[]>;
  };
}

/** A typed call of the client, the request it makes and a body to answer it with. */
export interface Sample {
  call(client: never, options?: Record<string, unknown>): Promise<unknown>;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Relative to the interface's own path. */
  path: string;
  answer: Record<string, unknown>;
}

export interface Profile {
  /** The client's class name, as its messages give it. */
  name: string;
  /** Builds the client with valid credentials and `options` over them. */
  make(options?: Record<string, unknown>): AnyClient;
  /** The path the client appends to `baseUrl`. */
  appended: string;
  /** The end of `appended` a refused `baseUrl` message names, when not all of it. */
  appendedRule?: string;
  /** A header the client sends its credentials in, with its value. */
  credentialHeader: [name: string, value: string | RegExp];
  /** Credentials that must be refused when the client is built, each with the option it names. */
  badCredentials: [options: Record<string, unknown>, field: string][];
  read: Sample;
  /** A POST or PATCH; `idempotent` when the interface honours Idempotency-Key. */
  write: Sample & { idempotent: boolean };
  /** A typed call given a field its schema does not know, and that field's name. */
  unknownField: { call(client: never): Promise<unknown>; field: string };
  /** The interface's own error body. */
  errorBody(status: number, message: string): Record<string, unknown>;
  /** A listing the `paginate()` escape hatch can read, where the client has one. */
  paginate?: {
    path: string;
    pages: { query: Record<string, string>; body: Record<string, unknown> }[];
    items: unknown[];
  };
  /** Options of a client against the reference server at `url`, with its development credentials. */
  development(url: string): object;
  /**
   * A route the `request()` escape hatch reaches on the reference server (with GET unless it says
   * otherwise), and what it answers.
   */
  route: { method?: 'GET' | 'POST'; path: string; check(data: unknown): void };
  /** A route that does not exist on the reference server. */
  missing: string;
}

export const ORIGIN = 'http://conventions.test';

const docs: Profile = {
  name: 'DocsClient',
  make: (options = {}) =>
    new DocsClient({ baseUrl: ORIGIN, token: 'tok_docs', retry: 0, ...options } as never),
  appended: '/v1',
  credentialHeader: ['authorization', 'Bearer tok_docs'],
  badCredentials: [
    [{ token: '' }, 'token'],
    [{ token: 42 }, 'token'],
    [{ token: undefined }, 'token'],
  ],
  read: {
    call: (client: DocsClient, options) => client.spaces.get('space_1', {}, options),
    method: 'get',
    path: '/spaces/space_1',
    answer: { object: 'space', id: 'space_1' },
  },
  write: {
    call: (client: DocsClient, options) => client.spaces.restore('space_1', options),
    method: 'post',
    path: '/spaces/space_1/restore',
    answer: { object: 'space', id: 'space_1' },
    idempotent: false,
  },
  unknownField: {
    call: (client: DocsClient) => client.spaces.update('space_1', { titel: 'x' } as never),
    field: 'titel',
  },
  errorBody: (status, message) => ({ error: { code: status, message } }),
  paginate: {
    path: 'spaces/space_1/permissions/users',
    pages: [
      { query: { limit: '1' }, body: { items: [{ n: 1 }], next: { page: 'c2' } } },
      { query: { limit: '1', page: 'c2' }, body: { items: [{ n: 2 }] } },
    ],
    items: [{ n: 1 }, { n: 2 }],
  },
  development: (url) => developmentClientOptions(url).docs,
  route: {
    path: 'spaces/space_handbook',
    check: (data) => expectField(data, 'id', 'space_handbook'),
  },
  missing: 'spaces/space_missing',
};

const calendar: Profile = {
  name: 'CalendarClient',
  make: (options = {}) =>
    new CalendarClient({
      baseUrl: ORIGIN,
      auth: basicAuth('editor', 'app password'),
      retry: 0,
      ...options,
    } as never),
  appended: '/wp-json/calendar/events/v1',
  appendedRule: '/calendar/events/v1',
  credentialHeader: ['authorization', /^Basic /],
  badCredentials: [
    [{ auth: { username: 'editor', password: 'x' } }, 'auth'],
    [{ auth: 'editor:x' }, 'auth'],
  ],
  read: {
    call: (client: CalendarClient, options) => client.events.get(12, {}, options),
    method: 'get',
    path: '/events/12',
    answer: { id: 12, title: 'A talk' },
  },
  write: {
    call: (client: CalendarClient, options) =>
      client.events.create(
        { title: 'A talk', start_date: '2026-06-01 10:00:00', end_date: '2026-06-01 11:00:00' },
        options,
      ),
    method: 'post',
    path: '/events',
    answer: { id: 13, title: 'A talk' },
    idempotent: false,
  },
  unknownField: {
    call: (client: CalendarClient) => client.events.update(12, { titel: 'x' } as never),
    field: 'titel',
  },
  errorBody: (status, message) => ({ code: 'rest_error', message, data: { status } }),
  paginate: {
    path: 'events',
    pages: [
      { query: { per_page: '1' }, body: { events: [{ n: 1 }], total: 2, total_pages: 2 } },
      {
        query: { per_page: '1', page: '2' },
        body: { events: [{ n: 2 }], total: 2, total_pages: 2 },
      },
    ],
    items: [{ n: 1 }, { n: 2 }],
  },
  development: (url) => developmentClientOptions(url).calendar,
  route: { path: 'venues', check: (data) => expectField(data, 'total', expectNumber) },
  missing: 'events/999999',
};

const metering: Profile = {
  name: 'MeteringClient',
  make: (options = {}) =>
    new MeteringClient({
      baseUrl: ORIGIN,
      apiKey: 'sk_test_conventions',
      retry: 0,
      ...options,
    } as never),
  appended: '/v2/billing',
  credentialHeader: ['authorization', 'Bearer sk_test_conventions'],
  badCredentials: [
    [{ apiKey: '' }, 'apiKey'],
    [{ apiKey: 7 }, 'apiKey'],
  ],
  // Metering has no read: its session create is the typed call every program makes first.
  read: {
    call: (client: MeteringClient, options) => client.sessions.create(options),
    method: 'post',
    path: '/meter_event_session',
    answer: {
      object: 'v2.billing.meter_event_session',
      id: 'mes_1',
      authentication_token: 'tok',
      created: '2026-06-01T00:00:00.000Z',
      expires_at: '2026-06-01T00:15:00.000Z',
      livemode: false,
    },
  },
  write: {
    call: (client: MeteringClient, options) => client.sessions.create(options),
    method: 'post',
    path: '/meter_event_session',
    answer: { id: 'mes_1' },
    idempotent: true,
  },
  unknownField: {
    call: (client: MeteringClient) =>
      client.events.send([{ event_name: 'e', payload: { v: '1' }, extra: 1 } as never]),
    field: 'extra',
  },
  errorBody: (status, message) => ({
    error: { type: 'invalid_request_error', code: `status_${status}`, message },
  }),
  development: (url) => developmentClientOptions(url).metering,
  // The interface has no GET route: a session is created with POST.
  route: {
    method: 'POST',
    path: 'meter_event_session',
    check: (data) => expectField(data, 'object', 'v2.billing.meter_event_session'),
  },
  missing: 'meters/nothing_here',
};

const mail: Profile = {
  name: 'MailClient',
  make: (options = {}) =>
    new MailClient({ baseUrl: ORIGIN, accountToken: 'tok_mail', retry: 0, ...options } as never),
  appended: '/servers',
  credentialHeader: ['x-mail-account-token', 'tok_mail'],
  badCredentials: [
    [{ accountToken: '' }, 'accountToken'],
    [{ accountToken: null }, 'accountToken'],
  ],
  read: {
    call: (client: MailClient, options) => client.servers.get(1, options),
    method: 'get',
    path: '/1',
    answer: { ID: 1, Name: 'Support' },
  },
  // Mail's typed writes are PUTs, retried as idempotent; its POSTs go through request().
  write: {
    call: (client: MailClient, options) => client.request('POST', '1/notes', { body: {} }, options),
    method: 'post',
    path: '/1/notes',
    answer: {},
    idempotent: false,
  },
  unknownField: {
    call: (client: MailClient) => client.servers.update(1, { Nmae: 'x' } as never),
    field: 'Nmae',
  },
  errorBody: (status, message) => ({ ErrorCode: status === 404 ? 601 : 10, Message: message }),
  paginate: {
    path: '',
    pages: [
      { query: { count: '1', offset: '0' }, body: { TotalCount: 2, Servers: [{ n: 1 }] } },
      { query: { count: '1', offset: '1' }, body: { TotalCount: 2, Servers: [{ n: 2 }] } },
    ],
    items: [{ n: 1 }, { n: 2 }],
  },
  development: (url) => developmentClientOptions(url).mail,
  route: { path: '1', check: (data) => expectField(data, 'ID', 1) },
  missing: '999999',
};

const idm: Profile = {
  name: 'IdmClient',
  // token and auth exclude each other: the token is left out where auth is given.
  make: (options = {}) =>
    new IdmClient({
      baseUrl: ORIGIN,
      ...('auth' in options ? {} : { token: 'tok_idm' }),
      retry: 0,
      ...options,
    } as never),
  appended: '/api/v2',
  credentialHeader: ['authorization', 'Bearer tok_idm'],
  badCredentials: [
    [{ token: '' }, 'token'],
    [{ token: undefined }, 'token'],
    [{ token: undefined, auth: { clientId: 'x' } }, 'auth'],
  ],
  read: {
    call: (client: IdmClient, options) => client.clients.get('c1', options),
    method: 'get',
    path: '/clients/c1',
    answer: { client_id: 'c1', name: 'Portal' },
  },
  write: {
    call: (client: IdmClient, options) => client.clients.create({ name: 'Portal' }, options),
    method: 'post',
    path: '/clients',
    answer: { client_id: 'c2', name: 'Portal' },
    idempotent: false,
  },
  unknownField: {
    call: (client: IdmClient) => client.clients.update('c1', { nmae: 'x' } as never),
    field: 'nmae',
  },
  errorBody: (status, message) => ({
    statusCode: status,
    error: 'Error',
    message,
    errorCode: `status_${status}`,
  }),
  paginate: {
    path: 'clients',
    pages: [
      { query: { take: '1' }, body: { clients: [{ n: 1 }], next: 'cp2' } },
      { query: { take: '1', from: 'cp2' }, body: { clients: [{ n: 2 }] } },
    ],
    items: [{ n: 1 }, { n: 2 }],
  },
  development: (url) => developmentClientOptions(url).idm,
  route: { path: 'clients', check: (data) => expectArrayOrList(data) },
  missing: 'clients/nothing_here',
};

function expectField(data: unknown, field: string, value: unknown): void {
  const actual = (data as Record<string, unknown>)[field];
  const ok =
    typeof value === 'function' ? (value as (v: unknown) => boolean)(actual) : actual === value;
  if (!ok) throw new Error(`expected ${field} ${String(value)}, got ${JSON.stringify(actual)}`);
}

const expectNumber = (value: unknown) => typeof value === 'number';

function expectArrayOrList(data: unknown): void {
  if (!Array.isArray(data) && !Array.isArray((data as { clients?: unknown })?.clients)) {
    throw new Error(`expected a listing, got ${JSON.stringify(data)}`);
  }
}

export const profiles: Profile[] = [docs, calendar, metering, mail, idm];
