import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { checkEvent } from '../src/event-check';
import { RequestValidationError } from '../src/index';
import { MeterEvent } from '../src/schemas';

/** Values near the edges of every rule: lengths 0, 1, 100, 101, 5000, 5001, odd keys, odd timestamps. */
const name = fc.oneof(
  fc.string({ minLength: 0, maxLength: 3 }),
  fc.constantFrom('x'.repeat(100), 'x'.repeat(101), 'api_call'),
  fc.integer(),
  fc.constant(undefined),
  fc.constant(null),
);
const timestamp = fc.oneof(
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constantFrom(
    '2026-06-01T09:30:00Z',
    '2026-06-01T09:30:00+02:00',
    '2026-06-01T09:30Z',
    '2026-06-01T09:30:00.123456789Z',
    '2026-06-01T09:30:00',
    '2026-02-30T09:30:00Z',
    '2026-13-01T09:30:00Z',
    '2026-06-01',
    '',
  ),
  fc.string(),
  fc.integer(),
);
const payload = fc.oneof(
  fc.dictionary(fc.string(), fc.string()),
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
  fc.constantFrom({ ['__proto__']: 'x' }, JSON.parse('{"__proto__":"x"}'), Object.create(null), []),
  fc.constantFrom(
    { ['k'.repeat(100)]: 'v'.repeat(5000) },
    { ['k'.repeat(101)]: 'v' },
    { k: 'v'.repeat(5001) },
  ),
  fc.constant(undefined),
  fc.string(),
);
const event = fc.oneof(
  fc.record(
    { event_name: name, payload, identifier: name, timestamp, extra: fc.string() },
    { requiredKeys: [] },
  ),
  fc.anything(),
);

describe('checkEvent', () => {
  it('accepts exactly what the MeterEvent schema accepts, and copies it with an identifier', () => {
    fc.assert(
      fc.property(event, (input) => {
        const parsed = safeParse(MeterEvent, input);
        let checked: ReturnType<typeof checkEvent> | undefined;
        let error: unknown;
        try {
          checked = checkEvent(input as never);
        } catch (caught) {
          error = caught;
        }
        if (!parsed.success) {
          expect(error).toBeInstanceOf(RequestValidationError);
          return;
        }
        expect(error).toBeUndefined();
        const { identifier, ...rest } = checked!;
        const { identifier: given, ...expected } = parsed.data;
        expect(rest).toEqual(JSON.parse(JSON.stringify(expected)));
        expect(identifier).toBe(given ?? identifier);
        expect(typeof identifier).toBe('string');
        expect(checked).not.toBe(input);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a payload key named __proto__ by name, however the key was made', () => {
    for (const payload of [
      JSON.parse('{"__proto__":"x","stripe_customer_id":"c"}'),
      { ['__proto__']: 'x', stripe_customer_id: 'c' },
      Object.defineProperty({ stripe_customer_id: 'c' }, '__proto__', {
        value: 'x',
        enumerable: true,
      }),
    ]) {
      let error: unknown;
      try {
        checkEvent({ event_name: 'api_call', payload });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(RequestValidationError);
      expect((error as RequestValidationError).issues).toEqual([
        {
          path: 'payload',
          message:
            'must not have a key named __proto__ (JavaScript objects cannot keep it as data)',
        },
      ]);
    }
  });

  it('gives each event without an identifier a different UUID', () => {
    const first = checkEvent({ event_name: 'a', payload: {} });
    const second = checkEvent({ event_name: 'a', payload: {} });
    expect(first.identifier).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(first.identifier).not.toBe(second.identifier);
  });
});
