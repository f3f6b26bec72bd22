import { RequestValidationError } from '@clientkit/core';
import { validateInput } from '@clientkit/core/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  emailString,
  httpUrlString,
  integer,
  isoDateTimeString,
  numberBetween,
  record,
} from '../src/index';

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

describe('schema builders', () => {
  const schema = z.object({
    role: z.optional(z.enum(['admin', 'read'])),
    meta: z.optional(z.record(z.string(), z.string())),
    extra: z.optional(z.record(z.string(), z.unknown())),
    email: z.optional(emailString()),
    site: z.optional(httpUrlString()),
    when: z.optional(isoDateTimeString()),
    count: z.optional(integer(1, 10)),
  });

  it('accept what their names promise', () => {
    const value = {
      role: 'read',
      meta: { team: 'docs' },
      extra: { any: [1] },
      email: 'ada@example.org',
      site: 'https://example.org/',
      when: '2026-06-01T09:30:00Z',
      count: 10,
    };
    expect(validateInput(schema, value, 'input')).toEqual(value);
  });

  it('refuse anything else with a message that says what the field must be', () => {
    expect(
      issuesOf(schema, {
        role: 'owner',
        meta: { team: 7 },
        extra: ['not', 'a', 'map'],
        email: 'ada@',
        site: 'ftp://example.org',
        when: '2026-13-45',
        count: 1.5,
      }),
    ).toEqual([
      'role must be one of "admin", "read"',
      'meta.team must be a string, not a number',
      'extra must be an object, not an array',
      'email must be a valid email address',
      'site must be an http(s) URL',
      'when must be an ISO 8601 date-time',
      'count must be an integer, not a fractional number',
    ]);
    expect(issuesOf(schema, { count: 11 })).toEqual(['count must be at most 10']);
  });

  it("are zod's own schemas, which zod's JSON Schema generator documents with their bounds", () => {
    const json = (schema: z.core.$ZodType) => {
      const { $schema: _, ...rest } = z.toJSONSchema(schema) as Record<string, unknown>;
      return rest;
    };
    expect(json(integer(1, 50))).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 });
    expect(json(integer(0))).toMatchObject({ type: 'integer', minimum: 0 });
    expect(json(numberBetween(-90, 90))).toEqual({ type: 'number', minimum: -90, maximum: 90 });
  });

  it('type the fields of a record without an index signature, and let unknown fields through', () => {
    const Space = record({ id: z.string() });
    const parsed = validateInput(Space, { id: 's1', added: true }, 'answer');
    expect(parsed).toEqual({ id: 's1', added: true });
    // @ts-expect-error a field the record does not declare is a compile error
    expect(parsed.titel).toBeUndefined();
  });
});
