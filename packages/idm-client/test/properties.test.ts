/**
 * Property: for every method of IdmClient that takes input, and for `clientCredentials`, a value
 * that breaks one rule of one field (wrong type, out of range, empty, too long, bad format, unknown
 * value, unknown field, a rule between fields) while every other input is valid is refused with a
 * RequestValidationError that names that field, and no request is made. The client is given a
 * `fetch` that records every call, and points at an unroutable address with nock refusing real
 * connections, so a request attempt could not pass as a validation error.
 */
import fc from 'fast-check';
import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import {
  checkRow,
  fieldRows,
  OMIT,
  otherThan,
  type Row,
  recordingFetch,
  tooLong,
  unknownValue,
} from '../../../test-support/input-properties';
import { clientCredentials, IdmClient } from '../src/index';

const { fetch: recordedFetch, calls: fetchCalls } = recordingFetch();

const clientOf = (tenant: 'public' | 'private') =>
  new IdmClient({
    baseUrl: 'http://127.0.0.1:9',
    token: 'eyJhbGciOiJub25lIn0.eyJzY29wZSI6IiJ9.sig',
    tenant,
    retry: 0,
    fetch: recordedFetch,
  });
const idm = clientOf('public');
const privateIdm = clientOf('private');

// ---- the property ----

const notBoolean = otherThan('boolean');
const nonInteger = fc.oneof(
  fc.double().filter((value) => !Number.isInteger(value)),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
/**
 * Not an integer from `min` to `max`. Null is left out: the listings read a null page, page size
 * or `include_totals` as not given, and use the default.
 */
const notIntegerWithin = (min: number, max?: number) =>
  fc.oneof(
    fc.integer({ max: min - 1 }),
    ...(max === undefined ? [] : [fc.integer({ min: max + 1 })]),
    nonInteger,
    otherThan('number', 'null'),
  );
const invalidNonEmpty = fc.oneof(fc.constant(''), otherThan('string'));
/** Not a non-empty string nor a number. */
const invalidId = fc.oneof(fc.constant(''), fc.constant(undefined), otherThan('string', 'number'));
/** Not an absolute URL: without a colon there is no scheme. */
const notUrl = fc.string().filter((text) => !text.includes(':'));
const invalidUrlList = fc.oneof(
  otherThan('array'),
  fc
    .tuple(fc.array(fc.webUrl(), { maxLength: 2 }), fc.oneof(notUrl, otherThan('string')))
    .map(([urls, bad]) => [...urls, bad]),
);
/** Not printable ASCII with something besides spaces. */
const invalidCorrelationId = fc.oneof(
  fc.constantFrom('', ' ', '   ', 'deploy\n42', 'déploiement', 'tab\there', '\u0000', 'emoji 🚀'),
  fc
    .tuple(fc.string(), fc.constantFrom('\r', '\n', '\u007f', '\u00a0', '\u2028', 'é'), fc.string())
    .map(([before, bad, after]) => `${before}${bad}${after}`),
  otherThan('string'),
);
/** Not a path under the base URL: a query, a fragment, a scheme, a dot segment, or not text. */
const invalidPath = fc.oneof(
  fc.constantFrom(
    'clients?page=1',
    'clients#top',
    'https://elsewhere.test/x',
    'mailto:a@example.com',
    '../../oauth/token',
    '..',
    'clients/../../../oauth/token',
    './clients',
    '%2e%2e/oauth/token',
    'clients/%2E%2E/%2e%2E/x',
  ),
  fc
    .tuple(fc.stringMatching(/^[a-z]{1,8}$/), fc.constantFrom('?', '#'), fc.string())
    .map(([path, mark, rest]) => `${path}${mark}${rest}`),
  fc
    .tuple(
      fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 3 }),
      fc.constantFrom('..', '.'),
    )
    .map(([segments, dots]) => [...segments, dots, 'x'].join('/')),
  otherThan('string'),
);
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const invalidMethod = fc.oneof(
  unknownValue(METHODS),
  fc.constantFrom('get', 'post', 'patch', 'Delete', 'OPTIONS', 'TRACE', 'CONNECT', ' GET'),
  otherThan('string'),
);
const unknownParam = (known: readonly string[]) =>
  fc
    .string({ minLength: 1 })
    .filter((key) => /^\w+$/.test(key) && !known.includes(key) && key !== '__proto__');

// ---- the table: one row per method and field ----

