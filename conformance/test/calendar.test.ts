import { describe, expect, it } from 'vitest';
import { CALENDAR, type CalendarAnswer, useCalendarConformance } from './calendar-harness';
import { pluginFieldProblems, type RecordKind, recordsIn } from './calendar-plugin-records';

/**
 * The calendar has no official JavaScript client: its answers are checked against the interface's
 * own OpenAPI document, and every record in them field by field against what the plugin answers.
 */
const cal = useCalendarConformance();

function conforms(answer: CalendarAnswer, status: number, kind?: RecordKind): void {
  expect(answer.problems).toEqual([]);
  expect(answer.status).toBe(status);
  if (!kind) return;
  const records = recordsIn(answer.body, kind);
  expect(records.length).toBeGreaterThan(0);
  expect(records.flatMap(({ kind: k, record, at }) => pluginFieldProblems(k, record, at))).toEqual(
    [],
  );
}

type Row = [
  operationId: string,
  method: string,
  path: string,
  options: { body?: unknown; write?: boolean; status?: number; kind?: RecordKind },
];

const event = {
  title: 'Harbour concert',
  start_date: '2026-07-01 19:00:00',
  end_date: '2026-07-01 21:00:00',
};

/** Every operation of the specification's endpoint table, each method of it once. */
const operations: Row[] = [
  ['getIndex', 'GET', '', {}],
  ['getDoc', 'GET', '/doc', {}],
  ['events.list', 'GET', '/events', { kind: 'event' }],
  ['events.create', 'POST', '/events', { body: event, write: true, status: 201, kind: 'event' }],
  ['events.get', 'GET', '/events/108', { kind: 'event' }],
  ...(['post', 'put', 'patch'] as const).map(
    (method): Row => [
      `events.update.${method}`,
      method.toUpperCase(),
      '/events/108',
      { body: { title: `Festival (${method})` }, write: true, kind: 'event' },
    ],
  ),
  ['events.delete', 'DELETE', '/events/109', { write: true, kind: 'event' }],
  ['events.getBySlug', 'GET', '/events/by-slug/pottery-workshop', { kind: 'event' }],
  ...(['post', 'put', 'patch'] as const).map(
    (method): Row => [
      `events.updateBySlug.${method}`,
      method.toUpperCase(),
      '/events/by-slug/pottery-workshop',
      { body: { featured: true }, write: true, kind: 'event' },
    ],
  ),
  [
    'events.deleteBySlug',
    'DELETE',
    '/events/by-slug/pottery-workshop',
    { write: true, kind: 'event' },
  ],
  ...linkedPostRows('venues', 'venue', { venue: 'Pier 4' }, 10, 'harbour-hall'),
  ...linkedPostRows(
    'organizers',
    'organizer',
    { organizer: 'Dock Choir' },
    20,
    'city-arts-council',
  ),
  ...termRows('categories', 3, 4),
  ...termRows('tags', 6, 8),
];

function linkedPostRows(
  plural: string,
  kind: RecordKind,
  create: Record<string, string>,
  id: number,
  slug: string,
): Row[] {
  const methods = ['post', 'put', 'patch'] as const;
  return [
    [`${plural}.list`, 'GET', `/${plural}`, { kind }],
    [`${plural}.create`, 'POST', `/${plural}`, { body: create, write: true, status: 201, kind }],
    [`${plural}.get`, 'GET', `/${plural}/${id}`, { kind }],
    ...methods.map(
      (m): Row => [
        `${plural}.update.${m}`,
        m.toUpperCase(),
        `/${plural}/${id}`,
        { body: { description: m }, write: true, kind },
      ],
    ),
    [`${plural}.delete`, 'DELETE', `/${plural}/${id}`, { write: true, kind }],
    [`${plural}.getBySlug`, 'GET', `/${plural}/by-slug/${slug}`, { kind }],
    ...methods.map(
      (m): Row => [
        `${plural}.updateBySlug.${m}`,
        m.toUpperCase(),
        `/${plural}/by-slug/${slug}`,
        { body: { description: m }, write: true, kind },
      ],
    ),
    [`${plural}.deleteBySlug`, 'DELETE', `/${plural}/by-slug/${slug}`, { write: true, kind }],
  ];
}

