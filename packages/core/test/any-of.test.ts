import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { safeParse } from 'zod/v4/core';
import { anyOf, describeIssues, emailString, httpUrlString, oneOf } from '../src/index';

function outcome(schema: z.core.$ZodType, value: unknown) {
  const result = safeParse(schema, value, { reportInput: true });
  return result.success ? { data: result.data } : { issues: describeIssues(result.error.issues) };
}

/** The shapes the clients build unions of: literals and formats, objects told apart by `type`, nulls. */
const shapes = () => ({
  flag: [z.boolean(), oneOf(['true', 'false', '1', '0'])],
  emptyOrUrl: [oneOf(['']), httpUrlString()],
  emptyOrEmail: [oneOf(['']), emailString()],
  textOrNumber: [z.string().check(z.maxLength(5)), z.number()],
  pointer: [
    z.strictObject({ type: z.literal('space'), space: z.string() }),
    z.strictObject({ type: z.literal('collection'), collection: z.string() }),
  ],
  level: [z.enum(['admin', 'read']), z.null(), z.literal('inherit')],
  rules: [
    z.looseObject({ type: z.literal('inherit') }),
    z.looseObject({ type: z.literal('rules'), rules: z.array(z.string()).check(z.maxLength(2)) }),
  ],
  listOrMap: [z.array(z.string()), z.strictObject({ a: z.optional(z.string()) })],
});

const values = fc.oneof(
  fc.constantFrom(
    true,
    'true',
    '1',
    '',
    'https://example.org/',
    'ftp://x',
    'ada@example.org',
    'abcdef',
    4,
    null,
    undefined,
    'admin',
    'inherit',
    { type: 'space', space: 's1' },
    { type: 'space', collection: 'c1' },
    { type: 'collection', collection: 'c1', extra: 1 },
    { type: 'rules', rules: ['a', 'b', 'c'] },
    { type: 'rules', rules: 'x' },
    { type: 'other' },
    { a: 'x' },
    { a: 1, b: 2 },
    ['a', 1],
  ),
  fc.anything(),
);

describe('anyOf', () => {
  it('accepts, transforms and refuses exactly as z.union does, with the same messages', () => {
    for (const [name, options] of Object.entries(shapes())) {
      fc.assert(
        fc.property(values, (value) => {
          expect([name, outcome(anyOf(options), value)]).toEqual([
            name,
            outcome(z.union(options), value),
          ]);
        }),
        { numRuns: 300 },
      );
    }
  });

  it('explains a miss on the literal field that tells object shapes apart', () => {
    const pointer = anyOf(shapes().pointer);
    expect(outcome(pointer, { type: 'page', page: 'p1' })).toEqual({
      issues: [{ path: 'type', message: 'must be one of "space", "collection"' }],
    });
  });

  it('gives the value of the first option that accepts it, transformed as that option transforms it', () => {
    const trimmed = z.string().check(z.overwrite((text: string) => text.trim()));
    expect(outcome(anyOf([z.number(), trimmed]), '  x ')).toEqual({ data: 'x' });
  });

  it('is described to JSON Schema generators as the same union', () => {
    for (const options of Object.values(shapes())) {
      expect(z.toJSONSchema(anyOf(options), { unrepresentable: 'any' })).toEqual(
        z.toJSONSchema(z.union(options), { unrepresentable: 'any' }),
      );
    }
  });
});