const OFFSET = { page: 1, per_page: 20, include_totals: true };
const CHECKPOINT = { from: 'cp_1', take: 20 };
const LIST_PARAMS = ['page', 'per_page', 'include_totals', 'from', 'take'];

type Lister = (params: unknown) => unknown;

/** Rows of the pagination parameters of one listing on a public tenant (pages of 1 to 50). */
function listRows(op: string, list: Lister, strict: boolean): Row[] {
  const rows: Row[] = [
    ...fieldRows(
      op,
      OFFSET,
      {
        page: notIntegerWithin(0),
        per_page: notIntegerWithin(1, 50),
        include_totals: otherThan('boolean', 'null'),
      },
      list,
    ),
    ...fieldRows(
      op,
      CHECKPOINT,
      { from: fc.oneof(fc.constant(''), otherThan('string')), take: notIntegerWithin(1, 50) },
      list,
    ),
    // offset and checkpoint parameters together: the rule names them
    {
      op,
      field: 'from',
      invalid: fc
        .tuple(fc.subarray(['page', 'per_page', 'include_totals'], { minLength: 1 }), fc.boolean())
        .map(([offsetKeys, withTake]) => ({
          ...Object.fromEntries(offsetKeys.map((key) => [key, OFFSET[key as keyof typeof OFFSET]])),
          from: 'cp_1',
          ...(withTake ? { take: 10 } : {}),
        })),
      call: list,
    },
  ];
  if (strict) {
    rows.push({
      op,
      field: '<unknown parameter>',
      invalid: fc.tuple(unknownParam(LIST_PARAMS), fc.boolean()),
      call: (pair) => {
        const [key, offset] = pair as [string, boolean];
        return list({ ...(offset ? OFFSET : CHECKPOINT), [key]: 'x' });
      },
      fieldOf: (pair) => (pair as [string, boolean])[0],
    });
  }
  return rows;
}

const body = {
  name: 'Billing',
  description: 'Sends invoices',
  app_type: 'non_interactive',
  callbacks: ['https://billing.example.com/callback'],
  allowed_origins: ['https://billing.example.com'],
  logo_uri: 'https://billing.example.com/logo.png',
  is_first_party: true,
  client_metadata: { team: 'finance' },
};
const bodyInvalid = {
  description: fc.oneof(tooLong(140), otherThan('string')),
  app_type: fc.oneof(
    unknownValue(['native', 'spa', 'regular_web', 'non_interactive']),
    otherThan('string'),
  ),
  callbacks: invalidUrlList,
  allowed_origins: invalidUrlList,
  logo_uri: fc.oneof(notUrl, otherThan('string')),
  is_first_party: notBoolean,
  client_metadata: fc.oneof(
    otherThan('object'),
    fc
      .tuple(fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }), otherThan('string'))
      .map(([metadata, bad]) => ({ ...metadata, team: bad })),
  ),
};
const invalidName = fc.oneof(fc.constant(''), tooLong(255), otherThan('string'));
const unknownBodyField = fc.tuple(
  unknownParam(['name', ...Object.keys(bodyInvalid)]),
  fc.boolean(),
);
const mutation = { correlationId: 'deploy-42' };

