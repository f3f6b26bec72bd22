/**
 * Property: for every method of MailClient that takes input, and for the address helpers, a value
 * that breaks one rule of one field (wrong type, out of range, empty, too long, bad format, unknown
 * value, read-only or unknown field) while every other field is valid is refused with a
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
  withField,
} from '../../../test-support/input-properties';
import { inboundAddress, MailClient, webhookUrl } from '../src/index';

const { fetch: recordedFetch, calls: fetchCalls } = recordingFetch();

const mail = new MailClient({
  baseUrl: 'http://127.0.0.1:9',
  accountToken: 'acct_properties',
  retry: 0,
  fetch: recordedFetch,
});

// ---- the property ----

const notBoolean = otherThan('boolean');
/** Not an http(s) URL, and not empty either (empty removes a hook). */
const invalidHookUrl = fc.oneof(
  fc.constantFrom(
    'ftp://hooks.example/in',
    'hooks.example/in',
    'mailto:hooks@example.com',
    'https//hooks.example',
    'http://',
  ),
  fc.string({ minLength: 1 }).filter((text) => !text.includes(':')),
  otherThan('string'),
);
/** Not one domain name: a bare name, a list, spaces, a bad label, or another type. */
const invalidDomain = fc.oneof(
  fc.constantFrom(
    'localhost',
    'a.example b.example',
    'a.example,b.example',
    'a..example.com',
    '-a.example.com',
    'a_b.example.com',
    'example.com.',
    '.com',
    'example.c0m',
  ),
  fc.stringMatching(/^[a-z0-9]{1,20}$/),
  fc.array(fc.constantFrom('a.example', 'b.example'), { minLength: 1, maxLength: 3 }),
  otherThan('string'),
);
/** Outside 0 to 30, between the steps of 5, fractional, or not a number. */
const invalidSpamThreshold = fc.oneof(
  fc.integer({ min: 0, max: 30 }).filter((value) => value % 5 !== 0),
  fc.integer({ min: 31 }),
  fc.integer({ max: -1 }),
  fc.double({ min: 0, max: 30 }).filter((value) => !Number.isInteger(value)),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY),
  otherThan('number'),
);
/** Not a whole number from 1: zero, negative, fractional, not finite, a string (even of digits), another type. */
const invalidServerId = fc.oneof(
  fc.integer({ max: 0 }),
  fc.double({ min: 1, max: 1e6, noNaN: true }).filter((value) => !Number.isInteger(value)),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1),
  fc.constantFrom('', '1', '42', 'a/b'),
  fc.string(),
  fc.constant(undefined),
  otherThan('string', 'number'),
);

const COLORS = ['Purple', 'Blue', 'Turquoise', 'Green', 'Red', 'Yellow', 'Grey', 'Orange'];
const TRACK_LINKS = ['None', 'HtmlAndText', 'HtmlOnly', 'TextOnly'];
const WRITABLE = [
  'Name',
  'Color',
  'SmtpApiActivated',
  'RawEmailEnabled',
  'InboundHookUrl',
  'BounceHookUrl',
  'OpenHookUrl',
  'DeliveryHookUrl',
  'ClickHookUrl',
  'PostFirstOpenOnly',
  'InboundDomain',
  'InboundSpamThreshold',
  'TrackOpens',
  'TrackLinks',
  'IncludeBounceContentInHook',
  'EnableSmtpApiErrorHooks',
];
/** A read-only field of the record, or a name the record does not have. */
const unknownField = fc.oneof(
  fc.constantFrom('ID', 'InboundHash', 'InboundAddress', 'ServerLink', 'DeliveryType'),
  fc
    .string({ minLength: 1 })
    .filter((key) => /^\w+$/.test(key) && !WRITABLE.includes(key) && key !== '__proto__'),
);

// ---- the table: one row per method and field ----

const changes = {
  Name: 'Acme inbound',
  Color: 'Turquoise',
  SmtpApiActivated: true,
  RawEmailEnabled: false,
  InboundHookUrl: 'https://mail:secret@app.example.com/inbound',
  BounceHookUrl: '',
  OpenHookUrl: 'http://hooks.example/open',
  DeliveryHookUrl: '',
  ClickHookUrl: 'https://hooks.example/click',
  PostFirstOpenOnly: true,
  InboundDomain: 'inbound.example.com',
  InboundSpamThreshold: 15,
  TrackOpens: false,
  TrackLinks: 'HtmlOnly',
  IncludeBounceContentInHook: false,
  EnableSmtpApiErrorHooks: true,
};
const server = { InboundHash: 'f3a1c2', InboundDomain: 'inbound.example.com' };
const credentials = { username: 'mail', password: 'p@ss:w/rd' };