function termRows(plural: string, id: number, unused: number): Row[] {
  return [
    [`${plural}.list`, 'GET', `/${plural}`, { kind: 'term' }],
    [
      `${plural}.create`,
      'POST',
      `/${plural}`,
      { body: { name: 'Harbour' }, write: true, status: 201, kind: 'term' },
    ],
    [`${plural}.get`, 'GET', `/${plural}/${id}`, { kind: 'term' }],
    ...(['post', 'put', 'patch'] as const).map(
      (m): Row => [
        `${plural}.update.${m}`,
        m.toUpperCase(),
        `/${plural}/${id}`,
        { body: { description: m }, write: true, kind: 'term' },
      ],
    ),
    [`${plural}.delete`, 'DELETE', `/${plural}/${unused}`, { write: true, kind: 'term' }],
  ];
}

describe('calendar: every operation answers as its document and the plugin describe', () => {
  it.each(operations)(
    '%s (%s %s) validates against the document, records field by field',
    async (id, method, path, options) => {
      const answer = await cal.call(id, method, `${CALENDAR}${path}`, {
        ...(options.write ? { auth: cal.editor } : {}),
        ...(options.body === undefined ? {} : { body: options.body }),
      });
      conforms(answer, options.status ?? 200, options.kind);
    },
  );
});

describe('calendar: discovery', () => {
  it('GET {api_root} answers the REST root index with the calendar namespace and its routes', async () => {
    const response = await fetch(`${cal.url}/wp-json/`);
    expect(response.status).toBe(200);
    const root = (await response.json()) as {
      namespaces: string[];
      routes: Record<string, unknown>;
    };
    expect(root.namespaces).toContain('calendar/events/v1');
    expect(Object.keys(root.routes)).toEqual(
      expect.arrayContaining(['/', '/calendar/events/v1', '/calendar/events/v1/events']),
    );
  });

  it('the namespace index advertises the defaults of namespace, context, page and per_page, with integer types', async () => {
    const answer = await cal.call('getIndex', 'GET', CALENDAR);
    conforms(answer, 200);
    const routes = (
      answer.body as {
        routes: Record<
          string,
          { endpoints: { args: Record<string, { default?: unknown; type?: string }> }[] }
        >;
      }
    ).routes;
    const indexArgs = routes['/calendar/events/v1']!.endpoints[0]!.args;
    expect(indexArgs.namespace?.default).toBe('calendar/events/v1');
    expect(indexArgs.context?.default).toBe('view');
    for (const list of ['events', 'venues', 'organizers', 'categories', 'tags']) {
      const args = routes[`/calendar/events/v1/${list}`]!.endpoints[0]!.args;
      expect(args.page).toMatchObject({ type: 'integer', default: 1 });
      expect(args.per_page).toMatchObject({ type: 'integer', default: 10 });
    }
  });
});

