import fc from 'fast-check';
import {
  type BodySpec,
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
  notADate,
  notAUrl,
  otherMethod,
  queryString,
  rarelyHuge,
  unknownFields,
  withOneBadField,
  wrongType,
} from './requests';

/** Who a token of the documentation interface speaks for. */
type Principal =
  | 'user'
  | 'user-internal'
  | 'user-staff'
  | 'integration'
  | 'integration-installation'
  | `oauth:${string}`;

export interface DocsWorld {
  /** A token of each kind: `oauth:*` has every scope, `oauth:` none. */
  tokens: Record<Principal, string>;
  /** The user the `user` token speaks for, and another user. */
  self: string;
  otherUser: string;
  /** Every id of the seed (users, spaces, teams, collections, organizations). */
  knownIds: ReadonlySet<string>;
}

type Body = 'updateUser' | 'updateSpace' | 'move' | 'import' | 'export' | 'invite' | 'permission';

interface Operation {
  method: string;
  path: string;
  /** Alternatives of the specification's security column: any one is enough. */
  security: readonly string[];
  body?: Body;
  query?: 'space' | 'embed' | 'search' | 'list';
}

const U = 'user';
const O = (scope: string) => `oauth:${scope}`;
const GLOBAL = ['user', 'user-internal', 'user-staff', 'integration', 'integration-installation'];

/** The endpoint table of docs-api.md. */
const operations: Operation[] = [
  { method: 'GET', path: '/', security: GLOBAL },
  { method: 'GET', path: '/user', security: [U, O('user:read')] },
  { method: 'POST', path: '/user/notifications/token', security: ['user-internal'] },
  { method: 'GET', path: '/users/{userId}', security: [U] },
  { method: 'PATCH', path: '/users/{userId}', security: [U], body: 'updateUser' },
  {
    method: 'GET',
    path: '/spaces/{spaceId}',
    security: [U, 'integration', 'integration-installation', O('space:read')],
    query: 'space',
  },
  {
    method: 'PATCH',
    path: '/spaces/{spaceId}',
    security: [U, O('space:write')],
    body: 'updateSpace',
  },
  { method: 'DELETE', path: '/spaces/{spaceId}', security: [U, O('space:write')] },
  { method: 'POST', path: '/spaces/{spaceId}/duplicate', security: [U, O('space:write')] },
  { method: 'POST', path: '/spaces/{spaceId}/restore', security: [U, O('space:write')] },
  { method: 'POST', path: '/spaces/{spaceId}/move', security: [U, O('space:write')], body: 'move' },
  {
    method: 'GET',
    path: '/spaces/{spaceId}/embed',
    security: [U, O('space:read')],
    query: 'embed',
  },
  {
    method: 'GET',
    path: '/spaces/{spaceId}/search',
    security: [U, O('space:read')],
    query: 'search',
  },
  {
    method: 'POST',
    path: '/spaces/{spaceId}/git/import',
    security: [U, 'integration', 'integration-installation', O('space:write')],
    body: 'import',
  },
  {
    method: 'POST',
    path: '/spaces/{spaceId}/git/export',
    security: [U, 'integration', 'integration-installation', O('space:write')],
    body: 'export',
  },
  { method: 'GET', path: '/spaces/{spaceId}/git/info', security: [U, O('space:read')] },
  {
    method: 'DELETE',
    path: '/spaces/{spaceId}/git/legacy-installation',
    security: ['user-internal'],
  },
  {
    method: 'POST',
    path: '/spaces/{spaceId}/permissions',
    security: [U, O('space:permissions:write')],
    body: 'invite',
  },
  {
    method: 'PATCH',
    path: '/spaces/{spaceId}/permissions/teams/{teamId}',
    security: [U, O('space:permissions:write')],
    body: 'permission',
  },
  {
    method: 'DELETE',
    path: '/spaces/{spaceId}/permissions/teams/{teamId}',
    security: [U, O('space:permissions:write')],
  },
  {
    method: 'GET',
    path: '/spaces/{spaceId}/permissions/teams',
    security: [U, O('space:permissions:read')],
    query: 'list',
  },
  {
    method: 'GET',
    path: '/spaces/{spaceId}/permissions/users',
    security: [U, O('space:permissions:read')],
    query: 'list',
  },
  {
    method: 'PATCH',
    path: '/spaces/{spaceId}/permissions/users/{userId}',
    security: [U, O('space:permissions:write')],
    body: 'permission',
  },
  {
    method: 'DELETE',
    path: '/spaces/{spaceId}/permissions/users/{userId}',
    security: [U, O('space:permissions:write')],
  },
];

/** A space of the seed without a Git provider, in the same organization as `team_writers`. */
const SPACE = 'space_api';

