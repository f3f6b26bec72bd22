import type { metering } from '@clientkit/contracts/metering';
import { describe, expectTypeOf, it } from 'vitest';
import type { HandlersOf } from '../src/operations';

type Handlers = HandlersOf<typeof metering, { livemode: boolean }>;
type InputOf<Id extends keyof Handlers> = Parameters<Handlers[Id]>[2];

const answer = (..._read: unknown[]) => new Response('{}');

describe('the metering handlers are typed by the contract', () => {
  it('hands the stream handler the checked events and the session handler no body', () => {
    expectTypeOf<InputOf<'createMeterEventStream'>['body']['events'][number]>().toMatchTypeOf<{
      event_name: string;
      payload: Record<string, string>;
      identifier?: string | undefined;
    }>();
    expectTypeOf<InputOf<'createMeterEventSession'>['body']>().toEqualTypeOf<undefined>();
  });

  it('does not compile without a handler for each operation, nor with one reading a body it lacks', () => {
    // @ts-expect-error the stream's handler is missing
    const missing: Handlers = { createMeterEventSession: answer };
    const wrongBody: Handlers = {
      // @ts-expect-error a session request has no body to read events from
      createMeterEventSession: (_c, _principal, input) => answer(input.body.events),
      createMeterEventStream: answer,
    };
    expectTypeOf(missing).not.toBeAny();
    expectTypeOf(wrongBody).not.toBeAny();
  });
});
