import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { describeIssues, integer, jsonSchemaHint, numberBetween } from '../src/index';
import * as ours from '../src/schema';

/** The issues of a value as `describeIssues` words them, or [] when the schema accepts it. */
function described(schema: z.core.$ZodType, value: unknown) {
  const result = safeParse(schema, value, { reportInput: true });
  return result.success ? [] : describeIssues(result.error.issues);
}

const text = fc.string({ unit: 'binary', maxLength: 12 });
const list = fc.array(fc.integer(), { maxLength: 12 });

describe("core's maxLength and minLength", () => {
  it('accept and refuse exactly what zod’s own checks do, counting a string’s code points, with the same messages', () => {
    fc.assert(
      fc.property(fc.oneof(text, list), fc.nat(8), fc.nat(8), (value, min, max) => {
        const mine = Array.isArray(value)
          ? z.array(z.number()).check(ours.minLength(min), ours.maxLength(max))
          : z.string().check(ours.minLength(min), ours.maxLength(max));
        const zods = Array.isArray(value)
          ? z.array(z.number()).check(z.minLength(min), z.maxLength(max))
          : z.string().check(z.minLength(min), z.maxLength(max));
        expect(described(mine, value)).toEqual(described(zods, value));
      }),
    );
  });

  it('count an emoji as one character', () => {
    expect(described(z.string().check(ours.maxLength(2)), '👍👍')).toEqual([]);
    expect(described(z.string().check(ours.maxLength(1)), '👍👍')).toEqual([
      { path: '', message: 'must be at most 1 characters long' },
    ]);
    expect(described(z.string().check(ours.minLength(2)), '👍')).toEqual([
      { path: '', message: 'must be at least 2 characters long' },
    ]);
  });

  it('leave a value of the wrong type to the type check', () => {
    expect(described(z.string().check(ours.maxLength(1)), 7)).toEqual([
      { path: '', message: 'must be a string, not a number' },
    ]);
  });

  it('give JSON Schema generators the same limits as zod’s own checks', () => {
    const mine = z.object({
      name: z.string().check(ours.minLength(1), ours.maxLength(64)),
      tags: z.array(z.string()).check(ours.minLength(1), ours.maxLength(10)),
    });
    const zods = z.object({
      name: z.string().check(z.minLength(1), z.maxLength(64)),
      tags: z.array(z.string()).check(z.minLength(1), z.maxLength(10)),
    });
    expect(z.toJSONSchema(mine)).toEqual(z.toJSONSchema(zods));
  });
});

describe('integer and numberBetween', () => {
  it('report a broken bound with the words of zod’s own bound checks, every rule at once', () => {
    const bounded = z.number().check(z.minimum(1), z.maximum(10));
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 30 }), (value) => {
        expect(described(integer(1, 10), value)).toEqual(described(bounded, value));
      }),
    );
    expect(described(integer(1, 10), 0.5)).toEqual([
      { path: '', message: 'must be an integer' },
      { path: '', message: 'must be at least 1' },
    ]);
  });

  it('keep numberBetween to its bounds, fractions included', () => {
    expect(described(numberBetween(-90, 90), 45.5)).toEqual([]);
    expect(described(numberBetween(-90, 90), -90.5)).toEqual([
      { path: '', message: 'must be at least -90' },
    ]);
    expect(described(numberBetween(-90, 90), 91)).toEqual([
      { path: '', message: 'must be at most 90' },
    ]);
  });

  it('carry their bounds as a JSON Schema hint, since the check itself is opaque', () => {
    expect(jsonSchemaHint(numberBetween(-180, 180))).toEqual({
      type: 'number',
      minimum: -180,
      maximum: 180,
    });
  });
});