function allows(operation: Operation, principal: Principal): boolean {
  if (principal === 'oauth:*')
    return operation.security.some((alternative) => alternative.startsWith('oauth:'));
  return operation.security.includes(principal);
}

/** A principal the operation accepts, preferring a plain user token. */
function allowedPrincipal(operation: Operation): Principal {
  if (allows(operation, 'user')) return 'user';
  if (allows(operation, 'user-internal')) return 'user-internal';
  return 'oauth:*';
}

/** Valid bodies, so that the refusal of a case comes from what it breaks on purpose. */
const validBodies: Record<Body, Record<string, unknown>> = {
  updateUser: { displayName: 'Fuzzed Name' },
  updateSpace: { title: 'Fuzzed title' },
  move: { parent: 'col_guides' },
  import: { url: 'https://github.com/acme/docs.git', ref: 'main' },
  export: { url: 'https://github.com/acme/docs.git', ref: 'main', commitMessage: 'Export' },
  invite: { role: 'read', users: ['usr_chloe'] },
  permission: { role: 'read' },
};

const over = (length: number) => 'x'.repeat(length);

/** For each body, values each field must refuse. */
const badFields: Record<Body, Record<string, fc.Arbitrary<unknown>>> = {
  updateUser: {
    displayName: fc.oneof(wrongType.string, fc.constantFrom('', null, over(65), over(1000))),
    photoURL: fc.oneof(wrongType.string, notAUrl, fc.constant(null)),
  },
  updateSpace: {
    editMode: fc.oneof(wrongType.string, fc.constantFrom('draft', 'LIVE', '', null)),
    title: fc.oneof(wrongType.string, fc.constantFrom('', null, over(51))),
    defaultLevel: fc.oneof(wrongType.string, fc.constantFrom('owner', 'INHERIT', '')),
    language: fc.oneof(
      wrongType.string,
      fc.constantFrom('english', 'EN', 'e', 'en-', 'en-us-x', 'en_US', '', null),
    ),
    mergeRules: fc.constantFrom(
      'none',
      null,
      [],
      {},
      { type: 'bogus' },
      { type: 'rules' },
      { type: 'rules', rules: 'x' },
    ),
    emoji: fc.oneof(wrongType.string, fc.constantFrom('', over(33))),
    icon: fc.oneof(wrongType.string, notAUrl),
  },
  move: {
    parent: fc.oneof(wrongType.string, fc.constantFrom('', 'col_nowhere', 'col_globex', SPACE)),
    position: fc.constantFrom(
      'end',
      5,
      null,
      { before: 'space_handbook' },
      { before: { type: 'page', page: 'page_auth' } },
      { before: { type: 'space' } },
      { after: { type: 'collection', collection: '' } },
      { before: { type: 'space', space: SPACE } },
      { after: { type: 'space', space: 'space_nowhere' } },
      {
        before: { type: 'space', space: 'space_handbook' },
        after: { type: 'space', space: 'space_changelog' },
      },
    ),
  },
  import: {
    url: fc.oneof(wrongType.string, notAUrl, fc.constant(null)),
    ref: fc.oneof(wrongType.string, fc.constantFrom('', null)),
    repoTreeURL: fc.oneof(wrongType.string, notAUrl),
    repoCommitURL: fc.oneof(wrongType.string, notAUrl),
    repoProjectDirectory: wrongType.string,
    timestamp: fc.oneof(wrongType.string, notADate, fc.constant('2026-06-01')),
    force: wrongType.boolean,
    standalone: wrongType.boolean,
  },
  export: {
    url: fc.oneof(wrongType.string, notAUrl),
    ref: fc.oneof(wrongType.string, fc.constant('')),
    commitMessage: fc.oneof(wrongType.string, fc.constantFrom('', null, undefined)),
    timestamp: fc.oneof(wrongType.string, notADate),
    force: wrongType.boolean,
  },
  invite: {
    role: fc.oneof(wrongType.string, fc.constantFrom('owner', 'Admin', '', undefined)),
    users: fc.oneof(
      wrongType.array,
      fc.constantFrom([], [''], [5], [null], [['usr_brian']], ['usr_brian', 'usr_nobody']),
    ),
    teams: fc.constantFrom('team_writers', [''], [5], ['team_globex_ops'], ['team_nobody']),
  },
  permission: {
    role: fc.oneof(wrongType.string, fc.constantFrom('owner', 'ADMIN', '', 'guest', 'inherit')),
  },
};

