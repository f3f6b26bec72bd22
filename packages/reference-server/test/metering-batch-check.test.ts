import { MeterEventStreamBody } from '@clientkit/contracts/metering';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeParse } from 'zod/v4/core';
import { isCertainlyValidBatch } from '../src/apis/metering/batch-check';

/** Values near the edges of every rule: lengths 0, 1, 100, 101, 5000, 5001, odd keys, odd timestamps. */
// Valid values are weighted up, so that a batch breaks one rule at a time often enough.
const name = fc.oneof(
  { arbitrary: fc.constant('api_call'), weight: 6 },
  fc.string({ minLength: 0, maxLength: 3 }),
  fc.constantFrom('x'.repeat(100), 'x'.repeat(101), 'api_call'),
  fc.integer(),
  fc.constant(null),
);
const timestamp = fc.oneof(
  { arbitrary: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()), weight: 6 },
  fc.constantFrom(
    '2026-06-01T09:30:00Z',
    '2026-06-01T09:30:00+02:00',
    '2026-06-01T09:30:00',
    '2026-02-30T09:30:00Z',
    '2026-06-01',
    '',
  ),
  fc.string(),
  fc.integer(),
);
const payload = fc.oneof(
  { arbitrary: fc.constant({ value: '1' }), weight: 3 },
  fc.dictionary(fc.string(), fc.string()),
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.constant(null))),
  fc.constantFrom(
    { ['k'.repeat(100)]: 'v'.repeat(5000) },
    { ['k'.repeat(101)]: 'v' },
    { k: 'v'.repeat(5001) },
    { k: 'v'.repeat(5001) },
    { ['k'.repeat(101)]: 'v' },
    [],
    'text',
  ),
);
const event = fc.oneof(
  {
    arbitrary: fc.record(
      { event_name: name, payload, identifier: name, timestamp },
      { requiredKeys: ['event_name', 'payload'] },
    ),
    weight: 4,
  },
  fc.record(
    { event_name: name, payload, identifier: name, timestamp, extra: fc.string() },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);
/** An event that keeps every rule, so that a batch of them with one odd event breaks one rule. */
const validEvent = fc.record(
  {
    event_name: fc.constantFrom('api_call', 'x'.repeat(100)),
    payload: fc.oneof(fc.constant({ value: '1' }), fc.dictionary(fc.string(), fc.string())),
    identifier: fc.uuid(),
    timestamp: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  },
  { requiredKeys: ['event_name', 'payload'] },
);
/** Bodies as the server gets them: JSON text, parsed (so `__proto__` arrives as an own key). */
const body = fc
  .oneof(
    {
      arbitrary: fc
        .tuple(fc.array(validEvent, { maxLength: 3 }), event)
        .map(([valid, odd]) => ({ events: [...valid, odd] })),
      weight: 6,
    },
    fc.record({ events: fc.array(event, { minLength: 0, maxLength: 4 }) }),
    fc.record({ events: fc.array(event, { maxLength: 2 }), more: fc.string() }),
    fc.constant({ events: Array.from({ length: 101 }, () => ({ event_name: 'a', payload: {} })) }),
    fc.jsonValue(),
  )
  .map((value) => JSON.parse(JSON.stringify(value) ?? 'null') as unknown)
  .chain((value) =>
    fc.oneof(
      { arbitrary: fc.constant(value), weight: 9 },
      fc.constant(
        JSON.parse('{"events":[{"event_name":"a","payload":{"__proto__":"x"}}]}') as unknown,
      ),
    ),
  );

describe("the stream's fast check of a batch", () => {
  it('accepts only what the MeterEventStreamBody schema accepts, exactly as the schema returns it', () => {
    fc.assert(
      fc.property(body, (input) => {
        if (!isCertainlyValidBatch(input)) return;
        const parsed = safeParse(MeterEventStreamBody, input);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toEqual(input);
      }),
      { numRuns: 5000 },
    );
  });

  it('decides the common case itself: a batch of ordinary events', () => {
    const events = Array.from({ length: 100 }, (_, i) => ({
      event_name: 'api_call',
      payload: { stripe_customer_id: `cus_${i}`, value: '1' },
      identifier: `id_${i}`,
      timestamp: '2026-06-01T09:30:00.000Z',
    }));
    expect(isCertainlyValidBatch({ events })).toBe(true);
    expect(isCertainlyValidBatch({ events: [...events, events[0]] })).toBe(false);
    expect(
      isCertainlyValidBatch({ events: [{ ...events[0], payload: { ['k'.repeat(101)]: '1' } }] }),
    ).toBe(false);
    expect(
      isCertainlyValidBatch({ events: [{ ...events[0], payload: { v: 'v'.repeat(5001) } }] }),
    ).toBe(false);
  });
});
