import type { $ZodType } from 'zod/v4/core';
import { alternatives, childrenAt } from '../contract/schema-structure';
import { isSecret } from '../contract/secret';
import { REDACTED } from '../redaction/redact';

/** Deeper than any body an interface sends; a value nested further is left as it is. */
const MAX_DEPTH = 64;

/**
 * A copy of `value` in which every value a secret field of `schema` holds is `[redacted]`. The value
 * need not match the schema: fields it does not describe are copied as they are. A union redacts
 * what any of its members marks, since the value may match more than one.
 */
export function redactBySchema(value: unknown, schema: $ZodType | undefined): unknown {
  return schema ? redactAt(value, [schema], 0) : value;
}

/** `value` redacted by what any of `schemas` marks. */
function redactAt(value: unknown, schemas: $ZodType[], depth: number): unknown {
  if (value === undefined || value === null || depth > MAX_DEPTH) return value;
  const all = schemas.flatMap(alternatives);
  if (all.some(isSecret)) return REDACTED;
  if (typeof value !== 'object') return value;
  const at = (key: PropertyKey) =>
    redactAt(
      (value as Record<PropertyKey, unknown>)[key],
      all.flatMap((schema) => childrenAt(schema, key)),
      depth + 1,
    );
  if (Array.isArray(value)) return value.map((_, index) => at(index));
  // fromEntries makes own fields, so a `__proto__` key in a body stays a field.
  return Object.fromEntries(Object.keys(value).map((name) => [name, at(name)]));
}
