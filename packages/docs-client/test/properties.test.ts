/**
 * Property: for every method of DocsClient that takes input, a value that breaks one rule of one
 * field (wrong type, out of range, empty, too long, bad format, unknown enum value, missing) while
 * every other field is valid is refused with a RequestValidationError that names that field, and
 * no request is made. The client is given a `fetch` that records every call, and points at an
 * unroutable address with nock refusing real connections, so a request attempt could not pass as a
 * validation error.
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
  withField,
} from '../../../test-support/input-properties';
import { DocsClient } from '../src/index';

const { fetch: recordedFetch, calls: fetchCalls } = recordingFetch();

const docs = new DocsClient({
  baseUrl: 'http://127.0.0.1:9',
  token: 'tok_properties',
  retry: 0,
  fetch: recordedFetch,
});

beforeAll(() => nock.disableNetConnect());
afterEach(() => {
  expect(fetchCalls.splice(0)).toEqual([]);
  expect(nock.pendingMocks()).toEqual([]);
});
afterAll(() => nock.enableNetConnect());

// ---- invalid values ----

const invalidId = fc.oneof(fc.constant(''), fc.constant(undefined), otherThan('string', 'number'));
/** Not an absolute URL: without a colon there is no scheme. */
const notUrl = fc.string().filter((text) => !text.includes(':'));
const invalidUrl = fc.oneof(notUrl, otherThan('string'));
const invalidNonEmpty = fc.oneof(fc.constant(''), otherThan('string'));

// ---- the property ----

