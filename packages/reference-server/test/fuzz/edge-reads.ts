import fc from 'fast-check';
import { type FuzzRequest, queryString } from './requests';

export interface EdgeReadWorld {
  docsToken: string;
  idmToken: string;
  mailToken: string;
  mailServerIds: number[];
  calendarSlugs: string[];
}

/**
 * Path text with odd percent-encoding: malformed sequences, encoded slashes, unicode. Dot segments
 * are left out: URLs resolve them before any server sees the path.
 */
const oddSegment = fc
  .oneof(
    fc.constantFrom(
      '%zz',
      '%E0%A4%A',
      '%',
      '%%41',
      '%C0%AF',
      'a%2Fb',
      '..%00',
      '%F0%9F%98',
      'caf%C3%A9',
      '%ff',
    ),
    fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' }).map(encodeURIComponent),
    fc.stringMatching(/^([a-z]|%[0-9A-F]{2}|%[g-z]{0,2})+$/),
  )
  .filter((segment) => !/^(\.|%2e){1,2}$/i.test(segment));

/** URLs the WHATWG parser takes, though some are far from what an embed usually points at. */
const oddUrl = fc
  .oneof(
    fc.webUrl({ withQueryParameters: true, withFragments: true }),
    fc
      .tuple(
        fc.constantFrom(
          'https://www.youtube.com',
          'https://vimeo.com',
          'https://docs.example.test',
        ),
        oddSegment,
      )
      .map(([origin, segment]) => `${origin}/${segment}`),
    fc.constantFrom(
      'https://例え.テスト/パス/ページ',
      'https://user:secret@example.test/private',
      'http://[::1]:8080/x',
      'https://example.test:65535/',
      'data:text/plain,hello',
      'javascript:alert(1)',
      'mailto:someone@example.test',
      'file:///etc/passwd',
      'urn:isbn:0451450523',
      'https://codepen.io/"quoted"',
      `https://example.test/${'long-'.repeat(2_000)}`,
    ),
  )
  .filter((url) => URL.canParse(url));

const oddText = fc.oneof(
  fc.string({ minLength: 1, maxLength: 512, unit: 'grapheme' }),
  fc.constantFrom(
    '.*',
    '(',
    '\\',
    '%',
    '\u0000',
    '😀',
    'ß',
    'İ',
    '"; DROP TABLE spaces; --',
    'q'.repeat(512),
  ),
);

/** Date-times at the edges of what the calendar reads, in each form it reads. */
const edgeDate = fc.constantFrom(
  '0000-01-01',
  '1000-01-01 00:00:00',
  '1000-01-02T00:00:00Z',
  '9999-12-31',
  '9999-12-31 23:59:59',
  '9999-12-30T23:59:59+14:00',
  '9999-12-30T00:00:00-23:59',
  '0',
  '1',
  '99999999999',
  '2026-02-28 23:59:59',
  '2024-02-29',
  '2026-03-29 02:30:00',
  '2026-06-01T10:00:00.123456789Z',
);

function docsReads(world: EdgeReadWorld): fc.Arbitrary<FuzzRequest> {
  const headers = { authorization: `Bearer ${world.docsToken}` };
  const read = (kind: string, target: string): FuzzRequest => ({
    api: 'docs',
    kind,
    method: 'GET',
    target,
    headers,
  });
  const cursor = fc
    .nat()
    .map((offset) => Buffer.from(JSON.stringify({ o: offset })).toString('base64url'));
  const list = fc.record({
    limit: fc.option(fc.integer({ min: 0, max: 1000 }).map(String), { nil: undefined }),
    page: fc.option(cursor, { nil: undefined }),
  });
  const pairs = (values: Record<string, string | undefined>) =>
    Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return fc.oneof(
    {
      arbitrary: oddUrl.map((url) =>
        read('odd embed URL', `/v1/spaces/space_handbook/embed${queryString([['url', url]])}`),
      ),
      weight: 4,
    },
    {
      arbitrary: fc
        .tuple(oddText, list)
        .map(([query, page]) =>
          read(
            'odd search',
            `/v1/spaces/space_handbook/search${queryString([['query', query], ...pairs(page)])}`,
          ),
        ),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('teams', 'users'), list)
        .map(([who, page]) =>
          read(
            'list bounds',
            `/v1/spaces/space_handbook/permissions/${who}${queryString(pairs(page))}`,
          ),
        ),
      weight: 1,
    },
    {
      arbitrary: oddText.map((key) =>
        read('odd share key', `/v1/spaces/space_api${queryString([['shareKey', key]])}`),
      ),
      weight: 1,
    },
    { arbitrary: oddSegment.map((segment) => read('odd id', `/v1/users/${segment}`)), weight: 1 },
  );
}

