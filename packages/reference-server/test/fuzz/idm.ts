import fc from 'fast-check';
import {
  type BodySpec,
  badBooleanText,
  badIntegerText,
  brokenAuthorization,
  deeplyNested,
  type FuzzRequest,
  hugeArrayBody,
  hugeStringBody,
  jsonBody,
  junkSegment,
  malformedJson,
  nonObjectJson,
  notAUrl,
  otherMethod,
  queryString,
  rarelyHuge,
  unknownFields,
  withFields,
  withOneBadField,
  wrongType,
} from './requests';

export interface IdmWorld {
  /** Access tokens: every scope, read scopes only, no scope, expired, and signed with another key. */
  tokens: {
    full: string;
    readOnly: string;
    none: string;
    expired: string;
    /** The server's kid, claims and issuer, but signed by another RSA key. */
    foreign: string;
    /** The same, signed HS256 with the server's public key (PEM) as the secret. */
    confused: string;
    /** Genuine, but issued for another origin. */
    elsewhere: string;
  };
  machine: { clientId: string; clientSecret: string };
  audience: string;
  clientIds: string[];
  logIds: string[];
  /** How many log events there are, to aim past the offset reach of 1000 records. */
  logCount: number;
  maxPageSize: number;
}

const BASE = '/api/v2';
const TOKEN = '/oauth/token';

const over = (length: number) => 'x'.repeat(length);
const validClient = {
  name: 'Fuzzed client',
  app_type: 'spa',
  callbacks: ['https://fuzz.example.test/callback'],
};

/** Values each client field must refuse. */
const badClientFields: Record<string, fc.Arbitrary<unknown>> = {
  name: fc.oneof(wrongType.string, fc.constantFrom('', null, over(256))),
  description: fc.oneof(wrongType.string, fc.constantFrom(null, over(141))),
  app_type: fc.oneof(wrongType.string, fc.constantFrom('robot', 'SPA', '', null)),
  callbacks: fc.oneof(
    wrongType.array,
    fc.constantFrom([''], ['not a url'], [5], [null], 'https://x.test'),
  ),
  allowed_origins: fc.oneof(wrongType.array, fc.constantFrom(['example.com'], [{}])),
  logo_uri: fc.oneof(wrongType.string, notAUrl, fc.constant(null)),
  is_first_party: wrongType.boolean,
  client_metadata: fc.constantFrom('x', [], ['a'], null, { a: 1 }, { a: null }, { a: { b: 'c' } }),
  client_id: fc.constantFrom('abc', ''),
  client_secret: fc.constant('s3cret'),
};

function badClientBody(update: boolean): fc.Arbitrary<BodySpec> {
  return rarelyHuge(
    fc.oneof(
      {
        arbitrary: jsonBody(withOneBadField(update ? {} : validClient, badClientFields)),
        weight: 6,
      },
      {
        arbitrary: jsonBody(withFields(fc.constant(update ? {} : validClient), unknownFields)),
        weight: 1,
      },
      { arbitrary: fc.constantFrom('', '{}', ' '), weight: 1 },
      { arbitrary: malformedJson, weight: 2 },
      { arbitrary: nonObjectJson(), weight: 1 },
    ),
    [
      deeplyNested(),
      deeplyNested('callbacks'),
      // Over 1 MB: refused before it is read as JSON.
      fc
        .integer({ min: 1_048_577, max: 1_800_000 })
        .map((size): BodySpec => ({ parts: ['{"name":"', ['n', size], '"}'] })),
      hugeStringBody('{"name":"', '"}'),
      hugeArrayBody('{"name":"x","callbacks":[', '5', ']}'),
    ],
  );
}

