/**
 * What the conventions suite needs to know of each client: how to build it, where its interface
 * lives, one typed read and one typed write, inputs its schemas refuse, the interface's own error
 * body, and what the reference server holds. Everything else the suite asserts is the same for
 * all five.
 */
import { basicAuth, CalendarClient } from '@clientkit/calendar-client';
import { DocsClient } from '@clientkit/docs-client';
import { clientCredentials, IdmClient } from '@clientkit/idm-client';
import { MailClient } from '@clientkit/mail-client';
import { MeteringClient } from '@clientkit/metering-client';
import { developmentClientOptions } from '@clientkit/reference-server/development-options';

/** The methods the suite calls, which every client has. */
export interface AnyClient {
  withOptions(overrides: unknown): AnyClient;
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
  /** The operation as the client's messages name it: `docs.spaces.get`. */
  operation: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Relative to the interface's own path. */
  path: string;
  answer: Record<string, unknown>;
}

/** A typed call given a field its schema does not know, and the one issue it must be refused with. */
export interface UnknownInput {
  call(client: never): Promise<unknown>;
  /** Where the field is: the body or the query of `operation`. */
  part: 'body' | 'query';
  operation: string;
  /** The issue, its path first when the field is nested: `position has unknown field befor`. */
  issue: string;
  /** Fields the message must list as known where the unknown one is (those given beside it). */
  known: string[];
}