/** Bodies near the size limit, nested deep or long, with a value their field must refuse. */
const hugeBodies: Record<Body, fc.Arbitrary<BodySpec>[]> = {
  updateUser: [hugeStringBody('{"displayName":"', '"}'), deeplyNested('displayName')],
  updateSpace: [hugeStringBody('{"title":"', '"}'), deeplyNested('mergeRules')],
  move: [hugeStringBody('{"parent":"', '"}'), deeplyNested('position')],
  import: [hugeStringBody('{"ref":"main","url":"', '"}'), deeplyNested('url')],
  export: [hugeStringBody('{"ref":"main","commitMessage":"Export","url":"', '"}')],
  invite: [
    hugeArrayBody('{"role":"read","users":[', '"usr_nobody"', ']}'),
    hugeArrayBody('{"role":"read","teams":[', '42', ']}'),
  ],
  permission: [hugeStringBody('{"role":"', '"}'), deeplyNested('role')],
};

/** Bodies of the operation that must be refused whatever the path and token. */
function badBody(body: Body): fc.Arbitrary<BodySpec> {
  const invalid = jsonBody(withOneBadField(validBodies[body], badFields[body]));
  const regular: fc.Arbitrary<BodySpec>[] = [
    invalid,
    invalid,
    invalid,
    malformedJson,
    nonObjectJson(),
  ];
  // Bodies that must set at least one property refuse unknown fields alone (they are left out).
  if (['updateUser', 'updateSpace', 'move'].includes(body)) {
    regular.push(jsonBody(unknownFields), fc.constant('{}'));
  }
  return rarelyHuge(fc.oneof(...regular), [...hugeBodies[body], deeplyNested()]);
}

/** Content types sent with bodies that are wrong anyway. */
const bodyContentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  undefined,
);

