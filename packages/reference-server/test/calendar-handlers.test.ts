import { calendar } from '@clientkit/contracts/calendar';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CalendarAuth } from '../src/apis/calendar/auth';
import { calendarDescription, calendarOperations } from '../src/apis/calendar/description';
import type { CalendarHandlers } from '../src/apis/calendar/handler-context';
import { createClock } from '../src/clock';
import { mountOperations } from '../src/operations';

const description = calendarDescription(new CalendarAuth(() => [], createClock({ frozen: true })));

/** A handler of every operation of the contract, each answering 204. */
function everyHandler(): CalendarHandlers {
  const answer = () => new Response(null, { status: 204 });
  return Object.fromEntries(
    Object.keys(calendar.operations).map((id) => [id, answer]),
  ) as unknown as CalendarHandlers;
}

describe('the calendar handlers are typed by the contract', () => {
  it('mounts every operation of the contract once, with its methods and path', () => {
    expect(calendarOperations.map((operation) => operation.id)).toEqual(
      Object.keys(calendar.operations),
    );
    const update = calendarOperations.find((operation) => operation.id === 'events.update');
    expect(update).toMatchObject({ methods: ['PUT', 'POST', 'PATCH'], path: '/events/{id}' });
    expect(() => mountOperations(description, everyHandler())).not.toThrow();
  });

  it('a missing handler does not compile, and is refused when the routes are mounted', () => {
    const { 'tags.delete': _leftOut, ...incomplete } = everyHandler();
    // @ts-expect-error every operation of the contract needs its handler
    const handlers: CalendarHandlers = incomplete;
    expect(() => mountOperations(description, handlers)).toThrow('no handler for tags.delete');
  });

  it("a handler's input is typed by its operation's query and body", () => {
    type Input<Id extends keyof CalendarHandlers> = Parameters<CalendarHandlers[Id]>[2];
    expectTypeOf<Input<'events.create'>['body']['title']>().toEqualTypeOf<string>();
    expectTypeOf<Input<'events.list'>['query']['categories']>().toEqualTypeOf<
      number[] | undefined
    >();
    expectTypeOf<Input<'events.get'>['body']>().toEqualTypeOf<undefined>();
    const readsAnotherBody: CalendarHandlers['venues.create'] = (c, _viewer, { body }) => {
      // @ts-expect-error a venue's body has no title: that is an event's
      const title: string = body.title;
      return c.json({ venue: body.venue, title });
    };
    expect(readsAnotherBody).toBeTypeOf('function');
  });
});
