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
  notADate,
  notAUrl,
  otherMethod,
  queryString,
  rarelyHuge,
  unknownFields,
  withFields,
  withOneBadField,
  wrongType,
} from './requests';

type Collection = 'events' | 'venues' | 'organizers';
type Taxonomy = 'categories' | 'tags';

export interface CalendarWorld {
  /** Headers that authenticate an editor, a subscriber (each by application password and by nonce). */
  editor: Record<string, string>[];
  subscriber: Record<string, string>[];
  /** Logins and application passwords of the users, for near misses. */
  passwords: Record<string, string | null>;
  /** The passwords of password-protected events. */
  eventPasswords: string[];
  posts: { collection: Collection; id: number; slug: string; status: string; password: boolean }[];
  terms: { taxonomy: Taxonomy; id: number; name: string; slug: string }[];
}

const BASE = '/wp-json/calendar/events/v1';
const WRITE_METHODS = ['POST', 'PUT', 'PATCH'] as const;

/** Values each field of an event, venue, organizer or term write must refuse. */
const notAnId = fc.oneof(wrongType.integer, fc.constantFrom(0, -1, -42, 1.5, 99_999, 1e21));
const notAnIdList = fc.oneof(
  wrongType.array,
  fc.constantFrom([0], [-1], ['1'], [1.5], [null], [[1]], [99_999], [1, 99_998]),
);
const notAFlag = wrongType.boolean;
const notText = fc.constantFrom<unknown>(0, 42, true, [], ['a'], {}, { a: 1 });
const postFields: Record<string, fc.Arbitrary<unknown>> = {
  author: notAnId,
  date: fc.oneof(notADate, notText),
  date_utc: fc.oneof(notADate, notText),
  slug: fc.oneof(notText, fc.constantFrom('', '---', '!!!', '   ', null)),
  status: fc.oneof(
    notText,
    fc.constantFrom('trash', 'published', 'PUBLISH', 'auto-draft', '', null),
  ),
  image: fc.oneof(notText, fc.constantFrom('ftp://x/y.png', 'abc', '', '12a', 'https://')),
};
const eventFields: Record<string, fc.Arbitrary<unknown>> = {
  ...postFields,
  title: fc.oneof(notText, fc.constantFrom('', null)),
  start_date: fc.oneof(notADate, notText, fc.constant(null)),
  end_date: fc.oneof(notADate, notText, fc.constant(null)),
  description: fc.oneof(notText, fc.constant(null)),
  excerpt: fc.oneof(notText, fc.constant(null)),
  timezone: fc.oneof(notText, fc.constantFrom('Mars/Olympus', 'Europe/Nowhere', '', ' ', null)),
  all_day: notAFlag,
  cost: fc.constantFrom(true, false, [], {}, ['5']),
  website: fc.oneof(notText, notAUrl, fc.constantFrom('ftp://example.com', 'mailto:a@b.c')),
  show_map: notAFlag,
  show_map_link: notAFlag,
  hide_from_listings: notAFlag,
  sticky: notAFlag,
  featured: notAFlag,
  categories: notAnIdList,
  tags: notAnIdList,
  venue: fc.oneof(notAnIdList, fc.constantFrom([10, 11], [10, 10])),
  organizer: notAnIdList,
};
const notAMapFlag = fc.constantFrom<unknown>('yes', 'TRUE', 'on', '2', 1, 0, [], {});
const linkedFields: Record<string, fc.Arbitrary<unknown>> = {
  ...postFields,
  description: notText,
  phone: notText,
  website: fc.oneof(
    notText,
    notAUrl.filter((url) => url !== ''),
    fc.constant('ftp://example.com'),
  ),
};
const venueFields: Record<string, fc.Arbitrary<unknown>> = {
  ...linkedFields,
  venue: fc.oneof(notText, fc.constantFrom('', null)),
  show_map: notAMapFlag,
  show_map_link: notAMapFlag,
  address: notText,
  city: notText,
  country: notText,
  province: notText,
  state: notText,
  zip: notText,
  stateprovince: notText,
};
const organizerFields: Record<string, fc.Arbitrary<unknown>> = {
  ...linkedFields,
  organizer: fc.oneof(notText, fc.constantFrom('', null)),
  email: fc.oneof(notText, fc.constantFrom('not-an-email', 'a@b', 'a b@c.de', '@x.org', 'x@')),
};
const termFields: Record<string, fc.Arbitrary<unknown>> = {
  name: fc.oneof(notText, fc.constantFrom('', null)),
  description: fc.oneof(notText, fc.constant(null)),
  slug: fc.oneof(notText, fc.constantFrom('', '---', null)),
};
const categoryFields: Record<string, fc.Arbitrary<unknown>> = {
  ...termFields,
  parent: fc.oneof(wrongType.integer, fc.constantFrom(-1, 1.5, 99_999)),
};