export function idmCases(world: IdmWorld): fc.Arbitrary<FuzzRequest> {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const request = (
    kind: string,
    method: string,
    target: string,
    headers: Record<string, string>,
    body?: BodySpec,
  ): FuzzRequest => ({
    api: 'idm',
    kind,
    method,
    target,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  });
  const client = fc.constantFrom(...world.clientIds);
  const log = fc.constantFrom(...world.logIds);
  const valid = JSON.stringify(validClient);
  /** Every route, with a body it would take. */
  const route = fc.oneof(
    fc
      .constantFrom(`${BASE}/clients`, `${BASE}/logs`)
      .map((target) => ({ method: 'GET', target, body: undefined as string | undefined })),
    client.map((id) => ({
      method: 'GET',
      target: `${BASE}/clients/${id}`,
      body: undefined as string | undefined,
    })),
    log.map((id) => ({
      method: 'GET',
      target: `${BASE}/logs/${id}`,
      body: undefined as string | undefined,
    })),
    fc.constant({ method: 'POST', target: `${BASE}/clients`, body: valid }),
    client.chain((id) =>
      fc.constantFrom(
        { method: 'PATCH', target: `${BASE}/clients/${id}`, body: valid },
        { method: 'DELETE', target: `${BASE}/clients/${id}`, body: undefined },
      ),
    ),
  );
  const correlation = fc.option(
    fc.string({ minLength: 1, maxLength: 100, unit: 'grapheme-ascii' }),
    { nil: undefined },
  );
  const withCorrelation = (headers: Record<string, string>, id: string | undefined) =>
    id === undefined || id.trim() === '' ? headers : { ...headers, 'x-correlation-id': id };

  const valids = new Set([world.tokens.full, world.tokens.readOnly, world.tokens.none]);
  const forged = fc.constantFrom(world.tokens.full, world.tokens.readOnly).chain((token) => {
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return fc.constantFrom(
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      `${header}.${encode({ ...claims, scope: 'read:clients create:clients update:clients delete:clients read:logs' })}.${signature}`,
      `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `${encode({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`,
      `${header}.${encode({ ...claims, aud: 'https://elsewhere.test/' })}.${signature}`,
      `${header}.${payload}`,
      `${token}.${signature}`,
      token.slice(0, -1),
      world.tokens.expired,
      world.tokens.foreign,
      world.tokens.confused,
      world.tokens.elsewhere,
    );
  });
  const badAuthorization = fc
    .oneof(
      brokenAuthorization,
      forged.map((token) => `Bearer ${token}`),
      fc
        .constantFrom(...valids)
        .chain((token) =>
          fc.constantFrom(token, `Basic ${token}`, `Token ${token}`, `Bearer ${token} x`),
        ),
    )
    .filter((header) => !valids.has(/^Bearer\s+(\S+)\s*$/i.exec(header.trim())?.[1] ?? ''));
  const wrongAuth = fc
    .tuple(route, fc.option(badAuthorization, { nil: undefined }), correlation)
    .map(([{ method, target, body }, authorization, id]) =>
      request(
        authorization ? 'wrong auth' : 'missing auth',
        method,
        target,
        withCorrelation(authorization ? { authorization } : {}, id),
        body,
      ),
    );
  const scopeMissing = fc
    .tuple(
      route,
      fc.constantFrom('readOnly', 'none') as fc.Arbitrary<'readOnly' | 'none'>,
      correlation,
    )
    .filter(([{ method }, token]) => token === 'none' || method !== 'GET')
    .map(([{ method, target, body }, token, id]) =>
      request(
        'insufficient scope',
        method,
        target,
        withCorrelation(bearer(world.tokens[token]), id),
        body,
      ),
    );

  const wrongMethod = fc
    .oneof(
      fc.tuple(fc.constant(`${BASE}/clients`), otherMethod(['GET', 'POST'])),
      fc.tuple(
        client.map((id) => `${BASE}/clients/${id}`),
        otherMethod(['GET', 'PATCH', 'DELETE']),
      ),
      fc.tuple(fc.constant(`${BASE}/logs`), otherMethod(['GET'])),
      fc.tuple(
        log.map((id) => `${BASE}/logs/${id}`),
        otherMethod(['GET']),
      ),
      fc.tuple(fc.constant(TOKEN), otherMethod(['POST'])),
    )
    .map(([target, method]) =>
      request(
        'wrong method',
        method,
        target,
        bearer(world.tokens.full),
        method === 'GET' ? undefined : valid,
      ),
    );
  const unknownPath = fc
    .tuple(
      fc.constantFrom(
        `${BASE}`,
        `${BASE}/`,
        `${BASE}/users`,
        `${BASE}/resource-servers`,
        `${BASE}/clients/x/y`,
        '/oauth/token/extra',
      ),
      fc.constantFrom('GET', 'POST'),
    )
    .map(([target, method]) =>
      request(
        'unknown path',
        method,
        target,
        bearer(world.tokens.full),
        method === 'GET' ? undefined : valid,
      ),
    );

  const known = new Set([...world.clientIds, ...world.logIds, 'clients', 'logs']);
  const junk = junkSegment([...world.clientIds.slice(0, 3), ...world.logIds.slice(0, 3)], (id) =>
    known.has(id),
  );
  const badId = fc
    .tuple(junk, fc.constantFrom('GET clients', 'PATCH clients', 'GET logs'))
    .map(([id, which]) => {
      const [method, resource] = which.split(' ') as [string, string];
      return request(
        'bad id in path',
        method,
        `${BASE}/${resource}/${id}`,
        bearer(world.tokens.full),
        method === 'PATCH' ? valid : undefined,
      );
    });

  // Every pagination value is bad, or the modes are mixed, or a parameter is unknown.
  const pageSize = badIntegerText(1, world.maxPageSize);
  const offsetParam: fc.Arbitrary<[string, string]> = fc.oneof(
    fc.tuple(fc.constant('page'), badIntegerText(0)),
    fc.tuple(fc.constant('per_page'), pageSize),
    fc.tuple(fc.constant('include_totals'), badBooleanText),
  );
  const checkpointParam: fc.Arbitrary<[string, string]> = fc.oneof(
    fc.tuple(fc.constant('take'), pageSize),
    fc.tuple(
      fc.constant('from'),
      fc.oneof(
        fc.constant(''),
        fc.string({ minLength: 1, maxLength: 60 }),
        fc
          .base64String({ minLength: 4, maxLength: 80 })
          .map((text) => `${text}.${text.slice(0, 22)}`),
      ),
    ),
  );
  const reach = Math.ceil(1000 / world.maxPageSize);
  const listQuery: fc.Arbitrary<{ resource: string; params: [string, string][] }> = fc.oneof(
    fc
      .tuple(
        fc.constantFrom('clients', 'logs'),
        fc.array(fc.oneof(offsetParam, checkpointParam), { minLength: 1, maxLength: 3 }),
      )
      .map(([resource, params]) => ({ resource, params })),
    fc
      .tuple(
        fc.constantFrom('clients', 'logs'),
        fc.constantFrom<[string, string][]>(
          [
            ['page', '0'],
            ['take', '5'],
          ],
          [
            ['include_totals', 'true'],
            ['from', 'x'],
          ],
          [
            ['per_page', '5'],
            ['take', '5'],
          ],
        ),
      )
      .map(([resource, params]) => ({ resource, params })),
    fc
      .tuple(
        fc.constantFrom('clients', 'logs'),
        fc
          .oneof(
            fc.constantFrom('__proto__', 'constructor', 'toString', 'q', 'sort', 'fields', 'PAGE'),
            fc.string({ minLength: 1, maxLength: 10 }),
          )
          .filter((name) => !['page', 'per_page', 'include_totals', 'from', 'take'].includes(name)),
      )
      .map(([resource, name]) => ({ resource, params: [[name, '1']] as [string, string][] })),
    // Offset pages that start at or past the 1000th record, while records remain there.
    fc
      .integer({ min: reach, max: Math.floor((world.logCount - 1) / world.maxPageSize) })
      .map((page) => ({
        resource: 'logs',
        params: [
          ['page', String(page)],
          ['per_page', String(world.maxPageSize)],
        ] as [string, string][],
      })),
  );
  const badQuery = fc
    .tuple(listQuery, fc.boolean())
    .map(([{ resource, params }, repeat]) =>
      request(
        'bad query',
        'GET',
        `${BASE}/${resource}${queryString(repeat ? [...params, ...params] : params)}`,
        bearer(world.tokens.full),
      ),
    );

  const badBody = fc
    .oneof(
      badClientBody(false).map((body) => ({ method: 'POST', target: `${BASE}/clients`, body })),
      fc
        .tuple(client, badClientBody(true))
        .map(([id, body]) => ({ method: 'PATCH', target: `${BASE}/clients/${id}`, body })),
    )
    .chain(({ method, target, body }) =>
      fc
        .tuple(correlation, fc.constantFrom('application/json', 'text/plain'))
        .map(([id, contentType]) =>
          request(
            'bad body',
            method,
            target,
            withCorrelation({ ...bearer(world.tokens.full), 'content-type': contentType }, id),
            body,
          ),
        ),
    );

  const { clientId, clientSecret } = world.machine;
  const exchange = {
    grant_type: 'client_credentials',
    client_id: clientId,
    client_secret: clientSecret,
    audience: world.audience,
  };
  const badExchangeFields: Record<string, fc.Arbitrary<unknown>> = {
    grant_type: fc.oneof(
      wrongType.string,
      fc.constantFrom('password', 'authorization_code', 'CLIENT_CREDENTIALS', '', null, undefined),
    ),
    client_id: fc.oneof(
      wrongType.string,
      fc.constantFrom('', null, undefined, 'idm_nobody', clientId.toUpperCase()),
    ),
    client_secret: fc.oneof(
      wrongType.string,
      fc.constantFrom('', null, undefined, `${clientSecret}x`, clientSecret.slice(1)),
    ),
    audience: fc.oneof(
      wrongType.string,
      fc.constantFrom('', null, undefined, 'https://elsewhere.test/api/v2/', `${world.audience}x`),
    ),
  };
  const badExchange = fc
    .tuple(
      rarelyHuge(
        fc.oneof(
          // Unknown parameters are not among them: a token endpoint ignores them (RFC 6749 §3.2).
          { arbitrary: jsonBody(withOneBadField(exchange, badExchangeFields)), weight: 6 },
          { arbitrary: fc.constantFrom('', '{}', 'grant_type=client_credentials'), weight: 1 },
          { arbitrary: malformedJson, weight: 2 },
          { arbitrary: nonObjectJson(), weight: 1 },
        ),
        [deeplyNested(), hugeStringBody('{"grant_type":"client_credentials","client_id":"', '"}')],
      ),
      correlation,
    )
    .map(([body, id]) =>
      request('bad token request', 'POST', TOKEN, withCorrelation({}, id), body),
    );

  return fc.oneof(
    { arbitrary: wrongAuth, weight: 3 },
    { arbitrary: scopeMissing, weight: 2 },
    { arbitrary: wrongMethod, weight: 1 },
    { arbitrary: unknownPath, weight: 1 },
    { arbitrary: badId, weight: 2 },
    { arbitrary: badQuery, weight: 4 },
    { arbitrary: badBody, weight: 6 },
    { arbitrary: badExchange, weight: 4 },
  );
}
