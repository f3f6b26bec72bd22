import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { RequestValidationError, validateInput } from './core';

function issuesOf(schema: Parameters<typeof validateInput>[0], value: unknown) {
  try {
    validateInput(schema, value, 'input');
  } catch (error) {
    expect(error).toBeInstanceOf(RequestValidationError);
    return (error as RequestValidationError).issues.map((issue) =>
      `${issue.path} ${issue.message}`.trim(),
    );
  }
  throw new Error('expected a validation error');
}

describe('validateInput', () => {
  it('returns the parsed value when it is valid', () => {
    expect(validateInput(z.object({ a: z.string() }), { a: 'x' }, 'input')).toEqual({ a: 'x' });
  });

  it('names each field and the rule it broke', () => {
    const schema = z.object({
      name: z.string().check(z.minLength(1), z.maxLength(64)),
      url: z.optional(z.string().check(z.refine((v) => URL.canParse(v), 'must be a valid URL'))),
      count: z.int().check(z.minimum(1), z.maximum(100)),
      role: z.enum(['admin', 'read']),
      list: z.array(z.string()).check(z.maxLength(2)),
      kind: z.literal('space'),
      nested: z.object({ deep: z.boolean() }),
      strict: z.strictObject({ a: z.optional(z.string()) }),
    });
    expect(
      issuesOf(schema, {
        name: '',
        url: 'not a url',
        count: 1.5,
        role: 'owner',
        list: ['a', 'b', 'c'],
        kind: 'page',
        nested: { deep: 'yes' },
        strict: { b: 1 },
      }),
    ).toEqual([
      'name must not be empty',
      'url must be a valid URL',
      'count must be an integer, not a fractional number',
      'role must be one of "admin", "read"',
      'list must have at most 2 items',
      'kind must be "space"',
      'nested.deep must be a boolean, not a string',
      'strict has unknown field b',
    ]);
  });

  it('says a missing field is required and describes numeric bounds', () => {
    const schema = z.object({
      title: z.string(),
      n: z.number().check(z.maximum(10)),
      m: z.number().check(z.gt(0)),
    });
    expect(issuesOf(schema, { n: 11, m: 0 })).toEqual([
      'title is required',
      'n must be at most 10',
      'm must be greater than 0',
    ]);
  });

  it('uses the message of a custom rule and formats array paths', () => {
    const schema = z.object({
      events: z.array(
        z.object({
          name: z.string().check(z.refine((v) => v.length > 2, 'must be longer than 2 characters')),
        }),
      ),
    });
    expect(issuesOf(schema, { events: [{ name: 'abc' }, { name: 'x' }] })).toEqual([
      'events[1].name must be longer than 2 characters',
    ]);
  });

  it('puts the subject and every issue in the message', () => {
    expect(() =>
      validateInput(z.object({ a: z.string(), b: z.string() }), {}, 'body of x.y'),
    ).toThrow('Invalid body of x.y: a is required; b is required');
  });
});

describe('unknown fields', () => {
  const message = (schema: Parameters<typeof validateInput>[0], value: unknown) => {
    try {
      validateInput(schema, value, 'query of toy.list');
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('expected a validation error');
  };

  it('are answered with the fields the input knows, once, after the issues', () => {
    const schema = z.strictObject({
      start_date: z.optional(z.string()),
      per_page: z.optional(z.int()),
    });
    expect(message(schema, { startDate: 'x', perPage: 2 })).toBe(
      'Invalid query of toy.list: has unknown fields startDate, perPage (known: start_date, per_page)',
    );
  });

  it('name where the known fields are when the unknown one is nested, once for all items of a list', () => {
    const schema = z.strictObject({
      position: z.optional(
        z.strictObject({ before: z.optional(z.string()), after: z.optional(z.string()) }),
      ),
      events: z.optional(z.array(z.strictObject({ name: z.string() }))),
    });
    expect(message(schema, { position: { befor: 'a' } })).toBe(
      'Invalid query of toy.list: position has unknown field befor (known in position: before, after)',
    );
    expect(
      message(schema, {
        events: [
          { name: 'a', nme: 1 },
          { name: 'b', nme: 2 },
        ],
      }),
    ).toBe(
      'Invalid query of toy.list: events[0] has unknown field nme; events[1] has unknown field nme (known in events[0]: name)',
    );
  });

  it('list the fields of every member of a union, such as two pagination styles', () => {
    const schema = z.union([
      z.strictObject({ from: z.optional(z.string()), take: z.optional(z.int()) }),
      z.strictObject({ page: z.int(), per_page: z.optional(z.int()) }),
    ]);
    expect(message(schema, { take: 1, tak: 2 })).toMatch(
      /has unknown field tak \(known: from, take, page, per_page\)$/,
    );
  });

  it('add nothing to a message without unknown fields', () => {
    expect(message(z.strictObject({ a: z.string() }), { a: 1 })).toBe(
      'Invalid query of toy.list: a must be a string, not a number',
    );
  });
});