const rows: Row[] = [
  // clients
  ...listRows('clients.list', (params) => idm.clients.list(params as never), true),
  {
    op: 'clients.list (private tenant)',
    field: 'per_page',
    invalid: fc.oneof(fc.integer({ min: 101 }), fc.integer({ max: 0 })),
    call: (size) => privateIdm.clients.list({ per_page: size } as never),
  },
  {
    op: 'clients.list (private tenant)',
    field: 'take',
    invalid: fc.oneof(fc.integer({ min: 101 }), fc.integer({ max: 0 })),
    call: (size) => privateIdm.clients.list({ take: size } as never),
  },
  {
    op: 'clients.get',
    field: 'clientId',
    invalid: invalidId,
    call: (id) => idm.clients.get(id as string),
  },
  ...fieldRows(
    'clients.create',
    body,
    { name: fc.oneof(fc.constant(OMIT), invalidName), ...bodyInvalid },
    (changes) => idm.clients.create(changes as never, mutation),
  ),
  {
    op: 'clients.create',
    field: '<unknown field>',
    invalid: unknownBodyField,
    call: (pair) => {
      const [key, alone] = pair as [string, boolean];
      return idm.clients.create({ ...(alone ? { name: 'x' } : body), [key]: 'x' } as never);
    },
    fieldOf: (pair) => (pair as [string, boolean])[0],
  },
  {
    op: 'clients.create',
    field: 'correlationId',
    invalid: invalidCorrelationId,
    call: (correlationId) => idm.clients.create(body as never, { correlationId } as never),
  },
  {
    op: 'clients.update',
    field: 'clientId',
    invalid: invalidId,
    call: (id) => idm.clients.update(id as string, { name: 'Billing' }, mutation),
  },
  ...fieldRows('clients.update', body, { name: invalidName, ...bodyInvalid }, (changes) =>
    idm.clients.update('cl_1', changes as never, mutation),
  ),
  {
    op: 'clients.update',
    field: '<unknown field>',
    invalid: unknownBodyField,
    call: (pair) => {
      const [key, alone] = pair as [string, boolean];
      return idm.clients.update('cl_1', { ...(alone ? {} : body), [key]: 'x' } as never);
    },
    fieldOf: (pair) => (pair as [string, boolean])[0],
  },
  {
    op: 'clients.update',
    field: 'correlationId',
    invalid: invalidCorrelationId,
    call: (correlationId) =>
      idm.clients.update('cl_1', { name: 'Billing' }, { correlationId } as never),
  },
  {
    op: 'clients.delete',
    field: 'clientId',
    invalid: invalidId,
    call: (id) => idm.clients.delete(id as string, mutation),
  },
  {
    op: 'clients.delete',
    field: 'correlationId',
    invalid: invalidCorrelationId,
    call: (correlationId) => idm.clients.delete('cl_1', { correlationId } as never),
  },

  // logs
  ...listRows('logs.list', (params) => idm.logs.list(params as never), true),
  { op: 'logs.get', field: 'logId', invalid: invalidId, call: (id) => idm.logs.get(id as string) },

  // any other route
  {
    op: 'request',
    field: 'method',
    invalid: invalidMethod,
    call: (method) => idm.request(method as never, 'widgets'),
  },
  {
    op: 'request',
    field: 'path',
    invalid: invalidPath,
    call: (path) => idm.request('GET', path as string),
  },
  {
    op: 'request',
    field: 'correlationId',
    invalid: fc.oneof(
      invalidCorrelationId.map((correlationId) => ['POST', correlationId]),
      // only mutating methods carry one
      fc.tuple(fc.constantFrom('GET', 'HEAD'), fc.constantFrom('deploy-42', 'x')),
    ),
    call: (pair) => {
      const [method, correlationId] = pair as [string, unknown];
      return idm.request(method as 'POST', 'widgets', { body: { size: 2 } }, {
        correlationId,
      } as never);
    },
  },
  {
    op: 'paginate',
    field: 'path',
    invalid: invalidPath,
    call: (path) => idm.paginate(path as string, { take: 10 }),
  },
  ...listRows('paginate', (params) => idm.paginate('roles', params as never), false),

  // request options, which every method takes
  {
    op: 'clients.get',
    field: 'timeout',
    invalid: fc.oneof(
      fc.integer({ max: 0 }),
      fc.double({ min: 2 ** 31, max: 2 ** 53, noNaN: true, noDefaultInfinity: true }),
      fc.constant(Number.NaN),
    ),
    call: (timeout) => idm.clients.get('cl_1', { timeout: timeout as number }),
  },

  // credentials for the client credentials exchange
  ...fieldRows(
    'clientCredentials',
    {
      clientId: 'm2m_1',
      clientSecret: 's3cret',
      audience: 'http://127.0.0.1:9/api/v2/',
      tokenUrl: 'http://127.0.0.1:9/oauth/token',
    },
    {
      clientId: fc.oneof(fc.constant(OMIT), invalidNonEmpty),
      clientSecret: fc.oneof(fc.constant(OMIT), invalidNonEmpty),
      audience: fc.oneof(fc.constant(OMIT), invalidNonEmpty),
      tokenUrl: fc.oneof(
        fc.constantFrom('ftp://127.0.0.1/oauth/token', 'mailto:a@example.com', '/oauth/token'),
        notUrl,
        otherThan('string'),
      ),
    },
    (options) => clientCredentials(options as never),
  ),
];

describe('IdmClient input validation (property)', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => {
    expect(fetchCalls.splice(0)).toEqual([]);
    expect(nock.pendingMocks()).toEqual([]);
  });
  afterAll(() => nock.enableNetConnect());

  for (const row of rows) checkRow(row, fetchCalls);
});
