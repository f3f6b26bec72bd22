/**
 * Contracts mark secret fields with `secret(schema)`, in a zod registry, and the
 * log replaces their values by walking a body with its schema.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { isSecret, secret } from '../src/contract/secret';
import { redactBySchema } from '../src/observability/redact-by-schema';
import { REDACTED } from './core';

const pin = secret(z.string());

describe('secret(schema)', () => {
  it('marks the schema it is given in a zod registry, and leaves other schemas unmarked', () => {
    const marked = secret(z.string());
    expect(isSecret(marked)).toBe(true);
    expect(isSecret(z.string())).toBe(false);
  });

  it('returns the schema itself, which still validates as it did', () => {
    const schema = z.string().check(z.minLength(4));
    expect(secret(schema)).toBe(schema);
    expect(z.safeParse(schema, 'abc').success).toBe(false);
    expect(z.safeParse(schema, 'abcd').success).toBe(true);
  });

  it('marks an instance, not what is made from it later: a check added after the mark is unmarked', () => {
    expect(isSecret(secret(z.string()).check(z.minLength(4)))).toBe(false);
  });

  it('replaces a secret field of an object, and keeps the others and the unknown ones', () => {
    const schema = z.object({ name: z.string(), pin });
    expect(redactBySchema({ name: 'ada', pin: '1234', extra: 'x' }, schema)).toEqual({
      name: 'ada',
      pin: REDACTED,
      extra: 'x',
    });
  });

  it('looks through optional, nullable, default and pipe', () => {
    const schema = z.object({
      a: z.optional(pin),
      b: z.nullable(pin),
      c: z._default(pin, 'x'),
      d: z.pipe(
        pin,
        z.transform((value) => value.length),
      ),
      e: z.optional(z.nullable(z.object({ pin }))),
    });
    expect(redactBySchema({ a: '1', b: null, c: '3', d: '4', e: { pin: '5' } }, schema)).toEqual({
      a: REDACTED,
      b: null,
      c: REDACTED,
      d: REDACTED,
      e: { pin: REDACTED },
    });
  });

  it('walks list items, tuple items, record values and a loose object catchall', () => {
    const schema = z.object({
      list: z.array(z.object({ pin })),
      pair: z.tuple([z.string(), pin]),
      byName: z.record(z.string(), pin),
      loose: z.catchall(z.object({}), pin),
    });
    expect(
      redactBySchema(
        {
          list: [{ pin: '1' }, { pin: '2' }],
          pair: ['a', '3'],
          byName: { x: '4' },
          loose: { y: '5' },
        },
        schema,
      ),
    ).toEqual({
      list: [{ pin: REDACTED }, { pin: REDACTED }],
      pair: ['a', REDACTED],
      byName: { x: REDACTED },
      loose: { y: REDACTED },
    });
  });

  it('replaces what any member of a union or an intersection marks', () => {
    const union = z.union([
      z.object({ type: z.literal('key'), key: pin }),
      z.object({ type: z.literal('password'), password: pin }),
    ]);
    expect(redactBySchema({ type: 'key', key: 'k1' }, union)).toEqual({
      type: 'key',
      key: REDACTED,
    });
    expect(redactBySchema({ type: 'password', password: 'p1' }, union)).toEqual({
      type: 'password',
      password: REDACTED,
    });
    const both = z.intersection(z.object({ a: pin }), z.object({ b: pin }));
    expect(redactBySchema({ a: '1', b: '2', c: '3' }, both)).toEqual({
      a: REDACTED,
      b: REDACTED,
      c: '3',
    });
  });

  it('follows a lazy schema', () => {
    const schema = z.lazy(() => z.object({ pin }));
    expect(redactBySchema({ pin: '1' }, schema)).toEqual({ pin: REDACTED });
  });

  it('copies a value that does not match its schema without failing', () => {
    const schema = z.object({ pin, list: z.array(pin) });
    expect(redactBySchema('text', schema)).toBe('text');
    expect(redactBySchema({ pin: { nested: 1 }, list: 'not a list' }, schema)).toEqual({
      pin: REDACTED,
      list: 'not a list',
    });
  });

  it('keeps a __proto__ key of a parsed body as a field, not as the prototype', () => {
    const body = JSON.parse('{"__proto__": {"pin": "1"}, "pin": "2"}');
    const copy = redactBySchema(body, z.object({ pin })) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__', 'pin']);
    expect(copy.pin).toBe(REDACTED);
  });

  it('leaves the value as it is without a schema', () => {
    const value = { pin: '1' };
    expect(redactBySchema(value, undefined)).toBe(value);
  });
});