const nonInteger = fc.oneof(
  fc.double().filter((value) => !Number.isInteger(value)),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
/** Outside 0 to 1000, fractional, or not a number. */
const invalidLimit = fc.oneof(
  fc.integer({ max: -1 }),
  fc.integer({ min: 1001 }),
  nonInteger,
  otherThan('number'),
);
/** Not `YYYY-MM-DDTHH:MM...`, or not a real date. */
const invalidDateTime = fc.oneof(
  fc.string().filter((text) => !/^\d/.test(text)),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  fc
    .tuple(fc.integer({ min: 2000, max: 2099 }), fc.integer({ min: 13, max: 99 }))
    .map(([year, month]) => `${year}-${month}-01T00:00:00Z`),
  otherThan('string'),
);

const ROLES = ['admin', 'create', 'edit', 'review', 'comment', 'read'] as const;
/** Neither a role nor null. */
const invalidRoleOrGuest = fc.oneof(unknownValue(ROLES), otherThan('string', 'null'));
const invalidLanguage = fc.oneof(
  fc.constantFrom('EN', 'en_US', 'eng', 'e', '', 'pt-BR', 'en-', 'en-usa', ' en'),
  fc.stringMatching(/^[A-Z]{2}$/),
  fc.stringMatching(/^[a-z]{3,8}$/),
  fc.stringMatching(/^[a-z]{2}_[a-z]{2}$/),
  otherThan('string'),
);

const VALID_URL = 'https://github.com/acme/handbook';

// ---- the table: one row per method and field ----

const spaceIdRows = (op: string, call: (spaceId: unknown) => unknown): Row[] => [
  { op, field: 'spaceId', invalid: invalidId, call },
];

const permissionRows = (kind: 'Team' | 'User'): Row[] => {
  const idField = kind === 'Team' ? 'teamId' : 'userId';
  const update = (spaceId: unknown, id: unknown, body: unknown) =>
    kind === 'Team'
      ? docs.spaces.permissions.updateTeam(spaceId as string, id as string, body as never)
      : docs.spaces.permissions.updateUser(spaceId as string, id as string, body as never);
  const remove = (spaceId: unknown, id: unknown) =>
    kind === 'Team'
      ? docs.spaces.permissions.removeTeam(spaceId as string, id as string)
      : docs.spaces.permissions.removeUser(spaceId as string, id as string);
  const list = (spaceId: unknown, params: unknown) =>
    kind === 'Team'
      ? docs.spaces.permissions.listTeams(spaceId as string, params as never)
      : docs.spaces.permissions.listUsers(spaceId as string, params as never);
  return [
    ...spaceIdRows(`spaces.permissions.update${kind}`, (id) => update(id, 'x1', { role: 'edit' })),
    {
      op: `spaces.permissions.update${kind}`,
      field: idField,
      invalid: invalidId,
      call: (id) => update('s1', id, { role: 'edit' }),
    },
    ...fieldRows(
      `spaces.permissions.update${kind}`,
      { role: 'edit' },
      { role: invalidRoleOrGuest },
      (body) => update('s1', 'x1', body),
    ),
    ...spaceIdRows(`spaces.permissions.remove${kind}`, (id) => remove(id, 'x1')),
    {
      op: `spaces.permissions.remove${kind}`,
      field: idField,
      invalid: invalidId,
      call: (id) => remove('s1', id),
    },
    ...spaceIdRows(`spaces.permissions.list${kind}s`, (id) => list(id, { limit: 10 })),
    ...fieldRows(
      `spaces.permissions.list${kind}s`,
      { limit: 10 },
      { limit: invalidLimit },
      (params) => list('s1', params),
    ),
  ];
};

const gitBase = {
  url: VALID_URL,
  ref: 'refs/heads/main',
  repoTreeURL: `${VALID_URL}/tree/main`,
  repoCommitURL: `${VALID_URL}/commit/abc`,
  repoProjectDirectory: 'docs',
  timestamp: '2026-06-01T09:30:00Z',
  force: false,
  standalone: true,
};
const gitInvalid = {
  url: fc.oneof(fc.constant(OMIT), invalidUrl),
  ref: fc.oneof(fc.constant(OMIT), invalidNonEmpty),
  repoTreeURL: invalidUrl,
  repoCommitURL: invalidUrl,
  repoProjectDirectory: otherThan('string'),
  timestamp: invalidDateTime,
  force: otherThan('boolean'),
  standalone: otherThan('boolean'),
};

const rows: Row[] = [
  // users
  {
    op: 'users.get',
    field: 'userId',
    invalid: invalidId,
    call: (id) => docs.users.get(id as string),
  },
  {
    op: 'users.update',
    field: 'userId',
    invalid: invalidId,
    call: (id) => docs.users.update(id as string, { displayName: 'Ada' }),
  },
  ...fieldRows(
    'users.update',
    { displayName: 'Ada Lovelace', photoURL: 'https://example.com/ada.png' },
    {
      displayName: fc.oneof(fc.constant(''), tooLong(64), otherThan('string')),
      photoURL: invalidUrl,
    },
    (body) => docs.users.update('u1', body as never),
  ),
  // neither field: the rule names both
  {
    op: 'users.update',
    field: 'displayName',
    invalid: fc.constantFrom({}, { displayName: undefined }, { photoURL: undefined }),
    call: (body) => docs.users.update('u1', body as never),
  },

  // spaces
  ...spaceIdRows('spaces.get', (id) => docs.spaces.get(id as string)),
  ...fieldRows('spaces.get', { shareKey: 'key_1' }, { shareKey: invalidNonEmpty }, (params) =>
    docs.spaces.get('s1', params as never),
  ),
  ...spaceIdRows('spaces.update', (id) => docs.spaces.update(id as string, { title: 'Handbook' })),
  ...fieldRows(
    'spaces.update',
    {
      editMode: 'live',
      title: 'Handbook',
      defaultLevel: 'inherit',
      language: 'pt-br',
      mergeRules: { type: 'rules', rules: [] },
    },
    {
      editMode: unknownValue(['live', 'locked']),
      title: fc.oneof(fc.constant(''), tooLong(50), otherThan('string')),
      defaultLevel: fc.oneof(unknownValue([...ROLES, 'inherit']), otherThan('string', 'null')),
      language: invalidLanguage,
      mergeRules: fc.oneof(
        fc.record({ type: unknownValue(['inherit', 'none', 'rules']) }),
        fc.constant({ type: 'rules' }),
        fc.record({ type: fc.constant('rules'), rules: otherThan('array') }),
        otherThan('object'),
      ),
    },
    (body) => docs.spaces.update('s1', body as never),
  ),
  ...fieldRows(
    'spaces.update',
    {},
    {
      emoji: fc.oneof(fc.constant(''), tooLong(32), otherThan('string', 'null')),
      icon: fc.oneof(notUrl, otherThan('string', 'null')),
    },
    (body) => docs.spaces.update('s1', body as never),
  ),
  // emoji and icon together (unless both null): the rule names both
  {
    op: 'spaces.update',
    field: 'emoji',
    invalid: fc.oneof(
      fc.record({ emoji: fc.constant('📘'), icon: fc.constant(VALID_URL) }),
      fc.record({ emoji: fc.constant(null), icon: fc.constant(VALID_URL) }),
      fc.record({ emoji: fc.constant('📘'), icon: fc.constant(null) }),
    ),
    call: (body) => docs.spaces.update('s1', body as never),
  },
  ...spaceIdRows('spaces.delete', (id) => docs.spaces.delete(id as string)),
  ...spaceIdRows('spaces.duplicate', (id) => docs.spaces.duplicate(id as string)),
  ...spaceIdRows('spaces.restore', (id) => docs.spaces.restore(id as string)),
  ...spaceIdRows('spaces.move', (id) => docs.spaces.move(id as string, { parent: null })),
  ...fieldRows(
    'spaces.move',
    { parent: 'col_1', position: { before: { type: 'space', space: 's2' } } },
    {
      parent: fc.oneof(fc.constant(''), otherThan('string', 'null')),
      position: otherThan('object'),
    },
    (body) => docs.spaces.move('s1', body as never),
  ),
  {
    op: 'spaces.move',
    field: 'position.before.type',
    invalid: unknownValue(['space', 'collection']),
    call: (type) =>
      docs.spaces.move('s1', { position: { before: { type, space: 's2' } } } as never),
  },
  {
    op: 'spaces.move',
    field: 'position.before.space',
    invalid: fc.oneof(fc.constant(OMIT), invalidNonEmpty),
    call: (space) =>
      docs.spaces.move('s1', {
        position: { before: withField({ type: 'space' }, 'space', space) },
      } as never),
  },
  {
    op: 'spaces.move',
    field: 'position.after.collection',
    invalid: fc.oneof(fc.constant(OMIT), invalidNonEmpty),
    call: (collection) =>
      docs.spaces.move('s1', {
        position: { after: withField({ type: 'collection' }, 'collection', collection) },
      } as never),
  },
  // neither parent nor position: the rule names both
  {
    op: 'spaces.move',
    field: 'parent',
    invalid: fc.constantFrom({}, { position: undefined }),
    call: (body) => docs.spaces.move('s1', body as never),
  },
  ...spaceIdRows('spaces.getEmbed', (id) => docs.spaces.getEmbed(id as string, { url: VALID_URL })),
  ...fieldRows(
    'spaces.getEmbed',
    { url: VALID_URL },
    { url: fc.oneof(fc.constant(OMIT), invalidUrl) },
    (params) => docs.spaces.getEmbed('s1', params as never),
  ),
  ...spaceIdRows('spaces.search', (id) => docs.spaces.search(id as string, { query: 'battery' })),
  ...fieldRows(
    'spaces.search',
    { query: 'battery', limit: 20 },
    {
      query: fc.oneof(fc.constant(OMIT), fc.constant(''), tooLong(512), otherThan('string')),
      limit: invalidLimit,
    },
    (params) => docs.spaces.search('s1', params as never),
  ),

  // git
  ...spaceIdRows('spaces.git.import', (id) => docs.spaces.git.import(id as string, gitBase)),
  ...fieldRows('spaces.git.import', gitBase, gitInvalid, (body) =>
    docs.spaces.git.import('s1', body as never),
  ),
  ...spaceIdRows('spaces.git.export', (id) =>
    docs.spaces.git.export(id as string, { ...gitBase, commitMessage: 'Sync' }),
  ),
  ...fieldRows(
    'spaces.git.export',
    { ...gitBase, commitMessage: 'Sync' },
    { ...gitInvalid, commitMessage: fc.oneof(fc.constant(OMIT), invalidNonEmpty) },
    (body) => docs.spaces.git.export('s1', body as never),
  ),
  ...spaceIdRows('spaces.git.info', (id) => docs.spaces.git.info(id as string)),
  ...spaceIdRows('spaces.git.deleteLegacyInstallation', (id) =>
    docs.spaces.git.deleteLegacyInstallation(id as string),
  ),

  // permissions
  ...spaceIdRows('spaces.permissions.invite', (id) =>
    docs.spaces.permissions.invite(id as string, { role: 'read', users: ['u1'] }),
  ),
  ...fieldRows(
    'spaces.permissions.invite',
    { role: 'read', users: ['u1', 'u2'], teams: ['t1'] },
    {
      role: fc.oneof(fc.constant(OMIT), invalidRoleOrGuest),
      users: fc.oneof(
        otherThan('array'),
        fc.array(invalidNonEmpty, { minLength: 1, maxLength: 3 }),
        fc.constant(['u1', '']),
      ),
      teams: fc.oneof(
        otherThan('array'),
        fc.array(invalidNonEmpty, { minLength: 1, maxLength: 3 }),
        fc.constant(['t1', '']),
      ),
    },
    (body) => docs.spaces.permissions.invite('s1', body as never),
  ),
  ...permissionRows('Team'),
  ...permissionRows('User'),

  // request options, which every method takes
  {
    op: 'users.get',
    field: 'timeout',
    invalid: fc.oneof(
      fc.integer({ max: 0 }),
      fc.double({ min: 2 ** 31, max: 2 ** 53, noNaN: true, noDefaultInfinity: true }),
      fc.constant(Number.NaN),
    ),
    call: (timeout) => docs.users.get('u1', { timeout: timeout as number }),
  },
];

describe('DocsClient input validation (property)', () => {
  for (const row of rows) checkRow(row, fetchCalls);
});