/** What a create needs, and a body that passes; each bad case breaks it in one place. */
const creates: Record<
  Collection | Taxonomy,
  { required: string[]; valid: Record<string, unknown>; bad: Record<string, fc.Arbitrary<unknown>> }
> = {
  events: {
    required: ['title', 'start_date', 'end_date'],
    valid: {
      title: 'Fuzz fair',
      start_date: '2026-07-01 10:00:00',
      end_date: '2026-07-01 12:00:00',
    },
    bad: eventFields,
  },
  venues: { required: ['venue'], valid: { venue: 'Fuzz hall' }, bad: venueFields },
  organizers: { required: ['organizer'], valid: { organizer: 'Fuzz club' }, bad: organizerFields },
  categories: { required: ['name'], valid: { name: 'Fuzz category' }, bad: categoryFields },
  tags: { required: ['name'], valid: { name: 'Fuzz tag' }, bad: termFields },
};

/**
 * Writes that are well formed and still refused: end before start, unknown authors and parents,
 * names and slugs another term holds. Term updates go to category 3 and tag 5.
 */
const conflicting: Record<Collection | Taxonomy, Record<string, unknown>[]> = {
  events: [
    { title: 'Backwards', start_date: '2026-07-02 10:00:00', end_date: '2026-07-01 10:00:00' },
    { title: 'Backwards', start_date: '2026-07-01', end_date: '2026-06-30', all_day: true },
  ],
  venues: [{ venue: 'Ghost author', author: 99_999 }],
  organizers: [{ organizer: 'Ghost author', author: 77_777 }],
  categories: [
    { name: 'music' },
    { name: 'New', slug: 'jazz' },
    { name: 'Orphan', parent: 99_999 },
  ],
  tags: [{ name: 'FREE' }, { name: 'New', slug: 'outdoor' }],
};
const UPDATED_TERM: Record<Taxonomy, number> = { categories: 3, tags: 5 };

/** Bodies near the size limit, each with a value its field must refuse. */
const hugeBodies: Record<Collection | Taxonomy, fc.Arbitrary<BodySpec>[]> = {
  events: [
    hugeStringBody('{"status":"', '"}'),
    hugeStringBody('{"timezone":"', '"}'),
    hugeStringBody('{"start_date":"', '"}'),
    hugeArrayBody('{"categories":[', '99999', ']}'),
    hugeArrayBody('{"organizer":[', '"x"', ']}'),
  ],
  venues: [
    hugeStringBody('{"show_map":"', '"}'),
    hugeArrayBody('{"city":[', '1', ']}'),
    deeplyNested('zip'),
  ],
  organizers: [hugeStringBody('{"email":"', '"}'), deeplyNested('organizer')],
  categories: [hugeStringBody('{"parent":"', '"}'), hugeArrayBody('{"name":[', '"x"', ']}')],
  tags: [hugeStringBody('{"name":["', '"]}'), deeplyNested('slug')],
};