export interface Profile {
  /** The client's class name, as its messages give it. */
  name: string;
  /** Builds the client with valid credentials and `options` over them. */
  make(options?: Record<string, unknown>): AnyClient;
  /** Builds the client with `options` alone, as `new XClient(options)` does. */
  construct(options?: Record<string, unknown>): AnyClient;
  /** The interface's part of its variables' names: `DOCS` in `CLIENTKIT_DOCS_BASE_URL`. */
  variable: string;
  /** The constructor options of this client beyond the shared ones. */
  options: string[];
  /** The path the client appends to `baseUrl`. */
  appended: string;
  /** The end of `appended` a refused `baseUrl` message names, when not all of it. */
  appendedRule?: string;
  /** A header the client sends its credentials in, with its value. */
  credentialHeader: [name: string, value: string | RegExp];
  /**
   * Credentials that must be refused when the client is built, each with the option it names; a
   * secret among them is spelt with `s3cret`, which no message may repeat.
   */
  badCredentials: [options: Record<string, unknown>, field: string][];
  read: Sample;
  /** A POST or PATCH; `idempotent` when the interface honours Idempotency-Key. */
  write: Sample & { idempotent: boolean };
  /**
   * Typed calls each given a field their schema does not know, beside known ones: at least one in
   * a body, and one in a query where the client has typed queries.
   */
  unknownInputs: UnknownInput[];
  /** The interface's own error body. */
  errorBody(status: number, message: string): Record<string, unknown>;
  /** The code an error of that body reads from it, when the body carries one. */
  errorCode?(status: number): string;
  /** A listing the `paginate()` escape hatch can read, where the client has one. */
  paginate?: {
    path: string;
    /** What the caller gives `paginate()`: a filter next to the page size, sent on every page. */
    params: Record<string, unknown>;
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
  /** A route that does not exist on the reference server, and the code the server answers it with. */
  missing: { path: string; code?: string };
  /**
   * A listing of the reference server's seeded records that `paginate()` reads one record a page,
   * and the same records read by the client's typed listing.
   */
  listing?: {
    path: string;
    params: Record<string, unknown>;
    all(client: never): Promise<unknown[]>;
  };
}

export const ORIGIN = 'http://conventions.test';

const docs: Profile = {
  name: 'DocsClient',
  construct: (options) => new DocsClient(options as never),
  variable: 'DOCS',
  make: (options = {}) =>
    new DocsClient({ baseUrl: ORIGIN, token: 'tok_docs', retry: 0, ...options } as never),
  options: ['baseUrl', 'token'],
  appended: '/v1',
  credentialHeader: ['authorization', 'Bearer tok_docs'],
  badCredentials: [
    [{ token: '' }, 'token'],
    [{ token: 42 }, 'token'],
    [{ token: undefined }, 'token'],
  ],
  read: {
    call: (client: DocsClient, options) => client.spaces.get('space_1', {}, options),
    operation: 'docs.spaces.get',
    method: 'get',
    path: '/spaces/space_1',
    answer: { object: 'space', id: 'space_1' },
  },
  write: {
    call: (client: DocsClient, options) => client.spaces.restore('space_1', options),
    operation: 'docs.spaces.restore',
    method: 'post',
    path: '/spaces/space_1/restore',
    answer: { object: 'space', id: 'space_1' },
    idempotent: false,
  },
  unknownInputs: [
    {
      call: (client: DocsClient) =>
        client.spaces.update('space_1', { title: 'Handbook', titel: 'x' } as never),
      part: 'body',
      operation: 'docs.spaces.update',
      issue: 'has unknown field titel',
      known: ['title'],
    },
    {
      call: (client: DocsClient) =>
        client.spaces.move('space_1', {
          position: { befor: { type: 'space', space: 'space_2' } },
        } as never),
      part: 'body',
      operation: 'docs.spaces.move',
      issue: 'position has unknown field befor',
      known: ['before', 'after'],
    },
    {
      call: (client: DocsClient) =>
        client.spaces.permissions.invite('space_1', {
          role: 'read',
          users: ['usr_1'],
          user: ['usr_2'],
        } as never),
      part: 'body',
      operation: 'docs.spaces.permissions.invite',
      issue: 'has unknown field user',
      known: ['role', 'users'],
    },
    {
      call: (client: DocsClient) =>
        client.spaces.git.export('space_1', {
          url: 'https://git.example/r',
          ref: 'main',
          commitMessage: 'Sync',
          branch: 'main',
        } as never),
      part: 'body',
      operation: 'docs.spaces.git.export',
      issue: 'has unknown field branch',
      known: ['url', 'ref', 'commitMessage'],
    },
    {
      call: (client: DocsClient) =>
        client.spaces.get('space_1', { shareKey: 'k', sharekey: 'k' } as never),
      part: 'query',
      operation: 'docs.spaces.get',
      issue: 'has unknown field sharekey',
      known: ['shareKey'],
    },
  ],
  errorBody: (status, message) => ({ error: { code: status, message } }),
  paginate: {
    path: 'spaces/space_1/permissions/users',
    params: { limit: 1, role: 'read' },
    pages: [
      {
        query: { limit: '1', role: 'read' },
        body: { items: [{ n: 1 }], next: { page: 'c2' } },
      },
      { query: { limit: '1', role: 'read', page: 'c2' }, body: { items: [{ n: 2 }] } },
    ],
    items: [{ n: 1 }, { n: 2 }],
  },
  development: (url) => developmentClientOptions(url).docs,
  route: {
    path: 'spaces/space_handbook',
    check: (data) => expectField(data, 'id', 'space_handbook'),
  },
  missing: { path: 'spaces/space_missing' },
  listing: {
    path: 'spaces/space_handbook/permissions/users',
    params: { limit: 1 },
    all: (client: DocsClient) => client.spaces.permissions.listUsers('space_handbook').toArray(),
  },
};

const calendar: Profile = {
  name: 'CalendarClient',
  construct: (options) => new CalendarClient(options as never),
  variable: 'CALENDAR',
  make: (options = {}) =>
    new CalendarClient({
      baseUrl: ORIGIN,
      auth: basicAuth('editor', 'app password'),
      retry: 0,
      ...options,
    } as never),
  options: ['baseUrl', 'apiRoot', 'auth'],
  appended: '/wp-json/calendar/events/v1',
  appendedRule: '/calendar/events/v1',
  credentialHeader: ['authorization', /^Basic /],
  badCredentials: [
    [{ auth: { username: 'editor', password: 's3cret' } }, 'auth'],
    [{ auth: 'editor:s3cret' }, 'auth'],
  ],
  read: {
    call: (client: CalendarClient, options) => client.events.get(12, {}, options),
    operation: 'calendar.events.get',
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
    operation: 'calendar.events.create',
    method: 'post',
    path: '/events',
    answer: { id: 13, title: 'A talk' },
    idempotent: false,
  },
  unknownInputs: [
    {
      call: (client: CalendarClient) =>
        client.events.update(12, { titel: 'x', featured: true } as never),
      part: 'body',
      operation: 'calendar.events.update',
      issue: 'has unknown field titel',
      known: ['title', 'featured'],
    },
    {
      // Sent as it is, the misspelt city would make a venue without a city.
      call: (client: CalendarClient) =>
        client.venues.create({ venue: 'Lighthouse Stage', citty: 'Boston' } as never),
      part: 'body',
      operation: 'calendar.venues.create',
      issue: 'has unknown field citty',
      known: ['venue', 'city'],
    },
    {
      call: (client: CalendarClient) =>
        client.tags.create({ name: 'Jazz', colour: 'red' } as never),
      part: 'body',
      operation: 'calendar.tags.create',
      issue: 'has unknown field colour',
      known: ['name'],
    },
    {
      call: (client: CalendarClient) =>
        client.events.list({ featured: true, category: [1] } as never),
      part: 'query',
      operation: 'calendar.events.list',
      issue: 'has unknown field category',
      known: ['featured', 'categories'],
    },
  ],
  errorBody: (status, message) => ({ code: 'rest_error', message, data: { status } }),
  errorCode: () => 'rest_error',
  paginate: {
    path: 'events',
    params: { per_page: 1, featured: true },
    pages: [
      {
        query: { per_page: '1', featured: 'true' },
        body: { events: [{ n: 1 }], total: 2, total_pages: 2 },
      },
      {
        query: { per_page: '1', featured: 'true', page: '2' },
        body: { events: [{ n: 2 }], total: 2, total_pages: 2 },
      },
    ],
    items: [{ n: 1 }, { n: 2 }],
  },
  development: (url) => developmentClientOptions(url).calendar,
  route: { path: 'venues', check: (data) => expectField(data, 'total', expectNumber) },
  missing: { path: 'events/999999', code: 'event-not-found' },
  listing: {
    path: 'venues',
    params: { per_page: 1 },
    all: (client: CalendarClient) => client.venues.list().toArray(),
  },
};

const metering: Profile = {
  name: 'MeteringClient',
  construct: (options) => new MeteringClient(options as never),
  variable: 'METERING',
  make: (options = {}) =>
    new MeteringClient({
      baseUrl: ORIGIN,
      apiKey: 'sk_test_conventions',
      retry: 0,
      ...options,
    } as never),
  options: [
    'baseUrl',
    'apiKey',
    'serviceVersion',
    'streamBaseUrl',
    'renewBeforeExpiryMs',
    'dangerouslyAllowBrowser',
  ],
  appended: '/v2/billing',
  credentialHeader: ['authorization', 'Bearer sk_test_conventions'],
  badCredentials: [
    [{ apiKey: '' }, 'apiKey'],
    [{ apiKey: 7 }, 'apiKey'],
    [{ apiKey: undefined }, 'apiKey'],
  ],
  // Metering has no read: its session create is the typed call every program makes first.
  read: {
    call: (client: MeteringClient, options) => client.sessions.create(options),
    operation: 'metering.sessions.create',
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
  // A write through request(), where the client adds the Idempotency-Key itself.
  write: {
    call: (client: MeteringClient, options) =>
      client.request('POST', 'meters', { body: { display_name: 'Calls' } }, options),
    operation: 'metering.request',
    method: 'post',
    path: '/meters',
    answer: { id: 'mtr_1' },
    idempotent: true,
  },
  unknownInputs: [
    {
      call: (client: MeteringClient) =>
        client.events.send([
          { event_name: 'e', payload: { v: '1' }, idempotencyKey: 'k' } as never,
        ]),
      part: 'body',
      operation: 'metering.events.send',
      issue: 'events[0] has unknown field idempotencyKey',
      known: ['event_name', 'payload', 'identifier'],
    },
  ],
  errorBody: (status, message) => ({
    error: { type: 'invalid_request_error', code: `status_${status}`, message },
  }),
  errorCode: (status) => `status_${status}`,
  development: (url) => developmentClientOptions(url).metering,
  // The interface has no GET route: a session is created with POST.
  route: {
    method: 'POST',
    path: 'meter_event_session',
    check: (data) => expectField(data, 'object', 'v2.billing.meter_event_session'),
  },
  missing: { path: 'meters/nothing_here', code: 'resource_missing' },
};

const mail: Profile = {
  name: 'MailClient',
  construct: (options) => new MailClient(options as never),
  variable: 'MAIL',
  make: (options = {}) =>
    new MailClient({ baseUrl: ORIGIN, accountToken: 'tok_mail', retry: 0, ...options } as never),
  options: ['baseUrl', 'accountToken', 'dangerouslyAllowBrowser'],
  appended: '/servers',
  credentialHeader: ['x-mail-account-token', 'tok_mail'],
  badCredentials: [
    [{ accountToken: '' }, 'accountToken'],
    [{ accountToken: null }, 'accountToken'],
    [{ accountToken: undefined }, 'accountToken'],
    [{ accountToken: 42 }, 'accountToken'],
  ],
  read: {
    call: (client: MailClient, options) => client.servers.get(1, options),
    operation: 'mail.servers.get',
    method: 'get',
    path: '/1',
    answer: { ID: 1, Name: 'Support' },
  },
  // Mail's typed writes are PUTs, retried as idempotent; its POSTs go through request().
  write: {
    call: (client: MailClient, options) => client.request('POST', '1/notes', { body: {} }, options),
    operation: 'mail.request',
    method: 'post',
    path: '/1/notes',
    answer: {},
    idempotent: false,
  },
  unknownInputs: [
    {
      call: (client: MailClient) => client.servers.update(1, { Name: 'Acme', Nmae: 'x' } as never),
      part: 'body',
      operation: 'mail.servers.update',
      issue: 'has unknown field Nmae',
      known: ['Name'],
    },
  ],
  errorBody: (status, message) => ({ ErrorCode: status === 404 ? 601 : 10, Message: message }),
  errorCode: (status) => (status === 404 ? '601' : '10'),
  paginate: {
    path: '',
    params: { count: 1, name: 'Support' },
    pages: [
      {
        query: { count: '1', offset: '0', name: 'Support' },
        body: { TotalCount: 2, Servers: [{ n: 1 }] },
      },
      {
        query: { count: '1', offset: '1', name: 'Support' },
        body: { TotalCount: 2, Servers: [{ n: 2 }] },
      },
    ],
    items: [{ n: 1 }, { n: 2 }],
  },
  development: (url) => developmentClientOptions(url).mail,
  route: { path: '1', check: (data) => expectField(data, 'ID', 1) },
  missing: { path: '999999', code: '601' },
};

const idm: Profile = {
  name: 'IdmClient',
  construct: (options) => new IdmClient(options as never),
  variable: 'IDM',
  // token and auth exclude each other: the token is left out where auth is given.
  make: (options = {}) =>
    new IdmClient({
      baseUrl: ORIGIN,
      ...('auth' in options ? {} : { token: 'tok_idm' }),
      retry: 0,
      ...options,
    } as never),
  options: ['baseUrl', 'token', 'auth', 'tenant', 'checkScopes', 'now', 'dangerouslyAllowBrowser'],
  appended: '/api/v2',
  credentialHeader: ['authorization', 'Bearer tok_idm'],
  badCredentials: [
    [{ token: '' }, 'token'],
    [{ token: undefined }, 'token'],
    [{ token: undefined, auth: { clientId: 'x' } }, 'auth'],
    [{ token: undefined, auth: { username: 'admin', password: 's3cret' } }, 'auth'],
    [
      {
        token: 'tok_idm',
        auth: clientCredentials({ clientId: 'm2m', clientSecret: 's3cret', audience: 'a' }),
      },
      'token',
    ],
  ],
  read: {
    call: (client: IdmClient, options) => client.clients.get('c1', options),
    operation: 'idm.clients.get',
    method: 'get',
    path: '/clients/c1',
    answer: { client_id: 'c1', name: 'Portal' },
  },
  write: {
    call: (client: IdmClient, options) => client.clients.create({ name: 'Portal' }, options),
    operation: 'idm.clients.create',
    method: 'post',
    path: '/clients',
    answer: { client_id: 'c2', name: 'Portal' },
    idempotent: false,
  },
  unknownInputs: [
    {
      call: (client: IdmClient) => client.clients.update('c1', { name: 'x', nmae: 'x' } as never),
      part: 'body',
      operation: 'idm.clients.update',
      issue: 'has unknown field nmae',
      known: ['name'],
    },
    {
      call: (client: IdmClient) => client.clients.list({ take: 1, tak: 2 } as never),
      part: 'query',
      operation: 'idm.clients.list',
      issue: 'has unknown field tak',
      known: ['take', 'from', 'page', 'per_page'],
    },
  ],
  errorBody: (status, message) => ({
    statusCode: status,
    error: 'Error',
    message,
    errorCode: `status_${status}`,
  }),
  errorCode: (status) => `status_${status}`,
  paginate: {
    path: 'clients',
    params: { take: 1, fields: 'name' },
    pages: [
      {
        query: { take: '1', fields: 'name' },
        body: { clients: [{ n: 1 }], next: 'cp2' },
      },
      { query: { take: '1', fields: 'name', from: 'cp2' }, body: { clients: [{ n: 2 }] } },
    ],
    items: [{ n: 1 }, { n: 2 }],
  },
  development: (url) => developmentClientOptions(url).idm,
  route: { path: 'clients', check: (data) => expectArrayOrList(data) },
  missing: { path: 'clients/nothing_here', code: 'inexistent_client' },
  listing: {
    path: 'clients',
    params: { take: 1 },
    all: (client: IdmClient) => client.clients.list().toArray(),
  },
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