describe('calendar: the fields the plugin derives', () => {
  it('an event splits its local and UTC dates into parts and names its time zone', async () => {
    const answer = await cal.call('events.get', 'GET', `${CALENDAR}/events/100`);
    conforms(answer, 200, 'event');
    const body = answer.body as Record<string, string> & Record<string, Record<string, string>>;
    const [date, time] = body.start_date!.split(' ') as [string, string];
    expect(body.start_date_details).toEqual({
      year: date.slice(0, 4),
      month: date.slice(5, 7),
      day: date.slice(8, 10),
      hour: time.slice(0, 2),
      minutes: time.slice(3, 5),
      seconds: time.slice(6, 8),
    });
    expect(body.utc_start_date_details?.hour).toBe(body.utc_start_date!.slice(11, 13));
    // America/New_York in May keeps summer time.
    expect(body.timezone_abbr).toBe('EDT');
  });

  it("an event's cost details give its currency and the amounts of its cost", async () => {
    const answer = await cal.call('events.get', 'GET', `${CALENDAR}/events/108`);
    conforms(answer, 200, 'event');
    expect((answer.body as { cost_details: unknown }).cost_details).toEqual({
      currency_symbol: '€',
      currency_position: 'suffix',
      values: ['25'],
    });
  });

  it('events, venues and organizers carry a global id of the site host and post id, which starts their lineage', async () => {
    for (const [id, path] of [
      ['events.get', '/events/108'],
      ['venues.get', '/venues/10'],
      ['organizers.get', '/organizers/21'],
    ] as const) {
      const answer = await cal.call(id, 'GET', `${CALENDAR}${path}`);
      const record = answer.body as { id: number; global_id: string; global_id_lineage: string[] };
      expect(record.global_id).toBe(`127.0.0.1?id=${record.id}`);
      expect(record.global_id_lineage).toEqual([record.global_id]);
    }
  });

  it('venues and organizers carry their excerpt', async () => {
    expect(
      ((await cal.call('venues.get', 'GET', `${CALENDAR}/venues/10`)).body as { excerpt: string })
        .excerpt,
    ).toBe('Waterfront concerts');
    expect(
      (
        (await cal.call('organizers.get', 'GET', `${CALENDAR}/organizers/21`)).body as {
          excerpt: string;
        }
      ).excerpt,
    ).toBe('Weekly jams');
  });
});

describe('calendar: writes and errors as WordPress answers them', () => {
  it('a create accepts a form-encoded body, lists as name[] and booleans as 1', async () => {
    const answer = await cal.call('events.create', 'POST', `${CALENDAR}/events`, {
      auth: cal.editor,
      form: { ...event, all_day: '1', categories: ['1', '3'], cost: '10 - 15' },
    });
    conforms(answer, 201, 'event');
    const created = answer.body as {
      all_day: boolean;
      categories: { id: number }[];
      cost_details: { values: string[] };
    };
    expect(created.all_day).toBe(true);
    expect(created.categories.map((term) => term.id)).toEqual([1, 3]);
    expect(created.cost_details.values).toEqual(['10', '15']);
  });

  it('an update accepts a form-encoded body', async () => {
    const answer = await cal.call('venues.update.patch', 'PATCH', `${CALENDAR}/venues/10`, {
      auth: cal.editor,
      form: { city: 'Salem', show_map: 'false' },
    });
    conforms(answer, 200, 'venue');
    expect(answer.body).toMatchObject({ city: 'Salem', show_map: false });
  });

  it('a form-encoded body with a bad value is refused with rest_invalid_param', async () => {
    const answer = await cal.call('events.create', 'POST', `${CALENDAR}/events`, {
      auth: cal.editor,
      form: { ...event, venue: 'harbour' },
    });
    conforms(answer, 400);
    expect(answer.body).toMatchObject({ code: 'rest_invalid_param' });
  });

  it('a form field named __proto__ is an unknown field like any other: ignored, as WordPress does', async () => {
    const answer = await cal.call('tags.create', 'POST', `${CALENDAR}/tags`, {
      auth: cal.editor,
      form: Object.fromEntries([
        ['name', 'Harbour'],
        ['__proto__', 'x'],
      ]),
    });
    conforms(answer, 201, 'term');
    expect(answer.body).toMatchObject({ name: 'Harbour', slug: 'harbour' });
    expect(Object.getPrototypeOf(answer.body)).toBe(Object.prototype);
  });

  it.each([
    ['events.get', '/events/999', 'event-not-found'],
    ['events.getBySlug', '/events/by-slug/nothing', 'event-not-found'],
    ['venues.get', '/venues/999', 'venue-not-found'],
    ['organizers.get', '/organizers/999', 'organizer-not-found'],
    ['categories.get', '/categories/999', 'term-not-found'],
    ['tags.get', '/tags/999', 'term-not-found'],
  ])('%s of a missing record answers 404 with the plugin code (%s: %s)', async (id, path, code) => {
    const answer = await cal.call(id, 'GET', `${CALENDAR}${path}`);
    conforms(answer, 404);
    expect(answer.body).toMatchObject({ code, data: { status: 404 } });
  });
});