export function calendarCases(world: CalendarWorld): fc.Arbitrary<FuzzRequest> {
  const postIds = new Set(world.posts.map((post) => post.id));
  const termIds = new Set(world.terms.map((term) => term.id));
  const slugs = new Set(world.posts.map((post) => post.slug));
  const published = (collection: Collection) =>
    world.posts.filter(
      (post) => post.collection === collection && post.status === 'publish' && !post.password,
    );
  const someOf = <T>(items: T[]) => fc.constantFrom(...items);
  const request = (
    kind: string,
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: FuzzRequest['body'],
  ): FuzzRequest => ({
    api: 'calendar',
    kind,
    method,
    target: `${BASE}${path}`,
    // WordPress reads only JSON and form bodies: a body sent without saying so would be ignored.
    headers:
      body === undefined || 'content-type' in headers
        ? headers
        : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });
  const editor = someOf(world.editor);

  /** An existing record to read or write, by id or by slug. */
  const recordPath = fc.oneof(
    fc
      .constantFrom<Collection>('events', 'venues', 'organizers')
      .chain((collection) =>
        someOf(published(collection)).chain((post) =>
          fc.constantFrom(`/${collection}/${post.id}`, `/${collection}/by-slug/${post.slug}`),
        ),
      ),
    someOf(world.terms).map((term) => `/${term.taxonomy}/${term.id}`),
  );
  const collectionPath = fc.constantFrom(
    '/events',
    '/venues',
    '/organizers',
    '/categories',
    '/tags',
  );
  const anyReadPath = fc.oneof(recordPath, collectionPath, fc.constantFrom('/', '/doc'));
  const writeRequest = fc.oneof(
    collectionPath.map((path) => ({ method: 'POST', path })),
    fc
      .tuple(recordPath, fc.constantFrom(...WRITE_METHODS, 'DELETE'))
      .map(([path, method]) => ({ method, path })),
  );
  const anyBody = fc.option(
    fc.oneof(jsonBody(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 1 }))), malformedJson),
    { nil: undefined },
  );

  // Anonymous writes: no credentials, or credentials of a scheme the calendar does not read.
  const anonymousWrite = fc
    .tuple(
      writeRequest,
      fc.option(fc.constantFrom('Bearer x', 'Token x', 'Digest x', 'Basic'), { nil: undefined }),
      anyBody,
    )
    .map(([{ method, path }, authorization, body]) =>
      request('missing auth', method, path, authorization ? { authorization } : {}, body),
    );

  // Credentials that are present but wrong are refused even on public reads.
  const basic = (login: string, password: string) =>
    `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  const normalised = (text: string) => text.replace(/[^a-z0-9]/gi, '');
  const wrongPassword = fc
    .tuple(fc.constantFrom(...Object.keys(world.passwords)), fc.string({ maxLength: 40 }))
    .filter(([login, password]) => {
      const expected = world.passwords[login];
      return !expected || normalised(password) !== normalised(expected);
    })
    .map(([login, password]) => basic(login, password));
  const unknownUser = fc
    .string({ maxLength: 20 })
    .filter((login) => !login.includes(':') && !(login in world.passwords))
    .map((login) => basic(login, 'whatever'));
  const badCredentials = fc.oneof(
    wrongPassword.map((authorization) => ({ authorization })),
    unknownUser.map((authorization) => ({ authorization })),
    brokenAuthorization
      .filter((header) => /^basic\s+\S/i.test(header))
      .map((authorization) => ({ authorization })),
    fc
      .string({ maxLength: 20, unit: 'grapheme-ascii' })
      .filter(
        (nonce) =>
          ![...world.editor, ...world.subscriber].some(
            (headers) => headers['x-wp-nonce'] === nonce.trim(),
          ),
      )
      .map((nonce) => ({ 'x-wp-nonce': nonce })),
  );
  const wrongAuth = fc
    .tuple(
      fc.oneof(
        anyReadPath.map((path) => ({ method: 'GET', path })),
        writeRequest,
      ),
      badCredentials,
      anyBody,
    )
    .map(([{ method, path }, headers, body]) => request('wrong auth', method, path, headers, body));

  const subscriberWrite = fc
    .tuple(writeRequest, someOf(world.subscriber), anyBody)
    .map(([{ method, path }, headers, body]) =>
      request('role may not write', method, path, headers, body),
    );

  const wrongMethod = fc
    .oneof(
      fc.tuple(collectionPath, otherMethod(['GET', 'POST'])),
      fc.tuple(fc.constantFrom('/', '/doc'), otherMethod(['GET'])),
      fc.tuple(
        someOf(world.terms).map((term) => `/${term.taxonomy}/by-slug/${term.slug}`),
        otherMethod([]),
      ),
      fc.tuple(recordPath, otherMethod(['GET', ...WRITE_METHODS, 'DELETE'])),
    )
    .chain(([path, method]) =>
      editor.map((headers) => request('wrong method', method, path, headers)),
    );

  // Ids: digits that name no record, anything else (no route), slugs that name nothing.
  const missingId = fc
    .oneof(
      fc.integer({ min: 1, max: 200 }).map(String),
      fc.constantFrom('0', '007', '9'.repeat(30), '00000000000000000000101'),
    )
    .filter((id) => !postIds.has(Number(id)) && !termIds.has(Number(id)));
  const junkId = junkSegment(
    ['100', 'events', ...slugs],
    (id) => slugs.has(id) || postIds.has(Number(id)) || termIds.has(Number(id)),
  );
  const hiddenOrTrashed = world.posts.filter((post) => post.status !== 'publish' || post.password);
  const itemPath = fc.oneof(
    fc
      .tuple(
        fc.constantFrom('events', 'venues', 'organizers', 'categories', 'tags'),
        fc.oneof(missingId, junkId),
      )
      .map(([collection, id]) => `/${collection}/${id}`),
    fc
      .tuple(fc.constantFrom('events', 'venues', 'organizers'), junkId)
      .map(([collection, slug]) => `/${collection}/by-slug/${slug}`),
  );
  const badId = fc.oneof(
    fc
      .tuple(itemPath, fc.constantFrom('GET', ...WRITE_METHODS, 'DELETE'), editor)
      .map(([path, method, headers]) =>
        request(
          'bad id in path',
          method,
          path,
          headers,
          method === 'GET' || method === 'DELETE' ? undefined : '{}',
        ),
      ),
    // Records anonymous readers may not see (404, or 403 for one in the trash), and trashed
    // records an editor trashes again or updates (410).
    fc
      .tuple(someOf(hiddenOrTrashed.filter((post) => !post.password)), fc.boolean())
      .map(([post, bySlug]) =>
        request(
          'hidden or trashed record',
          'GET',
          bySlug ? `/${post.collection}/by-slug/${post.slug}` : `/${post.collection}/${post.id}`,
          {},
        ),
      ),
    fc
      .tuple(
        someOf(world.posts.filter((post) => post.status === 'trash')),
        editor,
        fc.constantFrom('DELETE', 'PATCH'),
      )
      .map(([post, headers, method]) =>
        request(
          'trashed record',
          method,
          `/${post.collection}/${post.id}`,
          headers,
          method === 'PATCH' ? '{}' : undefined,
        ),
      ),
    fc
      .tuple(
        someOf(world.posts.filter((post) => post.password && post.status === 'publish')),
        fc.option(
          fc.string({ maxLength: 20 }).filter((text) => !world.eventPasswords.includes(text)),
          { nil: undefined },
        ),
      )
      .map(([post, password]) =>
        request(
          'protected event without its password',
          'GET',
          `/${post.collection}/${post.id}${password === undefined ? '' : queryString([['password', password]])}`,
          {},
        ),
      ),
  );

  const page = fc.oneof(
    badIntegerText(1),
    fc.integer({ min: 1_000, max: 1e9 }).map(String),
    fc.constant('1e300'),
  );
  const perPage = badIntegerText(1);
  const date = notADate;
  const ids = fc.oneof(
    badIntegerText(1).filter((text) => text !== ''),
    fc.constantFrom('1,,2', '1,a', ',', '1;2', '[1]', '1 2'),
  );
  const status = fc.constantFrom('bogus', 'PUBLISH', '', 'published', 'trash ');
  const hiddenStatus = fc.constantFrom('draft', 'pending', 'private', 'future', 'trash');
  const pageParams = fc.oneof(
    page.map((value) => ['page', value]),
    perPage.map((value) => ['per_page', value]),
  );
  const eventParam: fc.Arbitrary<[string, string]> = fc.oneof(
    pageParams as fc.Arbitrary<[string, string]>,
    fc.tuple(
      fc.constantFrom(
        'start_date',
        'end_date',
        'starts_before',
        'starts_after',
        'ends_before',
        'ends_after',
      ),
      date,
    ),
    fc.tuple(fc.constantFrom('strict_dates', 'featured', 'ticketed'), badBooleanText),
    fc.tuple(fc.constantFrom('categories', 'tags', 'venue', 'organizer', 'include'), ids),
    fc.tuple(fc.constant('status'), status),
    fc.tuple(fc.constant('post_parent'), badIntegerText(0)),
    fc.tuple(
      fc.constantFrom('geoloc', 'geoloc_lat', 'geoloc_lng'),
      fc.constantFrom('true', '1', '45', '0', 'x', '91', '-181'),
    ),
  );
  const linkedParam: fc.Arbitrary<[string, string]> = fc.oneof(
    pageParams as fc.Arbitrary<[string, string]>,
    fc.tuple(fc.constant('event'), badIntegerText(1)),
    fc.tuple(fc.constantFrom('has_events', 'only_with_upcoming'), badBooleanText),
    fc.tuple(fc.constant('status'), status),
  );
  const termParam = (taxonomy: Taxonomy): fc.Arbitrary<[string, string]> =>
    fc.oneof(
      pageParams as fc.Arbitrary<[string, string]>,
      fc.tuple(fc.constantFrom('include', 'exclude'), ids),
      fc.tuple(fc.constant('order'), fc.constantFrom('up', 'ASC', '', 'random')),
      fc.tuple(fc.constant('orderby'), fc.constantFrom('date', 'ID', '', 'term_order')),
      fc.tuple(fc.constant('hide_empty'), badBooleanText),
      fc.tuple(
        fc.constantFrom('post', 'event'),
        fc.oneof(badIntegerText(1), fc.constantFrom('99999', '424242')),
      ),
      fc.tuple(fc.constant('slug'), fc.constant('')),
      ...(taxonomy === 'categories' ? [fc.tuple(fc.constant('parent'), badIntegerText(0))] : []),
    );
  const listQueries: fc.Arbitrary<{ path: string; params: [string, string][] }> = fc.oneof(
    fc
      .array(eventParam, { minLength: 1, maxLength: 3 })
      .map((params) => ({ path: '/events', params })),
    fc
      .tuple(
        fc.constantFrom('/venues', '/organizers'),
        fc.array(linkedParam, { minLength: 1, maxLength: 3 }),
      )
      .map(([path, params]) => ({ path, params })),
    fc
      .constantFrom<Taxonomy>('categories', 'tags')
      .chain((taxonomy) =>
        fc
          .array(termParam(taxonomy), { minLength: 1, maxLength: 3 })
          .map((params) => ({ path: `/${taxonomy}`, params })),
      ),
    fc.constant({
      path: '/categories',
      params: [
        ['post', '100'],
        ['event', '101'],
      ] as [string, string][],
    }),
    fc.constant({ path: '/events', params: [['geoloc_lat', '52.5']] as [string, string][] }),
    fc
      .tuple(
        fc.constantFrom('namespace', 'context'),
        fc.constantFrom('', 'wp/v2', 'calendar/events/v2', 'bogus'),
      )
      .map(([name, value]) => ({
        path: '/',
        params: [[name, value]] as [string, string][],
      })),
  );
  const badQuery = fc.oneof(
    {
      arbitrary: fc
        .tuple(listQueries, fc.constantFrom<Record<string, string>[]>([{}], world.editor))
        .chain(([{ path, params }, choices]) =>
          fc.constantFrom(...choices).chain((headers) =>
            // Every value of a repeated parameter is bad, so whichever the server reads, it refuses.
            fc
              .boolean()
              .map((repeat) =>
                request(
                  'bad query',
                  'GET',
                  path + queryString(repeat ? [...params, ...params] : params),
                  headers,
                ),
              ),
          ),
        ),
      weight: 5,
    },
    // Statuses other than publish are for editors only.
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom('/events', '/venues', '/organizers'),
          hiddenStatus,
          fc.constantFrom<Record<string, string>[]>([{}], world.subscriber),
        )
        .chain(([path, value, choices]) =>
          fc
            .constantFrom(...choices)
            .map((headers) =>
              request('status for editors only', 'GET', `${path}?status=${value}`, headers),
            ),
        ),
      weight: 1,
    },
  );

  const bodyFor = (target: Collection | Taxonomy, update: boolean): fc.Arbitrary<BodySpec> => {
    const { required, valid, bad } = creates[target];
    const invalid = jsonBody(withOneBadField(update ? {} : valid, bad));
    const regular: fc.Arbitrary<BodySpec>[] = [
      invalid,
      invalid,
      invalid,
      jsonBody(fc.constantFrom(...conflicting[target])),
      malformedJson,
      // An update may be empty; `null` is read as no fields, as WordPress does.
      nonObjectJson(!update),
    ];
    if (!update) {
      const missing = fc
        .subarray(required, { minLength: 1 })
        .map((left) =>
          Object.fromEntries(Object.entries(valid).filter(([key]) => !left.includes(key))),
        );
      regular.push(
        jsonBody(missing),
        jsonBody(withFields(missing, unknownFields)),
        fc.constant('{}'),
      );
    }
    return rarelyHuge(fc.oneof(...regular), [...hugeBodies[target], deeplyNested()]);
  };
  const badBody = fc
    .oneof(
      fc
        .constantFrom<Collection | Taxonomy>('events', 'venues', 'organizers', 'categories', 'tags')
        .map((target) => ({ target, method: 'POST', path: `/${target}`, update: false })),
      fc
        .tuple(
          fc.constantFrom<Collection>('events', 'venues', 'organizers'),
          fc.constantFrom(...WRITE_METHODS),
        )
        .chain(([target, method]) =>
          someOf(published(target)).chain((post) =>
            fc
              .constantFrom(`/${target}/${post.id}`, `/${target}/by-slug/${post.slug}`)
              .map((path) => ({ target, method, path, update: true })),
          ),
        ),
      fc
        .tuple(fc.constantFrom<Taxonomy>('categories', 'tags'), fc.constantFrom(...WRITE_METHODS))
        .map(([target, method]) => ({
          target,
          method,
          path: `/${target}/${UPDATED_TERM[target]}`,
          update: true,
        })),
    )
    .chain(({ target, method, path, update }) =>
      fc
        .tuple(
          bodyFor(target, update),
          editor,
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'application/ld+json',
          ),
        )
        .map(([body, headers, contentType]) =>
          request('bad body', method, path, { ...headers, 'content-type': contentType }, body),
        ),
    );
  // A category may not move under itself or one of its descendants.
  const cycle = editor.map((headers) =>
    request('bad body', 'PATCH', '/categories/1', headers, JSON.stringify({ parent: 2 })),
  );

  return fc.oneof(
    { arbitrary: anonymousWrite, weight: 2 },
    { arbitrary: wrongAuth, weight: 2 },
    { arbitrary: subscriberWrite, weight: 1 },
    { arbitrary: wrongMethod, weight: 2 },
    { arbitrary: badId, weight: 4 },
    { arbitrary: badQuery, weight: 5 },
    { arbitrary: badBody, weight: 8 },
    { arbitrary: cycle, weight: 1 },
  );
}
