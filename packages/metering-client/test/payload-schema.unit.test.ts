import { describeIssues, jsonSchemaHint } from '@clientkit/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { payloadSchema } from '../src/payload-schema';

const RULE = 'must not have a key named __proto__';

/** What the payload schema was before: a custom check of the key __proto__, piped into zod's record. */
const zodPayload = z.pipe(
  z.custom<unknown>(
    (value) => typeof value !== 'object' || value === null || !Object.hasOwn(value, '__proto__'),
    RULE,
  ),
  z.record(z.string().check(z.maxLength(3)), z.string().check(z.maxLength(4))),
);

function outcome(schema: z.core.$ZodType, value: unknown) {
  const result = safeParse(schema, value, { reportInput: true });
  return result.success ? { data: result.data } : { issues: describeIssues(result.error.issues) };
}

const odd = fc.constantFrom(
  { ['__proto__']: 'x' },
  JSON.parse('{"__proto__":"x","a":"b"}'),
  Object.create(null),
  Object.assign(Object.create(null), { a: 'b', bcde: 'c' }),
  { [Symbol('s')]: 'x', a: 'b' },
  Object.defineProperty({ a: 'b' }, 'hidden', { value: 7, enumerable: false }),
  [],
  ['a'],
  new Date(0),
  new (class Thing {
    a = 'b';
  })(),
  { '👍👍👍': '👍👍👍👍', '👍👍👍👍': 'x' },
  { constructor: 'x' },
  null,
  undefined,
  7,
);
const payloads = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 6 })),
  fc.dictionary(
    fc.string({ maxLength: 5 }),
    fc.oneof(fc.string({ maxLength: 6 }), fc.integer(), fc.constant(null), fc.object()),
  ),
  odd,
  fc.anything(),
);

describe('the payload schema', () => {
  it('accepts, copies and refuses exactly as zod’s pipe into record did, with the same messages', () => {
    const ours = payloadSchema(3, 4, RULE);
    fc.assert(
      fc.property(payloads, (value) => {
        expect(outcome(ours, value)).toEqual(outcome(zodPayload, value));
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a key named __proto__ by name and reports nothing else about that payload', () => {
    const value = JSON.parse('{"__proto__":"x","toolong":7}');
    expect(outcome(payloadSchema(3, 4, RULE), value)).toEqual({
      issues: [{ path: '', message: RULE }],
    });
  });

  it('names each key that is too long and each value that is not a short string', () => {
    expect(outcome(payloadSchema(3, 4, RULE), { abcd: 'x', a: 'abcde', b: 1 })).toEqual({
      issues: [
        { path: 'abcd', message: 'has a key that is not allowed' },
        { path: 'a', message: 'must be at most 4 characters long' },
        { path: 'b', message: 'must be a string, not a number' },
      ],
    });
  });

  it('carries the JSON Schema of what it accepts', () => {
    expect(jsonSchemaHint(payloadSchema(3, 4, RULE))).toEqual({
      type: 'object',
      propertyNames: { maxLength: 3 },
      additionalProperties: { type: 'string', maxLength: 4 },
    });
  });
});
