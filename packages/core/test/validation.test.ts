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
