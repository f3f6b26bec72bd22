import type { $ZodType } from 'zod/v4/core';

/** The mark of a secret schema, in its definition: every copy of core knows it. */
const SECRET = Symbol.for('clientkit.secret');

type Marked = { def?: Record<PropertyKey, unknown> };

/**
 * `schema`, marked as a secret (a token, a key, a password): logs show `[redacted]` in its place.
 * The mark is on a copy, so that a schema shared by other fields stays unmarked there; it is part of
 * the copy's definition, which zod carries over to the schemas checks make from it.
 *
 * @example
 * const APITemporaryToken = z.object({ token: secret(z.string()), expiresAt: z.string() });
 */
export function secret<S extends $ZodType>(schema: S): S {
  const { def } = schema as S & Marked;
  return (schema as S & { clone(def: unknown): S }).clone({ ...def, [SECRET]: true });
}

/** Whether a contract marked `schema` (or the schema it was made from) as a secret. */
export function isSecret(schema: $ZodType): boolean {
  return (schema as Marked).def?.[SECRET] === true;
}
