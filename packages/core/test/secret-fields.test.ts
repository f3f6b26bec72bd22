/**
 * Contracts mark secret fields with `secret(schema)`, through zod's public registry API, and the
 * log replaces their values by walking a body with its schema.
 */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { REDACTED } from '../src/index';
import { redactBySchema } from '../src/redact-by-schema';
import { isSecret, secret } from '../src/schema';

const pin = secret(z.string());

describe('secret(schema)', () => {
  it('marks a copy, so that a schema shared by other fields stays unmarked', () => {
    const shared = z.string();
    const marked = secret(shared);
    expect(isSecret(marked)).toBe(true);
    expect(isSecret(shared)).toBe(false);
  });

  it('keeps the mark on checks added after it, and the copy still validates as the original', () => {
    const checked = secret(z.string()).check(z.minLength(4));
    expect(isSecret(checked)).toBe(true);
    expect(z.safeParse(checked, 'abc').success).toBe(false);
    expect(z.safeParse(checked, 'abcd').success).toBe(true);
  });

  it('is seen by another copy of core (the CommonJS build next to the ESM one)', async () => {
    vi.resetModules();
    const other = await import('../src/secret-fields');
    expect(other.isSecret).not.toBe(isSecret);
    expect(other.isSecret(secret(z.string()))).toBe(true);
    expect(isSecret(other.secret(z.string()))).toBe(true);
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