export function docsCases(world: DocsWorld): fc.Arbitrary<FuzzRequest> {
  const taken = (id: string) => world.knownIds.has(id);
  const junk = junkSegment([...world.knownIds], taken);
  const bearer = (principal: Principal) => ({ authorization: `Bearer ${world.tokens[principal]}` });
  const validTokens = new Set(Object.values(world.tokens));
  const fill = (path: string, ids: Partial<Record<'spaceId' | 'userId' | 'teamId', string>> = {}) =>
    `/v1${path
      .replace('{spaceId}', ids.spaceId ?? SPACE)
      .replace('{userId}', ids.userId ?? world.self)
      .replace('{teamId}', ids.teamId ?? 'team_writers')}`;
  const request = (
    kind: string,
    operation: Operation,
    headers: Record<string, string>,
    extra: Partial<FuzzRequest> = {},
  ): FuzzRequest => ({
    api: 'docs',
    kind,
    method: operation.method,
    target: fill(operation.path),
    headers,
    ...(operation.body ? { body: JSON.stringify(validBodies[operation.body]) } : {}),
    ...extra,
  });
  const anyOperation = fc.constantFrom(...operations);

  const missingAuth = anyOperation.map((operation) => request('missing auth', operation, {}));

  const wrongAuth = fc
    .tuple(
      anyOperation,
      fc.oneof(
        brokenAuthorization,
        fc
          .constantFrom(...validTokens)
          .chain((token) =>
            fc.constantFrom(
              token,
              `Token ${token}`,
              `Basic ${token}`,
              `Bearer ${token}x`,
              `Bearer ${token.toUpperCase()}`,
              `Bearer ${token.slice(1)}`,
              `Bearer ${token} ${token}`,
              `Bearer=${token}`,
            ),
          ),
      ),
    )
    .filter(([, header]) => !validTokens.has(/^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] ?? ''))
    .map(([operation, authorization]) => request('wrong auth', operation, { authorization }));

  const principals = Object.keys(world.tokens) as Principal[];
  const wrongScheme = fc
    .tuple(anyOperation, fc.constantFrom(...principals))
    .filter(([operation, principal]) => !allows(operation, principal))
    .map(([operation, principal]) =>
      request('scheme or scope not allowed', operation, bearer(principal)),
    );

  const otherUsersRecord = fc.constant(
    request('another user', operations[4]!, bearer('user'), {
      target: fill('/users/{userId}', { userId: world.otherUser }),
    }),
  );

  const paths = [...new Set(operations.map((operation) => operation.path))];
  const wrongMethod = fc.constantFrom(...paths).chain((path) => {
    const allowed = operations.filter((operation) => operation.path === path).map((o) => o.method);
    return otherMethod(allowed).map((method) => ({
      api: 'docs' as const,
      kind: 'wrong method',
      method,
      target: fill(path),
      headers: bearer('user'),
    }));
  });

  const unknownPath = fc
    .tuple(
      fc.constantFrom('/v1/', '/v1/spaces/space_api/', '/v1/users/usr_ada/', '/v1/spaces/'),
      junk,
    )
    .map(([prefix, segment]) => ({
      api: 'docs' as const,
      kind: 'unknown path',
      method: 'GET',
      target: `${prefix}${segment}/${segment}`,
      headers: bearer('user'),
    }));

  const withParams = operations.filter((operation) => operation.path.includes('{'));
  const badPathId = fc
    .tuple(fc.constantFrom(...withParams), junk)
    .chain(([operation, segment]) => {
      const params = (['spaceId', 'userId', 'teamId'] as const).filter((name) =>
        operation.path.includes(`{${name}}`),
      );
      // Deleting what does not exist is "nothing to do" (204), not a refusal.
      const refusable = params.filter(
        (name) =>
          !(operation.method === 'DELETE' && operation.path === '/spaces/{spaceId}') &&
          !(
            operation.method === 'DELETE' &&
            operation.path.endsWith('/users/{userId}') &&
            name === 'userId'
          ),
      );
      if (refusable.length === 0) return fc.constant(undefined);
      return fc.constantFrom(...refusable).map((name) =>
        request('bad id in path', operation, bearer(allowedPrincipal(operation)), {
          target: fill(operation.path, { [name]: segment }),
        }),
      );
    })
    .filter((value): value is FuzzRequest => value !== undefined);

  const badCursor = fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 30 }),
      fc
        .constantFrom('{"o":-1}', '{"o":1.5}', '{"o":"3"}', '{"o":null}', '{}', '[]', '{"o":1e400}')
        .map((json) => Buffer.from(json).toString('base64url')),
    )
    .filter((cursor) => !decodesAsCursor(cursor));
  const badLimit = badIntegerText(0, 1000);
  const listQuery = fc.oneof(
    badLimit.map((limit): [string, string][] => [['limit', limit]]),
    badCursor.map((page): [string, string][] => [['page', page]]),
    fc.constant<[string, string][]>([['page', '']]),
    fc.tuple(badLimit, badLimit).map(([a, b]): [string, string][] => [
      ['limit', a],
      ['limit', b],
    ]),
  );
  const longQuery = fc.integer({ min: 513, max: 20_000 }).map((length) => 'q'.repeat(length));
  const queries: Record<NonNullable<Operation['query']>, fc.Arbitrary<[string, string][]>> = {
    space: fc.constantFrom<[string, string][]>(
      [['shareKey', '']],
      [
        ['shareKey', ''],
        ['shareKey', ''],
      ],
    ),
    embed: fc.oneof(
      fc.constant<[string, string][]>([]),
      notAUrl.map((url): [string, string][] => [['url', url]]),
      notAUrl.map((url): [string, string][] => [
        ['url', url],
        ['url', ''],
      ]),
    ),
    search: fc.oneof(
      fc.constant<[string, string][]>([]),
      fc.constant<[string, string][]>([['query', '']]),
      longQuery.map((query): [string, string][] => [['query', query]]),
      listQuery.map((pairs): [string, string][] => [['query', 'battery'], ...pairs]),
    ),
    list: listQuery,
  };
  const withQuery = operations.filter((operation) => operation.query);
  const badQuery = fc
    .tuple(
      fc.constantFrom(...withQuery),
      fc.option(fc.tuple(extraParam, fc.string({ maxLength: 10 })), { freq: 3 }),
    )
    .chain(([operation, unknown]) =>
      queries[operation.query!].map((pairs) =>
        request('bad query', operation, bearer('user'), {
          target: fill(operation.path) + queryString(unknown ? [...pairs, unknown] : pairs),
        }),
      ),
    );

  const withBody = operations.filter((operation) => operation.body);
  const badBodyCase = fc
    .tuple(fc.constantFrom(...withBody), bodyContentType)
    .chain(([operation, contentType]) =>
      badBody(operation.body!).map((body) =>
        request(
          'bad body',
          operation,
          {
            ...bearer(allowedPrincipal(operation)),
            ...(contentType ? { 'content-type': contentType } : {}),
          },
          { body },
        ),
      ),
    );

  return fc.oneof(
    { arbitrary: missingAuth, weight: 2 },
    { arbitrary: wrongAuth, weight: 2 },
    { arbitrary: wrongScheme, weight: 2 },
    { arbitrary: otherUsersRecord, weight: 1 },
    { arbitrary: wrongMethod, weight: 2 },
    { arbitrary: unknownPath, weight: 1 },
    { arbitrary: badPathId, weight: 4 },
    { arbitrary: badQuery, weight: 4 },
    { arbitrary: badBodyCase, weight: 7 },
  );
}

/** A query parameter no operation takes. */
const extraParam = fc.string({ minLength: 1, maxLength: 8 }).map((key) => `x_${key}`);

/** True for a cursor the server would follow: base64url JSON of `{ o: <integer >= 0> }`. */
function decodesAsCursor(cursor: string): boolean {
  try {
    const offset = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))?.o;
    return Number.isInteger(offset) && offset >= 0;
  } catch {
    return false;
  }
}
