/**
 * The `{id}` and `{slug}` of every route are checked by the contract's params schemas before
 * anything is sent, with one message per argument whatever the wrong value is, so that
 * `events.get(-1)` and `events.get('110')` read the same.
 */
import { CalendarClient, RequestValidationError } from '@clientkit/calendar-client';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUM_RUNS, recordingFetch, SEED } from '../../../test-support/input-properties';
import { notAWholeNumberFrom, refusalOf } from './support/unit';

const { fetch: recordedFetch, calls } = recordingFetch();
const calendar = new CalendarClient({
  apiRoot: 'http://127.0.0.1:9/wp-json',
  retry: 0,
  fetch: recordedFetch,
});

type Call = (argument: never) => PromiseLike<unknown>;

/** Every method that names a record or a term by id, and how it is called with one. */
const byId: [string, Call][] = [
  ['events.get', (id) => calendar.events.get(id)],
  ['events.update', (id) => calendar.events.update(id, { featured: true })],
  ['events.delete', (id) => calendar.events.delete(id)],
  ['venues.get', (id) => calendar.venues.get(id)],
  ['venues.update', (id) => calendar.venues.update(id, { city: 'Boston' })],
  ['venues.delete', (id) => calendar.venues.delete(id)],
  ['organizers.get', (id) => calendar.organizers.get(id)],
  ['organizers.update', (id) => calendar.organizers.update(id, { phone: '555' })],
  ['organizers.delete', (id) => calendar.organizers.delete(id)],
  ['categories.get', (id) => calendar.categories.get(id)],
  ['categories.update', (id) => calendar.categories.update(id, { name: 'Jazz' })],
  ['categories.delete', (id) => calendar.categories.delete(id)],
  ['tags.get', (id) => calendar.tags.get(id)],
  ['tags.update', (id) => calendar.tags.update(id, { name: 'Jazz' })],
  ['tags.delete', (id) => calendar.tags.delete(id)],
];

/** Every method that names a record by slug. */
const bySlug: [string, Call][] = [
  ['events.getBySlug', (slug) => calendar.events.getBySlug(slug)],
  ['events.updateBySlug', (slug) => calendar.events.updateBySlug(slug, { featured: true })],
  ['events.deleteBySlug', (slug) => calendar.events.deleteBySlug(slug)],
  ['venues.getBySlug', (slug) => calendar.venues.getBySlug(slug)],
  ['venues.updateBySlug', (slug) => calendar.venues.updateBySlug(slug, { city: 'Boston' })],
  ['venues.deleteBySlug', (slug) => calendar.venues.deleteBySlug(slug)],
  ['organizers.getBySlug', (slug) => calendar.organizers.getBySlug(slug)],
  ['organizers.updateBySlug', (slug) => calendar.organizers.updateBySlug(slug, { phone: '5' })],
  ['organizers.deleteBySlug', (slug) => calendar.organizers.deleteBySlug(slug)],
];

/** Anything but a whole number from 1: a missing id among them. */
const notAnId = fc.oneof(notAWholeNumberFrom(1), fc.constant(undefined));

/** Anything but non-empty text. */
const notASlug = fc.oneof(
  fc.constantFrom('', null, undefined, 12, true, ['jazz'], { slug: 'jazz' }),
  fc.integer(),
);

describe('path arguments', () => {
  it('every method taking an id refuses anything but a positive whole number with one message naming id, before any request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...byId), notAnId, async ([name, call], id) => {
        const error = await refusalOf(() => call(id as never));
        expect(error.issues).toEqual([{ path: 'id', message: 'must be a positive whole number' }]);
        expect(error.message).toBe(
          `Invalid arguments of calendar.${name}: id must be a positive whole number`,
        );
      }),
      { numRuns: NUM_RUNS * 4, seed: SEED },
    );
    expect(calls).toEqual([]);
  });

  it('every method taking a slug refuses anything but non-empty text with one message naming slug, before any request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bySlug), notASlug, async ([name, call], slug) => {
        const error = await refusalOf(() => call(slug as never));
        expect(error.issues).toEqual([{ path: 'slug', message: 'must be a non-empty string' }]);
        expect(error.message).toBe(
          `Invalid arguments of calendar.${name}: slug must be a non-empty string`,
        );
      }),
      { numRuns: NUM_RUNS * 2, seed: SEED },
    );
    expect(calls).toEqual([]);
  });

  it('sends every whole number from 1 to 2^53 - 1 as the digits of the id segment', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...byId),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        async ([name, call], id) => {
          const before = calls.length;
          const error = await Promise.resolve(call(id as never)).then(
            () => undefined,
            (caught: unknown) => caught,
          );
          expect(error).not.toBeInstanceOf(RequestValidationError);
          const [input] = calls[before] as [Request | string];
          const url = new URL(input instanceof Request ? input.url : input);
          expect(url.pathname).toBe(`/wp-json/calendar/events/v1/${name.split('.')[0]}/${id}`);
        },
      ),
      { numRuns: NUM_RUNS, seed: SEED },
    );
  });
});