function calendarReads(world: EdgeReadWorld): fc.Arbitrary<FuzzRequest> {
  const read = (kind: string, target: string): FuzzRequest => ({
    api: 'calendar',
    kind,
    method: 'GET',
    target: `/wp-json/calendar/events/v1${target}`,
    headers: {},
  });
  const bigId = fc
    .oneof(
      fc.integer({ min: 1, max: 1_000 }),
      fc.constantFrom(2 ** 31, Number.MAX_SAFE_INTEGER, 1e21),
    )
    .map(String);
  const eventFilters = fc
    .record(
      {
        start_date: edgeDate,
        end_date: edgeDate,
        starts_before: edgeDate,
        starts_after: edgeDate,
        ends_before: edgeDate,
        ends_after: edgeDate,
        strict_dates: fc.constantFrom('true', 'false', '1', '0'),
        per_page: fc.constantFrom('1', '50', '51', '1000000', '1e300'),
        search: oddText,
        categories: fc.array(bigId, { minLength: 1, maxLength: 3 }).map((ids) => ids.join(',')),
        include: fc.array(bigId, { minLength: 1, maxLength: 3 }).map((ids) => ids.join(',')),
        post_parent: fc.constantFrom('0', '100', '9007199254740991'),
      },
      { requiredKeys: [] },
    )
    .map((filters) => read('edge event filters', `/events${queryString(Object.entries(filters))}`));
  const termFilters = fc
    .tuple(
      fc.constantFrom('/categories', '/tags'),
      fc.record(
        {
          orderby: fc.constantFrom('id', 'include', 'name', 'slug', 'description', 'count'),
          order: fc.constantFrom('asc', 'desc'),
          include: fc.array(bigId, { maxLength: 3 }).map((ids) => ids.join(',')),
          hide_empty: fc.constantFrom('true', 'false'),
          search: oddText,
          per_page: fc.constantFrom('1', '100'),
        },
        { requiredKeys: [] },
      ),
    )
    .map(([path, filters]) =>
      read('edge term filters', `${path}${queryString(Object.entries(filters))}`),
    );
  const slug = fc.oneof(
    oddSegment,
    fc.constantFrom(...world.calendarSlugs).map((known) => `${known}%00`),
  );
  return fc.oneof(
    { arbitrary: eventFilters, weight: 4 },
    { arbitrary: termFilters, weight: 2 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('events', 'venues', 'organizers'), slug)
        .map(([kind, s]) => read('odd slug', `/${kind}/by-slug/${s}`)),
      weight: 1,
    },
  );
}

function idmReads(world: EdgeReadWorld): fc.Arbitrary<FuzzRequest> {
  const headers = { authorization: `Bearer ${world.idmToken}` };
  const read = (kind: string, target: string): FuzzRequest => ({
    api: 'idm',
    kind,
    method: 'GET',
    target,
    headers,
  });
  const offset = fc.record(
    {
      page: fc
        .oneof(fc.nat({ max: 40 }), fc.constantFrom(1e6, Number.MAX_SAFE_INTEGER, 1e21))
        .map(String),
      per_page: fc.integer({ min: 1, max: 50 }).map(String),
      include_totals: fc.constantFrom('true', 'false', '1', '0'),
    },
    { requiredKeys: [] },
  );
  const checkpoint = fc.record({ take: fc.integer({ min: 1, max: 50 }).map(String) });
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.constantFrom('clients', 'logs'), fc.oneof(offset, checkpoint))
        .map(([resource, query]) =>
          read('list bounds', `/api/v2/${resource}${queryString(Object.entries(query))}`),
        ),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('clients', 'logs'), oddSegment)
        .map(([resource, id]) => read('odd id', `/api/v2/${resource}/${id}`)),
      weight: 1,
    },
  );
}

function mailReads(world: EdgeReadWorld): fc.Arbitrary<FuzzRequest> {
  const accept = fc.constantFrom(
    '*/*',
    'application/*',
    'application/json;q=0.001',
    'text/html, application/json;q=0.5',
    'application/json; charset=utf-8',
    'application/json;q=abc',
    'APPLICATION/JSON',
    '',
  );
  const id = fc.oneof(
    fc.constantFrom(...world.mailServerIds).map(String),
    oddSegment,
    fc.constantFrom('999999999999999', '1'.repeat(16)),
  );
  return fc.tuple(id, accept).map(([server, value]) => ({
    api: 'mail' as const,
    kind: 'odd Accept or id',
    method: 'GET',
    target: `/servers/${server}`,
    headers: { 'x-mail-account-token': world.mailToken, accept: value },
  }));
}

/**
 * Reads that are well formed but unusual: odd encodings, extreme dates, the bounds of page sizes.
 * The server may answer or refuse them; it must not fail on them.
 */
export function edgeReads(world: EdgeReadWorld): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(docsReads(world), calendarReads(world), idmReads(world), mailReads(world));
}