const rows: Row[] = [
  {
    op: 'servers.get',
    field: 'serverId',
    invalid: invalidServerId,
    call: (id) => mail.servers.get(id as number),
  },
  {
    op: 'servers.update',
    field: 'serverId',
    invalid: invalidServerId,
    call: (id) => mail.servers.update(id as number, { Name: 'Acme' }),
  },
  ...fieldRows(
    'servers.update',
    changes,
    {
      Name: fc.oneof(fc.constant(''), tooLong(255), otherThan('string')),
      Color: fc.oneof(unknownValue(COLORS), otherThan('string')),
      SmtpApiActivated: notBoolean,
      RawEmailEnabled: notBoolean,
      InboundHookUrl: invalidHookUrl,
      BounceHookUrl: invalidHookUrl,
      OpenHookUrl: invalidHookUrl,
      DeliveryHookUrl: invalidHookUrl,
      ClickHookUrl: invalidHookUrl,
      PostFirstOpenOnly: notBoolean,
      InboundDomain: invalidDomain,
      InboundSpamThreshold: invalidSpamThreshold,
      TrackOpens: notBoolean,
      TrackLinks: fc.oneof(unknownValue(TRACK_LINKS), otherThan('string')),
      IncludeBounceContentInHook: notBoolean,
      EnableSmtpApiErrorHooks: notBoolean,
    },
    (body) => mail.servers.update(1, body as never),
  ),
  // read-only and unknown fields are refused by name, alone or among valid changes
  {
    op: 'servers.update',
    field: '<read-only or unknown field>',
    invalid: fc.tuple(unknownField, fc.boolean()),
    call: (pair) => {
      const [key, alone] = pair as [string, boolean];
      return mail.servers.update(1, { ...(alone ? {} : changes), [key]: 'x' } as never);
    },
    fieldOf: (pair) => (pair as [string, boolean])[0],
  },
  // request options, which every method takes
  {
    op: 'servers.get',
    field: 'timeout',
    invalid: fc.oneof(
      fc.integer({ max: 0 }),
      fc.double({ min: 2 ** 31, max: 2 ** 53, noNaN: true, noDefaultInfinity: true }),
      fc.constant(Number.NaN),
    ),
    call: (timeout) => mail.servers.get(1, { timeout: timeout as number }),
  },

  // helpers that build the values of a server's settings
  {
    op: 'webhookUrl',
    field: 'url',
    invalid: fc.oneof(
      fc.constantFrom('ftp://app.example.com/in', 'mailto:in@example.com', 'app.example.com/in'),
      fc.string().filter((text) => !text.includes(':')),
      otherThan('string', 'object'),
    ),
    call: (url) => webhookUrl(url as string, credentials),
  },
  ...fieldRows(
    'webhookUrl',
    credentials,
    {
      username: fc.oneof(
        fc.constant(OMIT),
        fc.constant(''),
        fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}:${b}`),
        otherThan('string'),
      ),
      password: fc.oneof(fc.constant(OMIT), otherThan('string')),
    },
    (given) => webhookUrl('https://app.example.com/inbound', given as never),
  ),
  {
    op: 'inboundAddress',
    field: 'server.InboundHash',
    invalid: fc.oneof(fc.constant(OMIT), fc.constant(''), otherThan('string')),
    call: (hash) => inboundAddress(withField(server, 'InboundHash', hash) as never),
  },
  {
    op: 'inboundAddress',
    field: 'server.InboundDomain',
    // neither a domain nor an address to take it from
    invalid: fc.oneof(
      fc.constantFrom(OMIT, '', undefined),
      otherThan('string'),
      fc.constant({ InboundAddress: 'f3a1c2' }),
      fc.record({ InboundAddress: otherThan('string') }),
    ),
    call: (domain) =>
      inboundAddress(
        typeof domain === 'object' && domain !== null && 'InboundAddress' in domain
          ? ({ InboundHash: server.InboundHash, ...domain } as never)
          : (withField(server, 'InboundDomain', domain) as never),
      ),
  },
  {
    op: 'inboundAddress',
    field: 'mailboxHash',
    invalid: fc.oneof(
      fc.constantFrom('', 'a b', 'ticket@42', '.ticket', 'ticket.', 'a..b', 'tick(et)', 'a"b'),
      fc
        .tuple(
          fc.stringMatching(/^[a-z0-9]{0,6}$/),
          fc.constantFrom(' ', '@', ',', '<', '>', '\\', '[', ';'),
        )
        .map(([text, bad]) => `${text}${bad}${text}`),
      otherThan('string'),
    ),
    call: (mailboxHash) => inboundAddress(server, { mailboxHash } as never),
  },
];

describe('MailClient input validation (property)', () => {
  beforeAll(() => nock.disableNetConnect());
  afterEach(() => {
    expect(fetchCalls.splice(0)).toEqual([]);
    expect(nock.pendingMocks()).toEqual([]);
  });
  afterAll(() => nock.enableNetConnect());

  for (const row of rows) checkRow(row, fetchCalls);
});
