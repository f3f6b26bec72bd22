/**
 * Every id the calendar takes, in a path, a filter or a body, is checked by one rule with one
 * message, before anything is sent: `events.get(-1)`, `events.get('110')` and
 * `events.list({ include: [-1] })` read the same. Page numbers and page sizes follow the same rule.
 * Parents are the one exception: 0 names the top level, and their message says so.
 */
import { basicAuth, CalendarClient, RequestValidationError } from '@clientkit/calendar-client';
import { calendar, Id, ParentId, PerPage } from '@clientkit/contracts/calendar';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUM_RUNS, recordingFetch, SEED } from '../../../test-support/input-properties';
import { notAWholeNumberFrom, refusalOf } from './support/unit';

const ID_MESSAGE = 'must be a positive whole number';
const PARENT_MESSAGE = 'must be 0 or a positive whole number';

const { fetch: recordedFetch, calls } = recordingFetch();
const calendarClient = new CalendarClient({
  apiRoot: 'http://127.0.0.1:9/wp-json',
  auth: basicAuth('editor', 'application password'),
  retry: 0,
  fetch: recordedFetch,
});
const { events, venues, organizers, categories, tags } = calendarClient;

const event = {
  title: 'Lighthouse Sessions',
  start_date: '2030-07-01 19:30:00',
  end_date: '2030-07-01 22:00:00',
};

type Call = (id: never) => PromiseLike<unknown>;

/** Each place an id goes, as the issue names it, and a call that puts the value there. */
const idFields: [string, string, Call][] = [
  ['events.get', 'id', (id) => events.get(id)],
  ['tags.update', 'id', (id) => tags.update(id, { name: 'Jazz' })],
  ['events.list', 'categories[0]', (id) => events.list({ categories: [id] })],
  ['events.list', 'tags[0]', (id) => events.list({ tags: [id] })],
  ['events.list', 'venue[0]', (id) => events.list({ venue: [id] })],
  ['events.list', 'organizer[0]', (id) => events.list({ organizer: [id] })],
  ['events.list', 'include[1]', (id) => events.list({ include: [7, id] })],
  ['venues.list', 'event', (id) => venues.list({ event: id })],
  ['organizers.list', 'event', (id) => organizers.list({ event: id })],
  ['categories.list', 'post', (id) => categories.list({ post: id })],
  ['categories.list', 'include[0]', (id) => categories.list({ include: [id] })],
  ['tags.list', 'event', (id) => tags.list({ event: id })],
  ['tags.list', 'exclude[0]', (id) => tags.list({ exclude: [id] })],
  ['events.create', 'author', (id) => events.create({ ...event, author: id })],
  ['events.create', 'venue[0]', (id) => events.create({ ...event, venue: [id] })],
  ['events.create', 'organizer[0]', (id) => events.create({ ...event, organizer: [id] })],
  ['events.update', 'categories[0]', (id) => events.update(3, { categories: [id] })],
  ['events.update', 'tags[0]', (id) => events.update(3, { tags: [id] })],
  ['venues.create', 'author', (id) => venues.create({ venue: 'Stage', author: id })],
  ['organizers.update', 'author', (id) => organizers.update(3, { author: id })],
];

/** Each place a parent's id (or 0) goes. */
const parentFields: [string, string, Call][] = [
  ['events.list', 'post_parent', (id) => events.list({ post_parent: id })],
  ['categories.list', 'parent', (id) => categories.list({ parent: id })],
  ['categories.create', 'parent', (id) => categories.create({ name: 'Jazz', parent: id })],
  ['categories.update', 'parent', (id) => categories.update(3, { parent: id })],
];

/** The fields of a schema, with optional, nullable and list wrappers taken off each. */
function fieldsOf(schema: unknown): [string, { _zod: { def: Record<string, unknown> } }][] {
  const shape = (schema as { _zod?: { def: { shape?: object } } } | undefined)?._zod?.def.shape;
  return Object.entries(shape ?? {}).map(([name, field]) => {
    let inner = field as { _zod: { def: Record<string, unknown> } };
    while (['optional', 'nullable', 'array'].includes(inner._zod.def.type as string)) {
      const def = inner._zod.def;
      inner = (def.type === 'array' ? def.element : def.innerType) as typeof inner;
    }
    return [name, inner];
  });
}

describe('calendar ids', () => {
  it('refuses anything but a positive whole number with one message wherever an id is given (path, filter or body), before any request', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...idFields),
        notAWholeNumberFrom(1),
        async ([, path, call], id) => {
          expect((await refusalOf(() => call(id as never))).issues).toEqual([
            { path, message: ID_MESSAGE },
          ]);
        },
      ),
      { numRuns: NUM_RUNS * 4, seed: SEED },
    );
    expect(calls).toEqual([]);
  });

  it("refuses events.get(-1) and events.get('110') with the same message, which says what an id is", async () => {
    const message = `Invalid arguments of calendar.events.get: id ${ID_MESSAGE}`;
    await expect(events.get(-1)).rejects.toThrow(message);
    await expect(events.get('110' as never)).rejects.toThrow(message);
    expect(calls).toEqual([]);
  });

  it('refuses a parent that is neither 0 nor a positive whole number with one message that names 0, before any request', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...parentFields),
        notAWholeNumberFrom(0),
        async ([, path, call], id) => {
          expect((await refusalOf(() => call(id as never))).issues).toEqual([
            { path, message: PARENT_MESSAGE },
          ]);
        },
      ),
      { numRuns: NUM_RUNS * 2, seed: SEED },
    );
    expect(calls).toEqual([]);
  });

  it('sends 1 and 2^53 - 1 as ids, and 0 as a parent', async () => {
    const sent = async (call: () => PromiseLike<unknown>) => {
      const before = calls.length;
      await Promise.resolve()
        .then(call)
        .catch((error: unknown) => expect(error).not.toBeInstanceOf(RequestValidationError));
      const [input] = calls[before] as [Request | string];
      return decodeURIComponent(new URL(input instanceof Request ? input.url : input).search);
    };
    expect(await sent(() => events.list({ include: [1, Number.MAX_SAFE_INTEGER] }))).toBe(
      `?include=1,${Number.MAX_SAFE_INTEGER}`,
    );
    expect(await sent(() => categories.list({ parent: 0 }))).toBe('?parent=0');
    expect(await sent(() => events.list({ post_parent: 0 }))).toBe('?post_parent=0');
  });

  it('checks every whole number of every operation by the id rule (ids, parents, pages and page sizes): no field is a bare zod integer with messages of its own', () => {
    const bareIntegers = new Set<string>();
    const byIdRule = new Set<string>();
    for (const operation of Object.values(calendar.operations)) {
      const parts = operation as { params?: unknown; query?: unknown; body?: unknown };
      for (const schema of [parts.params, parts.query, parts.body]) {
        for (const [name, field] of fieldsOf(schema)) {
          const def = field._zod.def;
          if (def.type === 'number' && def.format !== undefined) bareIntegers.add(name);
          if ([Id, ParentId, PerPage].includes(field as never)) byIdRule.add(name);
        }
      }
    }
    expect([...bareIntegers]).toEqual([]);
    expect([...byIdRule].sort()).toEqual([
      'author',
      'categories',
      'event',
      'exclude',
      'id',
      'include',
      'organizer',
      'page',
      'parent',
      'per_page',
      'post',
      'post_parent',
      'tags',
      'venue',
    ]);
  });
});
